// The held-out answer evaluation (search-answers.bench.ts) run side by side on the incumbent, the open-source
// context-mode 1.0.169, on the same machine and scored by the same definitions (eval-score.ts). The incumbent is
// installed from the npm registry once into the CI cache (not a dependency), started as a real MCP server over
// stdio with a temp HOME and project dir, fed every eval doc through its own ctx_index (content, source
// `npm:<package>`) and asked every question through its own ctx_search, one query per call at limit 3, as a model
// would. Our numbers come from the same questions through our search in this process. Prints {"skipped": …} and
// exits 0 when the incumbent (or the Node it needs) cannot be installed, e.g. with no registry. EVAL_SET=users runs
// the real users' question set (see eval-corpus.ts) instead of the README-written one; EVAL_PER_QUESTION=<file>
// writes each tune-half question's score for both products there.
//
// How the incumbent runs offline: it needs Node ≥ 22.5 (its `engines`), where it stores its knowledge base in the
// built-in node:sqlite when that has FTS5, so its native better-sqlite3 is never loaded and is installed with
// --ignore-scripts (its install script would download a prebuilt binary). The server is started through the
// package's bin with no arguments (how its own MCP configs start it), not start.mjs, whose boot-time self-heal
// writes into ~/.claude, rewrites files in the package and runs `npm install` in the background.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ciCacheDir } from '../test/hosts/install-host.js';
import { ensureNode22 } from '../test/hosts/node22.js';
import { evalLayoutFromEnv, evalSources, openEvalCorpus } from './eval-corpus.js';
import { EVAL_LIMIT, EvalTallies, ourSearch, scoreAnswer, type Scored, type SearchAnswer } from './eval-score.js';

const PKG = 'context-mode';
const VERSION = '1.0.169';
const CALL_TIMEOUT_MS = 60_000;
const RUN_TIMEOUT_MS = 5 * 60_000;

function skip(reason: string): never {
  process.stdout.write(JSON.stringify({ skipped: reason }) + '\n');
  process.exit(0);
}

/** The installed package folder, installed once (into a staging folder, renamed when complete). */
function ensureIncumbent(): string {
  const dir = join(ciCacheDir(), 'incumbent', VERSION);
  const pkgDir = join(dir, 'node_modules', PKG);
  const installed = () => {
    try {
      return JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')).version === VERSION;
    } catch {
      return false;
    }
  };
  if (installed()) return pkgDir;
  const staging = `${dir}.partial-${process.pid}`;
  mkdirSync(staging, { recursive: true });
  process.stderr.write(`installing ${PKG}@${VERSION} into ${dir}\n`);
  const i = spawnSync(
    'nice',
    [
      '-n',
      '10',
      'npm',
      'install',
      '--prefix',
      staging,
      '--no-audit',
      '--no-fund',
      '--ignore-scripts',
      '--no-save',
      '--fetch-retries=1',
      `${PKG}@${VERSION}`,
    ],
    { encoding: 'utf8', timeout: 240_000 },
  );
  if (i.status !== 0) {
    rmSync(staging, { recursive: true, force: true });
    const why = (i.stderr ?? '')
      .split('\n')
      .filter((l) => l.startsWith('npm error'))
      .slice(0, 2)
      .join('; ');
    skip(`npm install ${PKG}@${VERSION} failed (${i.error?.message ?? `exit ${i.status}`}): ${why}`);
  }
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dirname(dir), { recursive: true });
  renameSync(staging, dir);
  if (!installed()) throw new Error(`npm install ${PKG}@${VERSION} left no ${PKG} ${VERSION} in ${dir}`);
  return pkgDir;
}

/** A Node the incumbent accepts: this one when ≥ 22.5, else the Node 22 the host tests keep in the CI cache. */
function incumbentNode(): string {
  const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
  if (major > 22 || (major === 22 && minor >= 5)) return process.execPath;
  try {
    return join(ensureNode22('the incumbent context-mode (node:sqlite)'), 'node');
  } catch (err) {
    skip(`the incumbent needs Node >= 22.5: ${(err as Error).message}`);
  }
}

