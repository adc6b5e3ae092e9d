import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { wholeOutput } from '../../src/opencode/whole-output.js';

// Payloads shaped as OpenCode 1.18.33 passes them to tool.execute.after (seen in test/hosts/opencode.test.ts).
const dir = mkdtempSync(join(tmpdir(), 'cm-oc-whole-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const ERROR = 'ERROR disk quota exceeded at step 1500';
const lines = Array.from({ length: 3000 }, (_, i) =>
  i === 1500 ? ERROR : `test case ${i} passed in ${i % 97} ms ....`,
);
const whole = `${lines.join('\n')}\n`;
const store = join(dir, 'data', 'tool-output');
mkdirSync(store, { recursive: true });
const saved = join(store, 'tool_24384f4480012zpkmd3K5mad9n');
writeFileSync(saved, whole);
const windowText = (path: string) =>
  `...output truncated...\n\nFull output saved to: ${path}\n\n${lines.slice(1600).join('\n')}`;

test('a cut bash output is read whole from the file OpenCode saved it in, so the error line before the window is kept', () => {
  const text = wholeOutput('bash', { command: 'npm test' }, windowText(saved), { outputPath: saved, truncated: true });
  assert.equal(text, whole);
  assert.ok(text.includes(ERROR));
});

test('the saved file is found from the text when the metadata does not name it', () => {
  assert.equal(wholeOutput('bash', {}, windowText(saved), {}), whole);
});

test("a path outside OpenCode's tool-output store, a link, or a file that is not this output leaves the passed text", () => {
  const secret = join(dir, 'secret.txt');
  writeFileSync(secret, whole);
  assert.equal(wholeOutput('bash', {}, windowText(secret), {}), windowText(secret));
  const link = join(store, 'tool_link1');
  symlinkSync(saved, link);
  assert.equal(wholeOutput('bash', {}, windowText(link), { outputPath: link }), windowText(link));
  const other = join(store, 'tool_other1');
  writeFileSync(other, 'some other command output\n'.repeat(100));
  assert.equal(wholeOutput('bash', {}, windowText(other), { outputPath: other }), windowText(other));
  assert.equal(wholeOutput('bash', {}, windowText(join(store, 'tool_gone')), {}), windowText(join(store, 'tool_gone')));
});

test('a read OpenCode stopped at 50 KB gives the whole file; a read the model paged itself is left alone', () => {
  const file = join(dir, 'build.log');
  writeFileSync(file, whole);
  const capped = `<path>${file}</path>\n<type>file</type>\n<content>\n1: test case 0 passed\n\n(Output capped at 50 KB. Showing lines 1-932. Use offset=933 to continue.)\n</content>`;
  assert.equal(wholeOutput('read', { filePath: file }, capped, { truncated: true }), whole);
  assert.equal(wholeOutput('read', { filePath: file, offset: 933 }, capped, { truncated: true }), capped);
  const complete = '<path>x</path>\n<content>\n1: short\n</content>';
  assert.equal(wholeOutput('read', { filePath: file }, complete, { truncated: false }), complete);
});

test('a binary file or a short output passes through as OpenCode gave it', () => {
  const bin = join(dir, 'image.bin');
  writeFileSync(bin, Buffer.from([0x89, 0x50, 0x00, 0x01, 0x02]));
  assert.equal(
    wholeOutput('read', { filePath: bin }, 'Use offset=10 to continue', { truncated: true }),
    'Use offset=10 to continue',
  );
  assert.equal(wholeOutput('bash', { command: 'ls' }, 'a\nb\n', {}), 'a\nb\n');
});
