// `kill -9` at any point of a real `ctxmode setup` process: every file is whole (the host can read it) and holds
// all the user wrote, the next setup does not wait for the dead process's lock, and an uninstall after it gives
// back the exact bytes from before the first setup.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { parse as parseJsonc, type ParseError } from 'jsonc-parser/lib/esm/main.js';
import { parse as parseToml } from 'smol-toml';
import { getHost } from '@context-mode/shared/platforms/host-table';
import { runSetup } from '../../src/setup/run-setup.js';
import { runUninstall } from '../../src/setup/run-uninstall.js';
import { removeTempWorlds, tempWorld } from './temp-world.js';

after(removeTempWorlds);

const BIN = fileURLToPath(new URL('../../bin/context-mode.cjs', import.meta.url));
const HOSTS = ['claude-code', 'gemini-cli', 'codex'] as const;
const USER = {
  '.claude/settings.json': '{\n  // mine\n  "permissions": { "allow": ["Bash(ls)"] },\n}\n',
  '.gemini/settings.json': '{\r\n\t"theme": "Dracula"\r\n}\r\n',
  '.codex/config.toml': '# my codex config\nmodel = "o4"\n',
};

/** Starts a real setup and kills it with SIGKILL after `ms`; resolves once it is gone (true: it was killed). */
function setupKilledAfter(w: ReturnType<typeof tempWorld>, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, 'setup', '--host', HOSTS.join(','), '--project', w.project], {
      env: w.env,
      stdio: 'ignore',
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), ms);
    child.on('exit', (_code, signal) => {
      clearTimeout(timer);
      resolve(signal === 'SIGKILL');
    });
  });
}

function assertWholeAndTheUsers(w: ReturnType<typeof tempWorld>, when: string): void {
  for (const [rel, text] of Object.entries(USER)) {
    const file = join(w.home, rel);
    const now = readFileSync(file, 'utf8');
    if (rel.endsWith('.toml')) parseToml(now);
    else {
      const errors: ParseError[] = [];
      parseJsonc(now, errors, { allowTrailingComma: true });
      assert.deepEqual(errors, [], `${when}: ${rel} parses`);
    }
    for (const line of text.split(/\r?\n/).filter((l) => /\w/.test(l)))
      assert.ok(now.includes(line.trim().replace(/,$/, '')), `${when}: ${rel} lost ${line}`);
  }
}

test('kill -9 during setup, at many points: files stay whole, the lock is taken over, uninstall restores every byte', async () => {
  const w = tempWorld('cm-kill-');
  for (const [rel, text] of Object.entries(USER)) {
    mkdirSync(dirname(join(w.home, rel)), { recursive: true });
    writeFileSync(join(w.home, rel), text);
  }
  // From before the process has started to after it has finished (a setup of three hosts takes ~0.3 s here, more
  // on a loaded machine): the writes fall somewhere in between.
  let killed = 0;
  for (let ms = 0; ms <= 600; ms += 20) {
    if (await setupKilledAfter(w, ms)) killed++;
    assertWholeAndTheUsers(w, `killed at ${ms} ms`);
  }
  assert.ok(killed > 3, `${killed} setups were killed before they finished`);
  const opts = {
    hosts: HOSTS.map((h) => getHost(h)),
    scope: 'user' as const,
    project: w.project,
    env: w.env,
    home: w.home,
  };
  const started = Date.now();
  const plan = runSetup(opts);
  assert.ok(Date.now() - started < 30_000, 'a dead holder’s lock is taken over at once, not after a minute');
  assert.equal(plan.ok, true, JSON.stringify(plan.hosts.flatMap((h) => h.files.filter((f) => f.error))));
  assertWholeAndTheUsers(w, 'after a full setup');
  runUninstall(opts);
  for (const [rel, text] of Object.entries(USER)) assert.equal(readFileSync(join(w.home, rel), 'utf8'), text, rel);
  assert.equal(existsSync(join(w.home, '.codex/hooks.json')), false, 'a file setup created is gone');
});

test('a lock left by a killed process is taken over at once', () => {
  const w = tempWorld('cm-kill-');
  const lock = join(w.env.CONTEXT_MODE_HOME!, 'setup', 'state.lock');
  mkdirSync(dirname(lock), { recursive: true });
  // A pid that cannot be running: beyond pid_max on Linux.
  writeFileSync(lock, '4194305\n');
  const started = Date.now();
  const plan = runSetup({
    hosts: [getHost('claude-code')],
    scope: 'user',
    project: w.project,
    env: w.env,
    home: w.home,
  });
  assert.equal(plan.ok, true);
  assert.ok(Date.now() - started < 10_000, `took ${Date.now() - started} ms`);
  assert.equal(existsSync(lock), false, 'released after');
});