/** Splits the incumbent's ctx_search text into its ranked results (`--- [origin | time | source] ---` blocks). */
function parseIncumbentAnswer(text: string): SearchAnswer {
  // The throttle counter closes every answer; it belongs to the bytes the model reads, not to the last result.
  const body = text.replace(/\n\n(> Throttle:|\u26A0 search call #)[^\n]*\s*$/, '');
  const parts = body.split(/^--- \[(.*)\] ---$/m);
  const results: SearchAnswer['results'] = [];
  for (let i = 1; i + 1 < parts.length; i += 2) {
    results.push({ source: parts[i]!.split(' | ').pop()!, text: parts[i + 1]!.trim() });
  }
  return { text, results };
}

const pkgDir = ensureIncumbent();
const node = incumbentNode();
const probe = spawnSync(
  node,
  ['-e', "new (require('node:sqlite').DatabaseSync)(':memory:').exec('CREATE VIRTUAL TABLE t USING fts5(a)')"],
  { encoding: 'utf8', timeout: 30_000 },
);
if (probe.status !== 0)
  skip(
    `${node} has no node:sqlite with FTS5, so the incumbent would need its native better-sqlite3, which is not built offline: ${(probe.stderr ?? String(probe.error ?? '')).slice(-300)}`,
  );

const corpus = openEvalCorpus();
const { questions, documents } = corpus;
const ours = new EvalTallies();
// EVAL_PER_QUESTION=<file>: each tune-half question scored for both products, to read where they differ. The
// report half is left out so that nobody tunes on it by reading it.
const perQuestion: { package: string; question: string; ours: Scored; theirs?: Scored }[] = [];
for (const q of questions) {
  const scored = scoreAnswer(q, ourSearch(corpus.kb, q.question).answer);
  ours.add(q, scored);
  if (q.half === 'tune') perQuestion.push({ package: q.package, question: q.question, ours: scored });
}
const ourChunks = corpus.chunks;
corpus.close();

const home = mkdtempSync(join(tmpdir(), 'cm-incumbent-home-'));
const project = join(home, 'project');
mkdirSync(project);
const transport = new StdioClientTransport({
  command: node,
  args: [join(pkgDir, 'cli.bundle.mjs')],
  cwd: project,
  stderr: 'pipe',
  env: {
    HOME: home,
    PATH: process.env.PATH ?? '',
    CONTEXT_MODE_PROJECT_DIR: project,
    // Its per-session throttle cuts results to 1 per query after 3 calls a minute and blocks after 8; a 1 ms
    // window makes every call the first of its window, so each question gets what a lone search gets.
    CONTEXT_MODE_SEARCH_WINDOW_MS: '1',
  },
});
let stderr = '';
transport.stderr?.on('data', (c: Buffer) => (stderr = (stderr + c.toString('utf8')).slice(-4000)));
const client = new Client({ name: 'search-answers-incumbent-bench', version: '1.0.0' });
const killServer = () => {
  const pid = transport.pid;
  if (pid) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }
  rmSync(home, { recursive: true, force: true });
};
const deadline = setTimeout(() => {
  process.stderr.write(`incumbent run exceeded ${RUN_TIMEOUT_MS} ms; server stderr:\n${stderr}\n`);
  killServer();
  process.exit(1);
}, RUN_TIMEOUT_MS);

const textOf = (r: Awaited<ReturnType<Client['callTool']>>): string =>
  (r.content as { type: string; text?: string }[]).map((c) => c.text ?? '').join('');

const theirs = new EvalTallies();
let chunks = 0;
try {
  await client.connect(transport);
  const evalDir = new URL('corpus/eval/', import.meta.url);
  for (const doc of documents) {
    for (const src of evalSources(doc.package, doc.file, readFileSync(new URL(doc.file, evalDir), 'utf8'))) {
      const r = await client.callTool(
        { name: 'ctx_index', arguments: { content: src.content, source: src.label } },
        undefined,
        { timeout: CALL_TIMEOUT_MS },
      );
      const text = textOf(r);
      const n = /Indexed (\d+) sections?/.exec(text);
      if (r.isError || !n) throw new Error(`incumbent ctx_index ${src.label}: ${text.slice(0, 300)}`);
      chunks += Number(n[1]);
    }
  }
  for (const q of questions) {
    const r = await client.callTool(
      { name: 'ctx_search', arguments: { queries: [q.question], limit: EVAL_LIMIT } },
      undefined,
      { timeout: CALL_TIMEOUT_MS },
    );
    const text = textOf(r);
    if (r.isError) throw new Error(`incumbent ctx_search: ${text.slice(0, 300)}`);
    const scored = scoreAnswer(q, parseIncumbentAnswer(text));
    theirs.add(q, scored);
    const row = perQuestion.find((p) => p.question === q.question && p.package === q.package);
    if (row) row.theirs = scored;
  }
  await client.close();
} catch (err) {
  process.stderr.write(`incumbent server stderr:\n${stderr}\n`);
  throw err;
} finally {
  clearTimeout(deadline);
  killServer();
}

if (process.env.EVAL_PER_QUESTION)
  writeFileSync(process.env.EVAL_PER_QUESTION, JSON.stringify({ set: corpus.set, tune: perQuestion }, null, 1) + '\n');

const side = (t: EvalTallies, sideChunks: number) => ({
  chunks: sideChunks,
  report: t.half('report', documents),
  tune: t.half('tune', documents),
});
process.stdout.write(
  JSON.stringify(
    {
      set: corpus.set,
      layout: evalLayoutFromEnv(),
      incumbent: { package: `${PKG}@${VERSION}`, node: spawnSync(node, ['--version']).stdout.toString().trim() },
      search: { limit: EVAL_LIMIT, callsPerQuestion: 1 },
      note: 'same questions, docs and scoring as search-answers; the incumbent shows at most 2 results per query at limit 3 (its own cap); report = held-out half',
      theirs: side(theirs, chunks),
      ours: side(ours, ourChunks),
    },
    null,
    2,
  ) + '\n',
);
