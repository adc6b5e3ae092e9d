import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import type { SavedOutput } from '@context-mode/shared/platforms/types';
import { savedOutputText, withoutSavedOutputFields } from '../../src/wire/saved-output.js';

const dir = mkdtempSync(join(tmpdir(), 'cm-saved-output-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const lines = Array.from({ length: 2000 }, (_, i) =>
  i === 1000 ? 'FATAL: index corrupt at page 77' : `row ${i} loaded fine`,
);
const whole = `${lines.join('\n')}\n`;
const preview = (path: string): string => `[cut] whole output kept at: ${path}\n${whole.slice(0, 1500)}\n[cut]`;

test('a host described only by table facts gets its cut output read whole, under the same safety checks', () => {
  // A made-up host: its saved-output facts are all the reader needs.
  const spec: SavedOutput = {
    textMarker: 'whole output kept at: (\\S+)',
    fileName: '^out_\\d+\\.log$',
    dir: 'spill',
    sameOutput: 'holds-lines',
    notes: '^\\[cut\\]',
  };
  mkdirSync(join(dir, 'spill'));
  const saved = join(dir, 'spill', 'out_42.log');
  writeFileSync(saved, whole);
  assert.equal(savedOutputText(spec, preview(saved)), whole);
  assert.match(savedOutputText(spec, preview(saved)) ?? '', /FATAL: index corrupt/);

  const elsewhere = join(dir, 'out_42.log');
  writeFileSync(elsewhere, whole);
  assert.equal(savedOutputText(spec, preview(elsewhere)), undefined, 'outside the host folder');
  const misnamed = join(dir, 'spill', 'secrets.log');
  writeFileSync(misnamed, whole);
  assert.equal(savedOutputText(spec, preview(misnamed)), undefined, 'not in the host naming');
  const other = join(dir, 'spill', 'out_7.log');
  writeFileSync(other, 'something else entirely\n'.repeat(100));
  assert.equal(savedOutputText(spec, preview(other)), undefined, 'a different output');
  assert.equal(savedOutputText(spec, preview('spill/out_1.log')), undefined, 'a relative path');
});

test("a replacement drops the fields that point at the host's copy of the original", () => {
  const rest = withoutSavedOutputFields({ stdout: 'x', persistedOutputPath: '/t/o.txt', persistedOutputSize: 9 });
  assert.deepEqual(rest, { stdout: 'x' });
});
