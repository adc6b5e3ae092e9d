import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { layerViolations, readSources, type LayerOrder } from './import-layers.js';

// The declared orders, bottom → top; docs/architecture.md ("Layers") says what each folder is for.
const HOOKS: LayerOrder = [
  ['core'], // envelope, outcome, context, decision, canonical tool names: types every layer speaks
  ['wire', 'state', 'reload'], // stdin and host envelopes; files kept under the data home; engine replacement
  ['routing', 'format'], // tool call → Decision (pure); Outcome → the host's JSON
  ['events'], // one handler per canonical event
  ['opencode', '.'], // the entry points: the hook runner and the in-process OpenCode plugin
];
const SERVER: LayerOrder = [
  ['run'], // live-server sentinel
  ['sandbox', 'fetch', 'setup'], // run code; fetch a URL; apply a setup plan
  ['doctor'], // checks and fixes, over setup
  ['mcp', 'dashboard'], // the MCP server and its tools; the dashboard server
  ['cli'], // argv dispatch over all of it
];
const SHARED: LayerOrder = [
  ['errors'], // the text of anything thrown: the one helper every package and shell uses
  ['settings'], // the one settings reader
  ['platforms'], // the host table and host paths
  ['project', 'shell'], // project identity and data home; the one shell parser
  ['budget', 'instructions'], // output shaping and byte formats; the agent instructions template
  ['db', 'policy'], // SQLite drivers and store health; redaction, permissions, SSRF
  ['knowledge'], // the knowledge base
  ['protocol'], // the JSON shapes the shells read
  ['ledger', 'setup'], // the savings ledger; setup plans for host files
  ['memory'], // session memory
  ['state'], // what the dashboard and the shells read of it all
];
// The MCP SDK and its schema library stay in the MCP layer: a sandbox or fetch result never speaks MCP.
const SERVER_CONFINED = { '@modelcontextprotocol': ['mcp'], zod: ['mcp'] };

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

test('every import in hooks/src points down the declared layers', () => {
  const files = readSources(repoRoot, 'hooks/src');
  assert.ok(files.length > 30, `read only ${files.length} files under hooks/src`);
  assert.deepEqual(layerViolations(files, 'hooks/src', HOOKS), []);
});

test('every import in server/src points down the declared layers, and only mcp/ speaks MCP', () => {
  const files = readSources(repoRoot, 'server/src');
  assert.ok(files.length > 30, `read only ${files.length} files under server/src`);
  assert.deepEqual(layerViolations(files, 'server/src', SERVER, SERVER_CONFINED), []);
});

test('every import in shared/src points down the declared layers (3 upward imports and 3 folder cycles before)', () => {
  const files = readSources(repoRoot, 'shared/src');
  assert.ok(files.length > 100, `read only ${files.length} files under shared/src`);
  assert.deepEqual(layerViolations(files, 'shared/src', SHARED), []);
});

test('shared/src does no process I/O (hook processes inherit it; the protocol owns stdout)', () => {
  const files = readSources(repoRoot, 'shared/src');
  // A write to the process's own streams, not one inside generated text (a quoted template of a plugin file).
  const io = /^[^'"`\n]*\bprocess\.(?:stdout|stderr)\.write\(/m;
  assert.deepEqual(
    files.filter((f) => io.test(f.text)).map((f) => f.path),
    [],
  );
});

test('an upward, sideways, cross-package or undeclared import is named by file, line and import', () => {
  const order: LayerOrder = [['core'], ['wire', 'state'], ['events']];
  const files = [
    { path: 'p/src/core/types.ts', text: "import type { X } from '../events/x.js';\n" },
    { path: 'p/src/wire/read.ts', text: "import { a } from './own.js';\n\nexport { b } from '../state/b.js';\n" },
    { path: 'p/src/events/go.ts', text: "const m = await import('../../../q/src/y.js');\nimport '../core/t.js';\n" },
    { path: 'p/src/events/sdk.ts', text: "import { z } from 'zod';\nimport { s } from '@context-mode/server/x';\n" },
    { path: 'p/src/extra/e.ts', text: "import { c } from '../core/c.js';\n" },
  ];
  assert.deepEqual(layerViolations(files, 'p/src', order, { zod: ['wire'] }), [
    'p/src/core/types.ts:1 → ../events/x.js: core/ is below events/ (upward import)',
    'p/src/wire/read.ts:3 → ../state/b.js: wire/ and state/ are siblings (sideways import)',
    'p/src/events/go.ts:1 → ../../../q/src/y.js: leaves p/src',
    'p/src/events/sdk.ts:1 → zod: zod belongs to wire/ only',
    'p/src/events/sdk.ts:2 → @context-mode/server/x: only @context-mode/shared may be imported across packages',
    'p/src/extra/ has no declared layer',
  ]);
});
