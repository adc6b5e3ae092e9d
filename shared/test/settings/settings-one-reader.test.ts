import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SETTINGS_DIR = join(ROOT, 'shared/src/settings');

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) {
      if (p !== SETTINGS_DIR) sourceFiles(p, out);
    } else if (p.endsWith('.ts')) out.push(p);
  }
  return out;
}

// A read is `<anything>.CONTEXT_MODE_X` or `<anything>["CONTEXT_MODE_X"]` not followed by an assignment: the engine may
// still set variables for its own children, but only the settings module parses what a user set.
const READ = /(?:\.|\[['"])(CONTEXT_MODE_[A-Z0-9_]+)['"]?\]?(?!\s*=[^=])/g;

test('only the settings module reads CONTEXT_MODE_* variables, so every reader agrees on a value', () => {
  const stray: string[] = [];
  for (const dir of ['shared/src', 'hooks/src', 'server/src']) {
    for (const file of sourceFiles(join(ROOT, dir))) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(READ)) {
        const line = text.slice(0, m.index).split('\n').length;
        stray.push(`${relative(ROOT, file)}:${line} reads ${m[1]}`);
      }
    }
  }
  assert.deepEqual(stray, [], 'read these through readSetting()/readSettings() in shared/src/settings/settings.ts');
});

test('messages and environments name a setting through settingName(), never a copy of its spelling', async () => {
  const { SETTINGS } = await import('@context-mode/shared/settings/settings');
  const names = new Set<string>(Object.values(SETTINGS).map((s) => s.name));
  const copies: string[] = [];
  for (const dir of ['shared/src', 'hooks/src', 'server/src']) {
    for (const file of sourceFiles(join(ROOT, dir))) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/['"](CONTEXT_MODE_[A-Z0-9_]+)['"]/g)) {
        if (!names.has(m[1]!)) continue;
        copies.push(`${relative(ROOT, file)}:${text.slice(0, m.index).split('\n').length} spells ${m[1]}`);
      }
    }
  }
  assert.deepEqual(copies, []);
});
