// What every CLI command promises a script or an IDE shell: a reader that closes the pipe early ends the run
// quietly, `serve --help` / `hook --help` print usage, and with --json a failure is the error shape on stdout
// (shared/src/protocol/error.ts) with exit 2 for usage and 1 otherwise; each --json document names its schema.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import type { ErrorReport } from '@context-mode/shared/protocol/error';
import type { SearchReport, SourcesReport } from '@context-mode/shared/protocol/knowledge';
import { recordLedger, closeLedgerHandles } from '@context-mode/shared/ledger/record';
import { BIN } from '../helpers/mcp-client.js';
import { cliSandbox, type CliRun } from './kb-cli.js';

const sb = cliSandbox();
const env = { ...process.env, CONTEXT_MODE_HOME: sb.home, CONTEXT_MODE_PROJECT_DIR: '' };
after(() => {
  closeLedgerHandles();
  sb.cleanup();
});

function errorOf(r: CliRun, status: number): ErrorReport {
  assert.equal(r.status, status, `exit ${r.status}: ${r.stdout}${r.stderr}`);
  const doc = JSON.parse(r.stdout) as ErrorReport;
  assert.equal(doc.schema, 'context-mode.error/1');
  assert.equal(typeof doc.message, 'string');
  assert.ok(doc.message.length > 0);
  return doc;
}

