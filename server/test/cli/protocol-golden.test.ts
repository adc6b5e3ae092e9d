/**
 * Golden files of the engine's JSON contract (shared/src/protocol), the documents the IDE shells parse: one real
 * example per `--json` command, produced by the built CLI in a temp home and a temp git project filled through the
 * CLI itself (an indexed file, hook events on stdin). Volatile values become placeholders; the result must equal
 * the committed file in shared/test/protocol/golden/ (`UPDATE_GOLDEN=1` rewrites them). The JetBrains plugin's
 * ProtocolContractTest parses the same files with its Kotlin models.
 */
import assert from 'node:assert/strict';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, before, test } from 'node:test';
import { engineSandbox, GOLDEN_DIR, normalise, REPO, type Run, schemaIds, shape } from './protocol-golden-helpers.js';

const UPDATE = process.env.UPDATE_GOLDEN === '1';
const sb = engineSandbox();
after(() => sb.cleanup());

interface Doc {
  /** The golden file's name (without .json): the schema's name, or the command's for documents without a schema yet. */
  name: string;
  args: string[];
  status: number;
  /** Whole-document equality; false where values depend on the machine (doctor: Node version, file sizes) or on tuning. */
  exact: boolean;
}

const DOCS: Doc[] = [
  { name: 'stats', args: ['stats', '--json'], status: 0, exact: true },
  { name: 'memory', args: ['memory', '--json'], status: 0, exact: true },
  { name: 'sources', args: ['sources', '--json'], status: 0, exact: true },
  // Keys only: scores and snippets move whenever ranking is tuned (the knowledge tests and benches own those values).
  { name: 'search', args: ['search', 'parser', 'precedence', '--json', '--limit', '2'], status: 0, exact: false },
  { name: 'dashboard-state', args: ['state', '--json', '--memory-limit', '20'], status: 0, exact: true },
  { name: 'setup-plan', args: ['setup', '--host', 'jetbrains-copilot', '--json'], status: 0, exact: true },
  { name: 'doctor', args: ['doctor', '--json'], status: 0, exact: false },
  // No network here: the report of an upgrade whose tarball is missing (ok: false, the error, no doctor checks).
  { name: 'upgrade', args: ['upgrade', '--from', 'missing-ctxmode.tgz', '--json'], status: 1, exact: true },
  { name: 'error', args: ['action', '{"type":"no-such-action"}'], status: 2, exact: true },
  // Keys only, as for search: the knowledge hit's score and snippet follow the ranking.
  {
    name: 'search-timeline',
    args: ['search', 'precedence', '--timeline', '--json', '--limit', '3'],
    status: 0,
    exact: false,
  },
  { name: 'actions/refresh', args: ['action', '{"type":"refresh","memoryLimit":20}'], status: 0, exact: true },
  // Keys only, as for search.
  { name: 'actions/search', args: ['action', '{"type":"search","query":"precedence"}'], status: 0, exact: false },
  // After the reads above: these change the memory they report on.
  { name: 'memory-pin', args: ['memory', 'pin', '1', '--json'], status: 0, exact: true },
  // The messages `ctxmode action` prints for the dashboard, one golden per action (golden/actions/), parsed by the
  // VS Code unit tests and the JetBrains plugin's tests too. Pinning the pinned event again changes nothing.
  { name: 'actions/pinEvent', args: ['action', '{"type":"pinEvent","id":1,"pinned":true}'], status: 0, exact: true },
  { name: 'memory-delete', args: ['memory', 'delete', '2', '--json'], status: 0, exact: true },
  { name: 'source-delete', args: ['sources', 'delete', 'file:notes.md', '--json'], status: 0, exact: true },
  // Last: it empties the session the others report on.
  {
    name: 'purge',
    args: ['purge', '--scope', 'session', '--session', 'sess-golden', '--yes', '--json'],
    status: 0,
    exact: true,
  },
  // After the purge: an action on what is gone answers an error and the fresh state; a project purge, the state.
  { name: 'actions/deleteEvent', args: ['action', '{"type":"deleteEvent","id":2}'], status: 0, exact: true },
  {
    name: 'actions/deleteSource',
    args: ['action', '{"type":"deleteSource","label":"file:notes.md"}'],
    status: 0,
    exact: true,
  },
  { name: 'actions/purge', args: ['action', '{"type":"purge","scope":"project"}'], status: 0, exact: true },
];

