import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseEngineOutput, runEngine } from '../../src/engine/engine-cli.js';
import { describePlan, isInGitRepo, isSetupPlan, summarisePlan } from '../../src/workspace/setup-plan.js';
import type { SetupFilePlan, SetupPlan } from '../../../shared/src/protocol/setup.js';

const cli = fileURLToPath(new URL('../../../server/bin/context-mode.cjs', import.meta.url));

// Typed with the engine's contract: a change to its shape fails the type check here.
const file = (path: string, action: SetupFilePlan['action'], extra: Partial<SetupFilePlan> = {}): SetupFilePlan => ({
  path,
  scope: 'project',
  format: 'json',
  parts: ['hooks'],
  action,
  diff: '',
  ...extra,
});
const plan = (files: SetupFilePlan[], ok = true): SetupPlan => ({
  schema: 'context-mode.setup-plan/1',
  command: 'setup',
  dryRun: true,
  applied: false,
  project: '/ws',
  scope: 'project',
  ok,
  hosts: [{ host: 'vscode-copilot', displayName: 'VS Code', notes: ['a note'], files }],
});
const readOnly = file('/ws/.github/copilot-instructions.md', 'error', {
  error: {
    code: 'read-only',
    message: '/ws/.github/copilot-instructions.md is read-only',
    fix: 'Make it writable (chmod u+w "/ws/.github/copilot-instructions.md") and run the command again.',
  },
});

test('a plan with a file the engine cannot write is refused with the reason and the fix, naming the file relative to the workspace', () => {
  const s = summarisePlan(plan([file('/ws/.github/hooks/context-mode.json', 'create'), readOnly], false));
  assert.deepEqual(
    s.errors.map((f) => f.path),
    ['/ws/.github/copilot-instructions.md'],
  );
  assert.equal(s.upToDate, false);
  const text = describePlan(s, '/ws');
  assert.match(
    text,
    /^context-mode cannot set up Copilot in this workspace: \.github\/copilot-instructions\.md: \.github\/copilot-instructions\.md is read-only Make it writable/,
  );
  assert.doesNotMatch(text, /\(create\)/, 'no offer to write the other file: setup would refuse the whole host');
});

test('changes are listed with their action; unchanged files are not, and nothing to change means already set up', () => {
  const s = summarisePlan(
    plan([
      file('/ws/.github/hooks/context-mode.json', 'create'),
      file('/ws/.github/copilot-instructions.md', 'update'),
      file('/ws/x', 'unchanged'),
    ]),
  );
  assert.deepEqual(
    s.changes.map((f) => f.action),
    ['create', 'update'],
  );
  assert.equal(s.errors.length, 0);
  const text = describePlan(s, '/ws');
  assert.match(
    text,
    /\.github\/hooks\/context-mode\.json \(create\), \.github\/copilot-instructions\.md \(update\)\. Your own content/,
  );
  assert.doesNotMatch(text, /not a git repository/);
  assert.equal(
    describePlan(summarisePlan(plan([file('/ws/x', 'unchanged')])), '/ws'),
    'context-mode is already set up in this workspace.',
  );
});

test('outside a git repository the offer says the files are meant to be committed and work without git', () => {
  const s = summarisePlan(plan([file('/ws/.github/hooks/context-mode.json', 'create')]));
  assert.match(
    describePlan(s, '/ws', false),
    /not a git repository: these are team-shared files meant to be committed, and they work without git too/,
  );
});

test('a workspace is in a git repository when it or a parent folder holds .git', () => {
  const has = (paths: string[]) => (p: string) => paths.includes(p);
  assert.equal(isInGitRepo('/home/u/repo', has(['/home/u/repo/.git'])), true);
  assert.equal(isInGitRepo('/home/u/repo/packages/app/', has(['/home/u/repo/.git'])), true);
  assert.equal(isInGitRepo('/home/u/scratch', has(['/home/u/repo/.git'])), false);
  assert.equal(isInGitRepo('C:\\work\\repo\\sub', has(['C:\\work\\repo/.git'])), true);
});

test('only a setup plan is accepted from an engine that exits 1; an error document or other JSON stays a failure', () => {
  const text = JSON.stringify(plan([readOnly], false));
  const accepted = parseEngineOutput(text, '', 1, isSetupPlan);
  assert.ok(accepted.ok);
  assert.equal(parseEngineOutput(text, '', 1).ok, false, 'without the check the old behaviour holds');
  assert.equal(parseEngineOutput(text, '', 2, isSetupPlan).ok, false, 'a crash (exit 2) is not a plan');
  const err = parseEngineOutput('{"schema":"context-mode.error/1","code":"usage","message":"bad"}', '', 1, isSetupPlan);
  assert.deepEqual(err, { ok: false, error: { schema: 'context-mode.error/1', code: 'usage', message: 'bad' } });
  assert.equal(parseEngineOutput('{"schema":"context-mode.stats/1","hosts":[]}', '', 1, isSetupPlan).ok, false);
});

test("the real engine's dry run in a workspace with a read-only instructions file reaches the refusal, not 'The engine failed'", async (t) => {
  const root = mkdtempSync(join(tmpdir(), 'cm-ext-setup-'));
  t.after(() => rmSync(root, { recursive: true, force: true }));
  const ws = join(root, 'ws');
  mkdirSync(join(ws, '.github'), { recursive: true });
  execFileSync('git', ['init', '-q', ws]);
  const instructions = join(ws, '.github', 'copilot-instructions.md');
  writeFileSync(instructions, '# Team rules\n');
  chmodSync(instructions, 0o444);
  const env = { CONTEXT_MODE_HOME: join(root, 'cm'), HOME: join(root, 'home') };
  const args = [
    'setup',
    '--host',
    'vscode-copilot',
    '--project',
    ws,
    '--scope',
    'project',
    '--parts',
    'hooks,instructions',
    '--dry-run',
    '--json',
  ];
  const result = await runEngine<SetupPlan>({ node: process.execPath, cli, env, cwd: ws }, args, {
    acceptOnExit1: isSetupPlan,
  });
  assert.ok(result.ok, JSON.stringify(result));
  const text = describePlan(
    summarisePlan(result.value),
    ws,
    isInGitRepo(ws, (p) => p === join(ws, '.git')),
  );
  assert.match(text, /cannot set up Copilot in this workspace: \.github\/copilot-instructions\.md: .*read-only/);
});