/** Runs the CLI with its stdout closed before it writes a byte (what `| true` does, and `| head -1` after a line). */
function runWithClosedStdout(args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: sb.project, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

test('a closed stdout ends every kind of command quietly with exit 0', async () => {
  writeFileSync(join(sb.project, 'a.md'), '# Alpha\n\nthe output proxy keeps bytes out\n');
  assert.equal(sb.run(['index', 'a.md']).status, 0);
  recordLedger(
    sb.project,
    {
      sessionId: 's1',
      host: 'claude-code',
      tool: 'ctx_execute',
      kind: 'sandbox',
      rawBytes: 4_000,
      returnedBytes: 1_000,
      time: 2_000,
    },
    env,
  );
  const runs = [
    ['sources', '--json'],
    ['sources'],
    ['stats', '--json'],
    ['state', '--json'],
    ['search', 'x', '--json'],
    ['search', 'proxy'],
    ['doctor', '--json'],
    ['memory', '--json'],
    ['stats', '--session', 'nope', '--json'],
    ['--help'],
  ];
  for (const args of runs) {
    const r = await runWithClosedStdout(args);
    assert.equal(r.code, 0, `${args.join(' ')}: exit ${r.code}\n${r.stderr}`);
    assert.doesNotMatch(r.stderr, /EPIPE|at .*\(node:|Unhandled/, args.join(' '));
  }
});

test('serve --help and hook --help print usage and exit 0 without serving or running a hook', () => {
  const serve = sb.run(['serve', '--help']);
  assert.equal(serve.status, 0, serve.stderr);
  assert.match(serve.stdout, /Usage: ctxmode serve/);
  const hook = sb.run(['hook', '--help']);
  assert.equal(hook.status, 0, hook.stderr);
  assert.match(hook.stdout, /Usage: ctxmode hook \[options\] <host> <event>/);
  assert.match(sb.run(['hook', '-h']).stdout, /Usage: ctxmode hook/);
});

test('stats and state for a session the ledger does not know are an error, not zeros', () => {
  const text = sb.run(['stats', '--session', 'nope']);
  assert.equal(text.status, 1);
  assert.match(text.stderr, /no ledger entries for session "nope"/);
  assert.equal(text.stdout, '');
  assert.equal(errorOf(sb.run(['stats', '--session', 'nope', '--json']), 1).code, 'not-found');
  assert.equal(errorOf(sb.run(['state', '--session', 'nope', '--json']), 1).code, 'not-found');
  assert.equal(sb.run(['stats', '--session', 's1', '--json']).status, 0);
});

test('with --json every failure is the error shape on stdout: usage errors exit 2, failures 1', () => {
  const outside = errorOf(sb.run(['index', '/etc/passwd', '--json']), 1);
  assert.equal(outside.code, 'refused');
  assert.match(outside.message, /outside the project root/);
  assert.match(outside.hint ?? '', /--allow-outside/);
  assert.equal(errorOf(sb.run(['index', 'nope.md', '--json']), 1).code, 'refused');
  assert.equal(errorOf(sb.run(['index', 'a.md', '--max-depth', 'x', '--json']), 2).code, 'usage');
  assert.equal(errorOf(sb.run(['search', '--bogus', 'x', '--json']), 2).code, 'usage');
  assert.equal(errorOf(sb.run(['search', 'x', '--limit', '0', '--json']), 2).code, 'usage');
  assert.equal(errorOf(sb.run(['search', 'x', '--source', 'no-such', '--json']), 1).code, 'not-found');
  assert.equal(errorOf(sb.run(['sources', 'delete', 'no-such', '--json']), 1).code, 'not-found');
  assert.equal(errorOf(sb.run(['memory', '--json', 'pin', 'x']), 2).code, 'usage');
  assert.equal(errorOf(sb.run(['memory', 'delete', '7', '--json']), 1).code, 'not-found');
  assert.equal(errorOf(sb.run(['purge', '--scope', 'project', '--json']), 2).code, 'usage');
  assert.equal(errorOf(sb.run(['purge', '--scope', 'session', '--yes', '--json']), 1).code, 'not-found');
  assert.equal(errorOf(sb.run(['state', '--memory-limit', '0', '--json']), 2).code, 'usage');
  assert.equal(errorOf(sb.run(['setup', '--host', 'no-such-host', '--json']), 2).code, 'usage');
  // Without --json the same failures stay text on stderr.
  const text = sb.run(['index', '/etc/passwd']);
  assert.equal(text.status, 1);
  assert.equal(text.stdout, '');
  assert.match(text.stderr, /outside the project root.*--allow-outside/);
});

test('search --json has one shape, empty knowledge base or not', () => {
  const other = cliSandbox();
  try {
    const empty = JSON.parse(other.run(['search', 'proxy', '--json']).stdout) as SearchReport;
    const full = JSON.parse(sb.run(['search', 'proxy', '--json']).stdout) as SearchReport;
    assert.deepEqual(
      { ...empty, hits: [] },
      { schema: 'context-mode.search/1', query: 'proxy', empty: true, hits: [], refreshed: [], corrections: [] },
    );
    assert.equal(full.schema, 'context-mode.search/1');
    assert.equal(full.empty, false);
    assert.ok(full.hits.length > 0);
    for (const key of Object.keys(empty)) assert.ok(key in full, `${key} missing from a non-empty search`);
  } finally {
    other.cleanup();
  }
});

test('every --json document names its schema', () => {
  const schemaOf = (args: string[]) => (JSON.parse(sb.run(args).stdout) as { schema: string }).schema;
  writeFileSync(join(sb.project, 'b.md'), '# Beta\n\nsecond\n');
  assert.equal(schemaOf(['index', 'b.md', '--json']), 'context-mode.index/1');
  const sources = JSON.parse(sb.run(['sources', '--json']).stdout) as SourcesReport;
  assert.equal(sources.schema, 'context-mode.sources/1');
  assert.ok(sources.sources.some((s) => s.source === 'file:b.md'));
  assert.equal(typeof sources.chunks, 'number');
  assert.equal(typeof sources.bytes, 'number');
  const del = JSON.parse(sb.run(['sources', 'delete', 'file:b.md', '--json']).stdout) as {
    schema: string;
    source: string;
    deleted: boolean;
  };
  assert.deepEqual(del, {
    schema: 'context-mode.source-delete/1',
    source: 'file:b.md',
    deleted: true,
    removed: ['file:b.md'],
  });
  assert.equal(schemaOf(['doctor', '--json']), 'context-mode.doctor/1');
  assert.equal(schemaOf(['purge', '--scope', 'project', '--yes', '--json']), 'context-mode.purge/1');
});
