import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { getHost } from '@context-mode/shared/platforms/host-table';
import { bookedRawBytes } from '../../src/events/booked-raw.js';
import { readPersistedOutput } from '../../src/wire/persisted-output.js';
import { envelopeText } from '../../src/wire/response-envelope.js';

const dir = mkdtempSync(join(tmpdir(), 'cm-host-cut-'));
after(() => rmSync(dir, { recursive: true, force: true }));

test('Claude Code: a Bash output above 30,000 characters is booked as the 2 KB preview Claude would have shown', () => {
  const claude = getHost('claude-code');
  assert.equal(bookedRawBytes(claude, 'Bash', 106_583), 2048);
  assert.equal(bookedRawBytes(claude, 'Bash', 20_000), 20_000, 'below the cut the model gets it all');
  assert.equal(bookedRawBytes(claude, 'Read', 83_040), 83_040, 'Read is cut before the hook sees it');
  assert.equal(bookedRawBytes(getHost('gemini-cli'), 'Bash', 106_583), 40_000);
});

test('OpenCode: its own names for the cut tools count (bash, read); long output is booked as the 50 KB it would have passed', () => {
  const opencode = getHost('opencode');
  assert.equal(bookedRawBytes(opencode, 'bash', 104_000), 50_000);
  assert.equal(bookedRawBytes(opencode, 'read', 116_000), 50_000);
  assert.equal(bookedRawBytes(opencode, 'bash', 20_000), 20_000);
  assert.equal(bookedRawBytes(opencode, 'webfetch', 116_000), 116_000, 'a tool the host does not cut');
});

test('the persisted file is read only when it is a regular file that begins with the text the host passed', () => {
  const whole = 'line one\n'.repeat(10_000) + 'ERROR at the end\n';
  const file = join(dir, 'out.txt');
  writeFileSync(file, whole);
  const passed = whole.slice(0, 30_000);
  assert.equal(readPersistedOutput(file, passed), whole);
  assert.equal(readPersistedOutput('relative/out.txt', passed), undefined);
  assert.equal(readPersistedOutput(join(dir, 'missing.txt'), passed), undefined);
  mkdirSync(join(dir, 'a-dir'));
  assert.equal(readPersistedOutput(join(dir, 'a-dir'), passed), undefined);
  symlinkSync(file, join(dir, 'link.txt'));
  assert.equal(readPersistedOutput(join(dir, 'link.txt'), passed), undefined);
  assert.equal(readPersistedOutput(file, 'something else'), undefined);
  assert.equal(readPersistedOutput(42, passed), undefined);
});

test("envelopeText gives the whole persisted output and Claude's reported size", () => {
  const whole = 'ok\n'.repeat(20_000) + 'ERROR boom\n';
  const file = join(dir, 'bash.txt');
  writeFileSync(file, whole);
  const claude = getHost('claude-code').savedOutput?.value;
  const response = {
    stdout: whole.slice(0, 29_999),
    stderr: '',
    persistedOutputPath: file,
    persistedOutputSize: whole.length,
  };
  const t = envelopeText(response, claude);
  assert.equal(t.text, whole);
  assert.equal(t.hostReportedBytes, whole.length);
  const gone = envelopeText({ stdout: 'partial', stderr: '', persistedOutputPath: join(dir, 'nope.txt') }, claude);
  assert.equal(gone.text, 'partial');
  // Another host's rules never apply: the same response from Qwen Code reads no file.
  assert.equal(envelopeText(response, getHost('qwen-code').savedOutput?.value).text, whole.slice(0, 29_999));
  // An empty passed text proves nothing about a file: it is not read.
  assert.equal(envelopeText({ ...response, stdout: '' }, claude).text, '');
});
