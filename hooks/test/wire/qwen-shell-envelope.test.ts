import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { getHost } from '@context-mode/shared/platforms/host-table';
import { bookedRawBytes } from '../../src/events/booked-raw.js';
import { formatOutcome } from '../../src/format/format-outcome.js';
import { envelopeText } from '../../src/wire/response-envelope.js';

const QWEN = getHost('qwen-code').savedOutput?.value;

const dir = mkdtempSync(join(tmpdir(), 'cm-qwen-envelope-'));
after(() => rmSync(dir, { recursive: true, force: true }));

// Shapes as Qwen Code 0.24.4 passes them to PostToolUse (test/hosts/qwen-code.test.ts runs the real host).
const lines = Array.from({ length: 3000 }, (_, i) => (i === 1500 ? 'ERROR disk quota exceeded' : `test case ${i} ok`));
const whole = `Command: node run.js\nDirectory: (root)\nOutput: ${lines.join('\n')}\n`;

function preview(path: string): string {
  return [
    'Tool output was too large and has been truncated.',
    `The full output has been saved to: ${path}`,
    'To read the complete output, use the read_file tool with the absolute file path above.',
    'Truncated part of the output:',
    whole.slice(0, 2000),
    '---\n... [CONTENT TRUNCATED] ...\n---',
    whole.slice(-2000),
  ].join('\n');
}

test('Qwen shell output: the digest is built from the whole output in the file Qwen saved, not its preview', () => {
  const file = join(dir, 'run_shell_command_abc123.output');
  writeFileSync(file, whole);
  const { text } = envelopeText({ llmContent: preview(file), returnDisplay: { type: 'shell_result' } }, QWEN);
  assert.equal(text, whole);
  assert.ok(text.includes('\nERROR disk quota exceeded\n'));
});

test('Qwen shell output: a file that is not Qwen’s copy of this output is not read', () => {
  const other = join(dir, 'notes.txt');
  writeFileSync(other, whole);
  assert.equal(envelopeText({ llmContent: preview(other) }, QWEN).text, preview(other), 'not in Qwen’s naming');
  const different = join(dir, 'run_shell_command_other.output');
  writeFileSync(different, 'something else entirely\n'.repeat(100));
  assert.equal(envelopeText({ llmContent: preview(different) }, QWEN).text, preview(different), 'not this output');
  const link = join(dir, 'run_shell_command_link.output');
  symlinkSync(join(dir, 'run_shell_command_abc123.output'), link);
  assert.equal(envelopeText({ llmContent: preview(link) }, QWEN).text, preview(link), 'a link');
  const missing = join(dir, 'run_shell_command_gone.output');
  assert.equal(envelopeText({ llmContent: preview(missing) }, QWEN).text, preview(missing), 'missing');
  assert.equal(envelopeText({ llmContent: 'short' }).text, 'short');
});

test('Qwen: a long shell output is booked as the ~4.4 KB Qwen would have passed; a read page as itself', () => {
  const qwen = getHost('qwen-code');
  assert.equal(bookedRawBytes(qwen, 'Bash', 106_853), 4_400);
  assert.equal(bookedRawBytes(qwen, 'run_shell_command', 20_000), 20_000, 'below the cut the model gets it all');
  assert.equal(bookedRawBytes(qwen, 'Read', 25_062), 25_062);
});

test('Qwen: a replaced output is a PostToolUse stop whose reason is the digest, for built-in and MCP tools', () => {
  const qwen = getHost('qwen-code');
  for (const toolName of ['read_file', 'mcp__github__get_issue']) {
    const out = formatOutcome(qwen, 'post-tool', { kind: 'replace-output', text: 'digest' }, { toolName });
    assert.deepEqual(JSON.parse(out.stdout), { continue: false, stopReason: 'digest' });
  }
  const pre = formatOutcome(qwen, 'pre-tool', { kind: 'replace-output', text: 'digest' });
  assert.equal(pre.stdout, '', 'only after the tool ran');
});