const outputs = new Map<string, { run: Run; doc: unknown }>();
const indexed: { run?: Run } = {};

function hook(event: string, payload: Record<string, unknown>): void {
  const r = sb.run(['hook', 'claude-code', event], {
    session_id: 'sess-golden',
    cwd: sb.project,
    hook_event_name: event,
    ...payload,
  });
  assert.equal(r.status, 0, `hook ${event}: ${r.stderr}`);
}

before(() => {
  const notes =
    '# Notes\n\n## Parser\n\nThe parser uses a Pratt loop for operator precedence.\n\n## Lexer\n\nTokens carry their byte offsets.\n';
  writeFileSync(join(sb.project, 'notes.md'), notes);
  indexed.run = sb.run(['index', 'notes.md', '--json']);
  hook('UserPromptSubmit', { prompt: 'fix operator precedence in the parser' });
  // ~23 KB: over the result budget, under the 30,000 characters above which Claude Code shows its own 2 KB preview
  // (the ledger books such output against that preview: see the host table's outputCut).
  const testLog = Array.from({ length: 900 }, (_, i) => `ok ${i + 1} - parser case ${i + 1}`).join('\n');
  hook('PostToolUse', {
    tool_name: 'Bash',
    tool_input: { command: 'npm test' },
    tool_response: { stdout: testLog, stderr: '', interrupted: false },
    tool_use_id: 'toolu_golden_1',
  });
  const file = join(sb.project, 'src/parser.ts');
  hook('PostToolUse', {
    tool_name: 'Edit',
    tool_input: { file_path: file, old_string: 'prec < min', new_string: 'prec <= min' },
    tool_response: { filePath: file },
    tool_use_id: 'toolu_golden_2',
  });
  for (const d of DOCS) {
    const run = sb.run(d.args);
    let doc: unknown;
    try {
      doc = JSON.parse(run.stdout);
    } catch {
      doc = undefined;
    }
    outputs.set(d.name, { run, doc });
  }
});

function substitutions(): Record<string, string> {
  const stats = outputs.get('stats')?.doc as { project?: { id?: string } } | undefined;
  const subst: Record<string, string> = {
    [sb.project]: '<PROJECT>',
    [sb.home]: '<HOME>',
    [REPO]: '<REPO>',
    [process.execPath]: '<NODE>',
  };
  if (stats?.project?.id) subst[stats.project.id] = '<PROJECT_ID>';
  return subst;
}

