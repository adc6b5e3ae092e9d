import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { findNode, nodeMajor, type NodeProbe } from '../../src/runtime/find-node.js';
import { locateEngine, managedCliPath, type EngineProbe } from '../../src/runtime/locate-engine.js';

function nodes(versions: Record<string, string>, dirs: Record<string, string[]> = {}): NodeProbe {
  return {
    version: async (p) => versions[p],
    exists: (p) => p in versions,
    list: (d) => dirs[d] ?? [],
  };
}

test('finds the first Node >= 20 on PATH and skips older ones', async () => {
  const found = await findNode({
    setting: '',
    pathEnv: ['/old/bin', '/new/bin'].join(':'),
    home: '/home/u',
    platform: 'linux',
    probe: nodes({ '/old/bin/node': 'v18.19.0', '/new/bin/node': 'v22.11.0' }),
  });
  assert.deepEqual(found, { ok: true, path: '/new/bin/node', version: 'v22.11.0', from: 'PATH' });
});

test('a GUI editor without the shell PATH still finds nvm Node, newest version first', async () => {
  const nvm = '/home/u/.nvm/versions/node';
  const found = await findNode({
    setting: '',
    pathEnv: '/usr/sbin',
    home: '/home/u',
    platform: 'darwin',
    probe: nodes(
      { [join(nvm, 'v20.1.0/bin/node')]: 'v20.1.0', [join(nvm, 'v22.3.0/bin/node')]: 'v22.3.0' },
      { [nvm]: ['v20.1.0', 'v22.3.0', 'system'] },
    ),
  });
  assert.ok(found.ok);
  assert.equal(found.path, join(nvm, 'v22.3.0/bin/node'));
  assert.equal(found.from, 'well-known');
});

test('a nodePath setting naming an old Node is reported, not silently replaced', async () => {
  const found = await findNode({
    setting: '/opt/node16/bin/node',
    pathEnv: '/usr/bin',
    home: '/h',
    platform: 'linux',
    probe: nodes({ '/opt/node16/bin/node': 'v16.20.0', '/usr/bin/node': 'v20.5.0' }),
  });
  assert.equal(found.ok, false);
  assert.match(!found.ok ? found.message : '', /v16\.20\.0.*needs 20/);
});

test('no Node at all gives one message that says what to install', async () => {
  const found = await findNode({ setting: '', pathEnv: '/bin', home: '/h', platform: 'linux', probe: nodes({}) });
  assert.equal(found.ok, false);
  assert.match(!found.ok ? found.message : '', /Node\.js 20 or newer.*nodejs\.org/);
});

test("the editor's own binary (Electron, or code-server's Node) is never used to run the engine", async () => {
  const editor = '/opt/Code/code';
  const tried: string[] = [];
  const probe: NodeProbe = {
    version: async (p) => (tried.push(p), p === editor ? 'v24.0.0' : undefined),
    exists: (p) => p === editor,
    list: () => [],
  };
  const found = await findNode({ setting: '', pathEnv: '', home: '/h', platform: 'linux', probe });
  assert.equal(found.ok, false);
  assert.deepEqual(tried, []);
  assert.equal(nodeMajor('v20.20.2'), 20);
});

function engines(versions: Record<string, string>): EngineProbe {
  return { version: async (p) => versions[p], exists: (p) => p in versions };
}

test('the managed install is used when it is at least as new as the bundled copy', async () => {
  const managed = managedCliPath('/data', 'ctx-pkg');
  const located = await locateEngine(
    { setting: '', dataHome: '/data', packageName: 'ctx-pkg', bundledCli: '/ext/engine/bin/context-mode.cjs' },
    engines({ [managed]: '0.3.0', '/ext/engine/bin/context-mode.cjs': '0.2.0' }),
  );
  assert.ok(located.ok);
  assert.equal(located.source, 'managed');
  assert.equal(located.refreshManaged, false);
});

test('a bundled copy newer than the managed install is used and asks for a refresh', async () => {
  const managed = managedCliPath('/data', '@scope/pkg');
  assert.equal(managed, join('/data', 'runtime', 'node_modules', '@scope', 'pkg', 'bin', 'context-mode.cjs'));
  const located = await locateEngine(
    { setting: '', dataHome: '/data', packageName: '@scope/pkg', bundledCli: '/ext/cli.cjs' },
    engines({ [managed]: '0.1.9', '/ext/cli.cjs': '0.1.10' }),
  );
  assert.ok(located.ok);
  assert.equal(located.source, 'bundled');
  assert.equal(located.refreshManaged, true);
});

test('an enginePath setting that does not run is an error naming the setting', async () => {
  const located = await locateEngine(
    { setting: '/nope/cli.cjs', dataHome: '/d', packageName: 'p', bundledCli: undefined },
    engines({}),
  );
  assert.equal(located.ok, false);
  assert.match(!located.ok ? located.message : '', /context-mode\.enginePath/);
});

test('no engine anywhere is an error that says how to recover', async () => {
  const located = await locateEngine(
    { setting: '', dataHome: '/d', packageName: 'p', bundledCli: undefined },
    engines({}),
  );
  assert.equal(located.ok, false);
  assert.match(!located.ok ? located.message : '', /Reinstall the extension/);
});
