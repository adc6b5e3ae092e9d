import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildServerDefinition, SERVER_LABEL } from '../../src/engine/server-definition.js';
import { readSettings, restartKeys, needsRestart } from '../../src/settings.js';
import { afterAnswer, decideSetup } from '../../src/workspace/setup-decision.js';
import { isAction } from '../../src/view/relay.js';
import { contentSecurityPolicy, renderDashboardHtml } from '../../src/view/render-html.js';
import { statusText } from '../../src/view/status-text.js';

const base = {
  node: '/usr/bin/node',
  cli: '/e/bin/context-mode.cjs',
  engineVersion: '0.2.0\n',
  extensionVersion: '0.1.0',
  workspaceDir: '/ws',
  resultBudget: 4096,
};

test('the server VS Code spawns runs the pinned Node, names VS Code as the host and serves the workspace', () => {
  const def = buildServerDefinition(base);
  assert.equal(def.label, SERVER_LABEL);
  assert.equal(def.command, '/usr/bin/node');
  assert.deepEqual(def.args, ['/e/bin/context-mode.cjs', 'serve']);
  assert.equal(def.cwd, '/ws');
  assert.equal(def.env.CONTEXT_MODE_PLATFORM, 'vscode-copilot');
  assert.equal(def.env.CONTEXT_MODE_PROJECT_DIR, '/ws');
  assert.equal(def.env.CONTEXT_MODE_RESULT_BUDGET, '4096');
});

test('an engine upgrade or a new budget changes the definition version, so VS Code re-reads the tools', () => {
  const v = buildServerDefinition(base).version;
  assert.notEqual(buildServerDefinition({ ...base, engineVersion: '0.2.1' }).version, v);
  assert.notEqual(buildServerDefinition({ ...base, resultBudget: 8192 }).version, v);
  assert.equal(buildServerDefinition({ ...base }).version, v);
});

test('settings that the server reads need a restart; the others do not', () => {
  assert.deepEqual(
    restartKeys((k) => k === 'context-mode.resultBudget' || k === 'context-mode.autoSetup'),
    ['resultBudget'],
  );
  assert.equal(needsRestart('nodePath'), true);
  assert.equal(needsRestart('hosts'), false);
});

test('settings with wrong types fall back to safe defaults', () => {
  const s = readSettings(
    (k) =>
      ({ autoSetup: 'sometimes', resultBudget: 'x', hosts: [1, 2], nodePath: undefined })[k as 'autoSetup'] as never,
  );
  assert.deepEqual(s, {
    nodePath: '',
    enginePath: '',
    autoSetup: 'ask',
    resultBudget: 4096,
    hosts: ['vscode-copilot'],
  });
  assert.equal(readSettings((k) => (k === 'resultBudget' ? 10_000_000 : undefined) as never).resultBudget, 65536);
});

test('setup is offered once per workspace and never written without consent', () => {
  const ctx = { autoSetup: 'ask' as const, workspaceState: undefined, hasWorkspace: true, upToDate: false };
  assert.equal(decideSetup(ctx), 'offer');
  assert.equal(decideSetup({ ...ctx, workspaceState: 'declined' }), 'skip');
  assert.equal(decideSetup({ ...ctx, workspaceState: 'done' }), 'skip');
  assert.equal(decideSetup({ ...ctx, autoSetup: 'always' }), 'apply');
  assert.equal(decideSetup({ ...ctx, autoSetup: 'never' }), 'skip');
  assert.equal(decideSetup({ ...ctx, upToDate: true }), 'skip');
  assert.equal(decideSetup({ ...ctx, hasWorkspace: false }), 'skip');
  assert.deepEqual(afterAnswer('always'), { state: 'done', apply: true, setAlways: true });
  assert.deepEqual(afterAnswer('not-now'), { state: 'declined', apply: false, setAlways: false });
  assert.deepEqual(afterAnswer(undefined), { state: undefined, apply: false, setAlways: false });
});

test('only objects with a type are relayed to the engine, which validates the rest', () => {
  assert.equal(isAction({ type: 'purge', scope: 'project' }), true);
  assert.equal(isAction({ scope: 'project' }), false);
  assert.equal(isAction('refresh'), false);
  assert.equal(isAction(null), false);
});

test('the webview document allows no inline or remote script', () => {
  const csp = contentSecurityPolicy('vscode-resource:', 'abc');
  assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval|https?:/);
  const html = renderDashboardHtml({
    cspSource: 'vscode-resource:',
    nonce: 'abc',
    scriptUri: 'r/dashboard.js',
    styleUri: 'r/d.css',
  });
  assert.match(html, /<script nonce="abc" src="r\/dashboard\.js"><\/script>/);
  assert.equal((html.match(/<script/g) ?? []).length, 1);
});

test('the status bar shows the engine figure for the session, or the problem', () => {
  assert.match(statusText({ netBytes: 2048, grossBytes: 4096 }, undefined).text, /2\.0 KB saved/);
  // A session whose own context still outweighs what it kept out says so, never "-818 B saved".
  const early = statusText({ netBytes: -818, grossBytes: 0 }, undefined);
  assert.equal(early.text, '$(archive) 818 B net cost');
  assert.match(early.tooltip, /added 818 B more to the context window than it kept out/);
  assert.match(statusText(undefined, 'no node').text, /warning/);
  assert.match(statusText(undefined, undefined).tooltip, /nothing kept out/);
});