function checkGolden(name: string, actual: unknown, exact: boolean): void {
  const file = join(GOLDEN_DIR, `${name}.json`);
  const norm = normalise(actual, substitutions());
  if (UPDATE) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify(norm, null, 2)}\n`);
    return;
  }
  let golden: unknown;
  try {
    golden = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    assert.fail(`${file}: ${(err as Error).message} (UPDATE_GOLDEN=1 writes it)`);
  }
  // The CLI's output has exactly the golden's keys, at every level.
  assert.deepEqual(shape(norm), shape(golden), `${name}: the keys differ from ${file} (UPDATE_GOLDEN=1 rewrites it)`);
  if (exact) assert.deepEqual(norm, golden, `${name}: differs from ${file} (UPDATE_GOLDEN=1 rewrites it)`);
}

test('index --json: the result of indexing a file', () => {
  assert.equal(indexed.run?.status, 0, indexed.run?.stderr);
  checkGolden('index', JSON.parse(indexed.run!.stdout), true);
});

for (const d of DOCS) {
  test(`${d.args.slice(0, 2).join(' ')} … matches golden/${d.name}.json`, () => {
    const { run, doc } = outputs.get(d.name)!;
    assert.equal(run.status, d.status, `exit ${run.status}: ${run.stderr}`);
    assert.ok(doc && typeof doc === 'object', `stdout is not one JSON object: ${run.stdout.slice(0, 300)}`);
    checkGolden(d.name, doc, d.exact);
  });
}

test('the documents are realistic: the hook events and the indexed file are in them', () => {
  const stats = outputs.get('stats')!.doc as { session: { id: string; savedBytes: number }; tools: { tool: string }[] };
  assert.equal(stats.session.id, 'sess-golden');
  assert.ok(stats.session.savedBytes > 10_000, 'the Bash digest saved bytes');
  assert.deepEqual(
    stats.tools.map((t) => t.tool),
    ['Bash'],
  );
  const memory = outputs.get('memory')!.doc as { events: { category: string }[] };
  assert.deepEqual(
    memory.events.map((e) => e.category),
    ['file', 'user-prompt'],
  );
  const sources = outputs.get('sources')!.doc as { sources: { kind: string }[] };
  assert.deepEqual(sources.sources.map((s) => s.kind).sort(), ['file', 'hook']);
  const search = outputs.get('search')!.doc as { hits: { source: string }[] };
  assert.equal(search.hits[0]?.source, 'file:notes.md');
  const timeline = outputs.get('search-timeline')!.doc as { hits: { source: string }[] };
  assert.deepEqual(timeline.hits.map((h) => h.source).sort(), ['file:notes.md', 'memory:user-prompt']);
  assert.equal((outputs.get('memory-pin')!.doc as { pinned: boolean }).pinned, true);
  const setup = outputs.get('setup-plan')!.doc as { applied: boolean; ok: boolean };
  assert.deepEqual([setup.applied, setup.ok], [true, true]);
});

/** Schema ids in a golden file: its own `schema`, or that of a wrapped document (`upgrade --json` → `upgrade`). */
function goldenSchemas(doc: unknown): string[] {
  if (!doc || typeof doc !== 'object') return [];
  const o = doc as Record<string, unknown>;
  return [
    o.schema,
    ...Object.values(o).map((v) => (v && typeof v === 'object' ? (v as Record<string, unknown>).schema : undefined)),
  ].filter((s): s is string => typeof s === 'string');
}

function sourceTexts(dir: string): string {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => readFileSync(join(e.parentPath, e.name), 'utf8'))
    .join('\n');
}

test(
  'every schema id declared in shared/src/protocol has a golden file, and the engine emits no undeclared one',
  { skip: UPDATE },
  () => {
    const declared = schemaIds(sourceTexts(join(REPO, 'shared/src/protocol')));
    assert.ok(declared.size >= 5, [...declared].join(', '));
    const golden = new Set(
      readdirSync(GOLDEN_DIR)
        .filter((f) => f.endsWith('.json'))
        .flatMap((f) => goldenSchemas(JSON.parse(readFileSync(join(GOLDEN_DIR, f), 'utf8')))),
    );
    assert.deepEqual(
      [...declared].filter((id) => !golden.has(id)),
      [],
      'declared schema ids without a golden file',
    );
    const emitted = new Set([
      ...schemaIds(sourceTexts(join(REPO, 'shared/src'))),
      ...schemaIds(sourceTexts(join(REPO, 'server/src'))),
    ]);
    assert.deepEqual(
      [...emitted].filter((id) => !declared.has(id)),
      [],
      'schema ids used by the engine but not declared in shared/src/protocol',
    );
    const expected = ['index', ...DOCS.map((d) => d.name)].map((n) => `${n}.json`).sort();
    const present = readdirSync(GOLDEN_DIR, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) =>
        join(e.parentPath, e.name)
          .slice(GOLDEN_DIR.length)
          .replace(/^[\\/]/, ''),
      )
      .sort();
    assert.deepEqual(present, expected, 'golden files without a command that produces them');
  },
);
