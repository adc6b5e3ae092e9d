import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { getHost } from '@context-mode/shared/platforms/host-table';
import { checkInsideProject } from '@context-mode/shared/policy/path-boundary';
import type { Decision } from '../../src/core/decision.js';
import { FILE_MISSING, routePreToolUse, type RouteInput } from '../../src/routing/route-pre-tool.js';

// A temp project and, beside it, a big log that exists but lies outside the project.
const base = mkdtempSync(join(tmpdir(), 'cm-outside-'));
const project = join(base, 'project');
const outsideLog = join(base, 'elsewhere', 'system.log');
mkdirSync(join(project, 'logs'), { recursive: true });
mkdirSync(join(base, 'elsewhere'));
const lines = Array.from({ length: 4000 }, (_, i) => `line ${i + 1} of a long log`).join('\n');
writeFileSync(outsideLog, `${lines}\n`);
writeFileSync(join(project, 'logs', 'app.log'), `${lines}\n`);
after(() => rmSync(base, { recursive: true, force: true }));

function fileSize(path: string): number | undefined {
  try {
    return statSync(path).size;
  } catch {
    return FILE_MISSING;
  }
}

function route(over: Partial<RouteInput>): Decision {
  return routePreToolUse({
    toolName: 'Bash',
    host: getHost('claude-code'),
    projectDir: project,
    sessionId: 's1',
    isSubagent: false,
    serverLive: true,
    env: {},
    fileSize,
    ...over,
  });
}

/** The `code` argument of the ctx_execute call a text names, JSON-decoded. */
function executeCode(text: string): string {
  const m = /ctx_execute\(language: "shell", code: ("(?:[^"\\]|\\.)*")/.exec(text);
  assert.ok(m, `no ctx_execute call in: ${text}`);
  return JSON.parse(m[1]!) as string;
}

test('cat of a big file outside the project names a ctx_execute command that prints its tail, not ctx_index', () => {
  const d = route({ toolInput: { command: `cat ${outsideLog}` } });
  assert.equal(d.action, 'modify');
  if (d.action !== 'modify') return;
  assert.doesNotMatch(d.reason ?? '', /ctx_index|ctx_execute_file/);
  // The named call works: run from the project dir as the sandbox does, it prints the file's last lines.
  const out = execFileSync('sh', ['-c', executeCode(d.reason ?? '')], { cwd: project, encoding: 'utf8' });
  assert.match(out, /line 4000 of a long log\n$/);
  assert.equal(out.split('\n').length - 1, 200);
});

test('cat of a big file inside the project still names ctx_index on a path the server accepts', () => {
  const d = route({ toolInput: { command: 'cat logs/app.log' } });
  assert.equal(d.action, 'modify');
  if (d.action !== 'modify') return;
  const m = /ctx_index\(path: ("[^"]+")/.exec(d.reason ?? '');
  assert.ok(m, d.reason);
  assert.equal(checkInsideProject(JSON.parse(m[1]!) as string, project).ok, true);
});

test('after a cd, a relative file may be anywhere: the redirect runs the shell instead of indexing', () => {
  const d = route({ toolInput: { command: `cd ${join(base, 'elsewhere')} && cat system.log` } });
  assert.equal(d.action, 'modify');
  if (d.action === 'modify') assert.doesNotMatch(d.reason ?? '', /ctx_index/);
});

test('read guidance for a big file outside the project names shell commands that work; inside, ctx_execute_file', () => {
  const outside = route({ toolName: 'Read', toolInput: { file_path: outsideLog } });
  assert.equal(outside.action, 'context');
  if (outside.action !== 'context') return;
  assert.doesNotMatch(outside.additionalContext, /ctx_index|ctx_execute_file/);
  const out = execFileSync(
    'sh',
    ['-c', executeCode(outside.additionalContext).replace("'<pattern>'", "'line 3999 '")],
    { cwd: project, encoding: 'utf8' },
  );
  assert.equal(out, '3999:line 3999 of a long log\n');

  const inside = route({ toolName: 'Read', toolInput: { file_path: join(project, 'logs', 'app.log') } });
  assert.equal(inside.action, 'context');
  if (inside.action === 'context') assert.match(inside.additionalContext, /ctx_execute_file\(path: /);
});
