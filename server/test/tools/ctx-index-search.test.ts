import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startBuiltServer, type BuiltServer } from '../helpers/mcp-client.js';

type ToolResult = { content: Array<{ type: string; text: string }>; isError?: boolean };
const text = (r: unknown) => (r as ToolResult).content.map((c) => c.text).join('\n');
const isError = (r: unknown) => (r as ToolResult).isError === true;

describe('ctx_index and ctx_search over the built server', () => {
  let s: BuiltServer;
  before(async () => {
    s = await startBuiltServer();
  });
  after(async () => {
    await s.close();
  });

  test('ctx_search on an empty knowledge base says so instead of returning nothing', async () => {
    const r = await s.client.callTool({ name: 'ctx_search', arguments: { queries: ['anything'] } });
    assert.ok(isError(r));
    assert.match(text(r), /knowledge base is empty/i);
  });

  test('indexed content is found by ctx_search with its heading and a snippet', async () => {
    const content =
      '# Deploy guide\n\n## Rolling back a release\n\nRun `deploy rollback --to <tag>` to restore the previous release.\n\n## Scaling\n\nSet replicas in deploy.yaml.';
    const r = await s.client.callTool({ name: 'ctx_index', arguments: { content, source: 'guide' } });
    assert.ok(!isError(r), text(r));
    assert.match(text(r), /Indexed 2 section\(s\)/);
    const q = await s.client.callTool({ name: 'ctx_search', arguments: { queries: ['how do I roll back a release'] } });
    assert.ok(!isError(q), text(q));
    assert.match(text(q), /\[1\] Deploy guide > Rolling back a release — guide/);
    assert.match(text(q), /deploy rollback/);
  });

  test('a single query string and a JSON-array string are both accepted', async () => {
    const a = await s.client.callTool({ name: 'ctx_search', arguments: { query: 'replicas' } });
    assert.match(text(a), /Scaling/);
    const b = await s.client.callTool({ name: 'ctx_search', arguments: { queries: '["replicas", "rollback"]' } });
    assert.match(text(b), /## replicas/);
    assert.match(text(b), /## rollback/);
  });

  test('limit is honoured exactly', async () => {
    const many = Array.from({ length: 8 }, (_, i) => `## Widget ${i}\n\nThe widget number ${i} spins.`).join('\n\n');
    await s.client.callTool({ name: 'ctx_index', arguments: { content: many, source: 'widgets' } });
    for (const limit of [1, 2, 5]) {
      const r = await s.client.callTool({ name: 'ctx_search', arguments: { queries: ['widget spins'], limit } });
      assert.equal((text(r).match(/^\[\d+\] /gm) ?? []).length, limit, text(r));
    }
  });

  test('the same chunk matched by two queries is printed once', async () => {
    const r = await s.client.callTool({
      name: 'ctx_search',
      arguments: { queries: ['rollback release', 'deploy rollback tag'], limit: 1 },
    });
    const t = text(r);
    assert.equal((t.match(/Rolling back a release — guide/g) ?? []).length, 1, t);
    assert.match(t, /\(shown above\)/);
  });

  test('empty queries and an unknown source are clear errors', async () => {
    const e = await s.client.callTool({ name: 'ctx_search', arguments: { queries: ['  '] } });
    assert.ok(isError(e));
    assert.match(text(e), /Provide queries/);
    const none = await s.client.callTool({ name: 'ctx_search', arguments: {} });
    assert.ok(isError(none));
    const u = await s.client.callTool({ name: 'ctx_search', arguments: { queries: ['x'], source: 'no-such-source' } });
    assert.ok(isError(u));
    assert.match(text(u), /No source matches "no-such-source"/);
    assert.match(text(u), /guide|widgets/);
  });

  test('operator-looking text is searched as words, never as FTS syntax', async () => {
    for (const q of [
      'NOT rollback',
      'title:rollback',
      'roll*',
      '"unbalanced',
      '(release OR',
      '^deploy',
      '🚀',
      '発表',
    ]) {
      const r = await s.client.callTool({ name: 'ctx_search', arguments: { queries: [q] } });
      assert.ok(!/fts5|syntax error/i.test(text(r)), `${q}: ${text(r)}`);
    }
  });

  test('a typo still finds the section', async () => {
    const r = await s.client.callTool({ name: 'ctx_search', arguments: { queries: ['replcas'] } });
    assert.match(text(r), /Scaling/);
  });

  test('a directory walk indexes text files, skips binaries and honours .gitignore', async () => {
    const dir = join(s.project, 'docs');
    mkdirSync(join(dir, 'sub'), { recursive: true });
    writeFileSync(join(dir, 'a.md'), '# Alpha\n\nThe alpha document mentions zebra crossings.');
    writeFileSync(join(dir, 'sub', 'b.ts'), 'export function quokkaCount(): number {\n  return 7;\n}\n');
    writeFileSync(join(dir, 'blob.json'), Buffer.from([0x7b, 0x00, 0x01, 0x02, 0x7d]));
    writeFileSync(join(dir, 'secret.md'), '# Ignored\n\nflamingo');
    writeFileSync(join(dir, '.gitignore'), 'secret.md\n');
    const r = await s.client.callTool({ name: 'ctx_index', arguments: { path: 'docs' } });
    assert.ok(!isError(r), text(r));
    assert.match(text(r), /Indexed 2 file\(s\)/);
    assert.match(text(r), /blob\.json \(binary\b/);
    const q = await s.client.callTool({
      name: 'ctx_search',
      arguments: { queries: ['quokka count'], source: 'docs/' },
    });
    assert.match(text(q), /quokkaCount/);
    const ign = await s.client.callTool({ name: 'ctx_search', arguments: { queries: ['flamingo'] } });
    assert.doesNotMatch(text(ign), /Ignored/);
    // Asked for alone, the binary file is an error that says why, as `ctxmode index` exits 1 for it.
    const one = await s.client.callTool({ name: 'ctx_index', arguments: { path: 'docs/blob.json' } });
    assert.ok(isError(one), text(one));
    assert.match(text(one), /Skipped docs\/blob\.json: binary\. Nothing indexed\./);
  });

  test('a changed file is re-indexed when searched', async () => {
    const f = join(s.project, 'notes.md');
    writeFileSync(f, '# Notes\n\nThe capital is Lisbon.');
    await s.client.callTool({ name: 'ctx_index', arguments: { path: 'notes.md' } });
    writeFileSync(f, '# Notes\n\nThe capital is Madrid now.');
    const future = new Date(Date.now() + 5000);
    (await import('node:fs')).utimesSync(f, future, future);
    const q = await s.client.callTool({ name: 'ctx_search', arguments: { queries: ['capital'], source: 'notes.md' } });
    assert.match(text(q), /Madrid/);
    assert.match(text(q), /re-indexed changed file/);
  });

  test('nonexistent paths and paths outside the project are refused clearly', async () => {
    const missing = await s.client.callTool({ name: 'ctx_index', arguments: { path: 'nope/missing.md' } });
    assert.ok(isError(missing));
    assert.match(text(missing), /path not found/);
    const outside = mkdtempSync(join(tmpdir(), 'cm-outside-'));
    writeFileSync(join(outside, 'x.md'), '# X\n\ny');
    try {
      const r = await s.client.callTool({ name: 'ctx_index', arguments: { path: join(outside, 'x.md') } });
      assert.ok(isError(r));
      assert.match(text(r), /outside the project root/);
      assert.match(text(r), /CONTEXT_MODE_ALLOW_OUTSIDE=1/);
      // A symlink inside the project pointing outside is judged by where it leads.
      symlinkSync(join(outside, 'x.md'), join(s.project, 'link.md'));
      const l = await s.client.callTool({ name: 'ctx_index', arguments: { path: 'link.md' } });
      assert.ok(isError(l));
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });

  test('content with neither content nor path is a clear error', async () => {
    const r = await s.client.callTool({ name: 'ctx_index', arguments: {} });
    assert.ok(isError(r));
    assert.match(text(r), /Provide content/);
  });

  test('both tools carry annotations and ctx_search is read-only', async () => {
    const { tools } = await s.client.listTools();
    const search = tools.find((t) => t.name === 'ctx_search');
    const index = tools.find((t) => t.name === 'ctx_index');
    assert.equal(search?.annotations?.readOnlyHint, true);
    assert.equal(index?.annotations?.readOnlyHint, false);
    for (const t of [search, index])
      assert.ok(Buffer.byteLength(JSON.stringify(t)) <= 900, `${t?.name}: ${JSON.stringify(t).length}`);
  });
});

test('a directory walk sends progress notifications when the client asks for them', async () => {
  const s = await startBuiltServer();
  try {
    for (let i = 0; i < 5; i++) writeFileSync(join(s.project, `f${i}.md`), `# File ${i}\n\ntext ${i}`);
    const seen: number[] = [];
    const r = await s.client.callTool({ name: 'ctx_index', arguments: { path: '.' } }, undefined, {
      onprogress: (p) => seen.push(p.progress),
    });
    assert.ok(!isError(r), text(r));
    assert.deepEqual(seen, [1, 2, 3, 4, 5]);
  } finally {
    await s.close();
  }
});

test('a corrupt knowledge.db is moved aside and the next answer says so', async () => {
  const s = await startBuiltServer();
  try {
    // Create the store, find its file, stop, corrupt it, restart on the same home.
    await s.client.callTool({ name: 'ctx_index', arguments: { content: '# A\n\nb', source: 's' } });
    const projects = join(s.home, 'projects');
    const id = readdirSync(projects)[0]!;
    await s.client.close();
    writeFileSync(join(projects, id, 'knowledge.db'), 'this is not a database at all, just text'.repeat(200));
    for (const x of ['-wal', '-shm']) rmSync(join(projects, id, `knowledge.db${x}`), { force: true });
    const s2 = await startBuiltServer({ project: realpathSync(s.project), env: { CONTEXT_MODE_HOME: s.home } });
    try {
      const r = await s2.client.callTool({ name: 'ctx_index', arguments: { content: '# C\n\nd', source: 't' } });
      assert.ok(!isError(r), text(r));
      assert.match(text(r), /moved to .*knowledge\.db\.corrupt-/);
      const again = await s2.client.callTool({ name: 'ctx_search', arguments: { queries: ['d'] } });
      assert.doesNotMatch(text(again), /moved to/);
    } finally {
      await s2.client.close();
    }
  } finally {
    rmSync(s.home, { recursive: true, force: true });
    rmSync(s.project, { recursive: true, force: true });
  }
});

test('an unwritable CONTEXT_MODE_HOME gives an error naming it', async () => {
  // Tests may run as root, where permission bits do not stop writes: a regular file in the way does.
  const dir = mkdtempSync(join(tmpdir(), 'cm-blocked-'));
  writeFileSync(join(dir, 'file'), 'x');
  const s = await startBuiltServer({ env: { CONTEXT_MODE_HOME: join(dir, 'file', 'home') } });
  try {
    const r = await s.client.callTool({ name: 'ctx_index', arguments: { content: 'x y z', source: 'a' } });
    assert.ok(isError(r));
    assert.match(text(r), /CONTEXT_MODE_HOME/);
  } finally {
    await s.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the whole ctx_search answer stays within CONTEXT_MODE_SEARCH_BUDGET, however many queries', async () => {
  const s = await startBuiltServer({ env: { CONTEXT_MODE_SEARCH_BUDGET: '1500' } });
  try {
    const md = Array.from(
      { length: 40 },
      (_, i) => `## Topic ${i}\n\n${`Paragraph about gizmo ${i} and the sprocket. `.repeat(30)}`,
    ).join('\n\n');
    await s.client.callTool({ name: 'ctx_index', arguments: { content: md, source: 'big' } });
    const r = await s.client.callTool({
      name: 'ctx_search',
      arguments: { queries: ['gizmo', 'sprocket', 'paragraph topic', 'gizmo sprocket'], limit: 3 },
    });
    assert.ok(!isError(r), text(r));
    assert.ok(Buffer.byteLength(text(r)) <= 1500, String(Buffer.byteLength(text(r))));
    assert.match(text(r), /## gizmo/);
  } finally {
    await s.close();
  }
});

test('sort "timeline" lists the newest indexed content first', async () => {
  const s = await startBuiltServer();
  try {
    await s.client.callTool({ name: 'ctx_index', arguments: { content: '# Old\n\nthe walrus note', source: 'first' } });
    await new Promise((r) => setTimeout(r, 20));
    await s.client.callTool({
      name: 'ctx_index',
      arguments: { content: '# New\n\nanother walrus note', source: 'second' },
    });
    const r = await s.client.callTool({
      name: 'ctx_search',
      arguments: { queries: ['walrus'], sort: 'timeline', limit: 2 },
    });
    assert.ok(!isError(r), text(r));
    assert.ok(text(r).indexOf('— second') < text(r).indexOf('— first'), text(r));
  } finally {
    await s.close();
  }
});

type LedgerRow = { tool: string; kind: string; raw_bytes: number; returned_bytes: number; source_id: string | null };

async function ledgerRows(home: string): Promise<LedgerRow[]> {
  const { openLedgerFile } = await import('@context-mode/shared/ledger/ledger-db');
  const db = openLedgerFile(join(home, 'projects', readdirSync(join(home, 'projects'))[0]!, 'ledger.db'));
  try {
    return db
      .prepare('SELECT tool, kind, raw_bytes, returned_bytes, source_id FROM ledger ORDER BY id')
      .all<LedgerRow>();
  } finally {
    db.close();
  }
}

test('the ledger books a saving only for what the model did not have to read: a file yes; inline content, a directory and a search no', async () => {
  const s = await startBuiltServer();
  try {
    mkdirSync(join(s.project, 'docs'));
    const page = `# Guide\n\n${'The capybara report explains the ledger. '.repeat(200)}`;
    writeFileSync(join(s.project, 'docs', 'guide.md'), page);
    writeFileSync(join(s.project, 'docs', 'other.md'), `# Other\n\n${'More notes on the walrus. '.repeat(100)}`);
    const content = '# Ledger\n\nThe ledger counts bytes for the capybara report.';
    const inline = await s.client.callTool({ name: 'ctx_index', arguments: { content, source: 'ledger-doc' } });
    const file = await s.client.callTool({ name: 'ctx_index', arguments: { path: 'docs/guide.md' } });
    const dir = await s.client.callTool({ name: 'ctx_index', arguments: { path: 'docs' } });
    const q = await s.client.callTool({ name: 'ctx_search', arguments: { queries: ['capybara'] } });
    const rows = (await ledgerRows(s.home)).filter((r) => r.kind !== 'own-cost');
    const shape = (r: LedgerRow) => ({ tool: r.tool, kind: r.kind, raw: r.raw_bytes, returned: r.returned_bytes });
    assert.deepEqual(rows.map(shape), [
      // Inline content was written by the model: it was in the context already.
      { tool: 'ctx_index', kind: 'index', raw: 0, returned: Buffer.byteLength(text(inline)) },
      { tool: 'ctx_index', kind: 'index', raw: Buffer.byteLength(page), returned: Buffer.byteLength(text(file)) },
      // Nobody would have read a whole directory into the context (it was booked as 334 KB "saved").
      { tool: 'ctx_index', kind: 'index', raw: 0, returned: Buffer.byteLength(text(dir)) },
      { tool: 'ctx_search', kind: 'search', raw: 0, returned: Buffer.byteLength(text(q)) },
    ]);
  } finally {
    await s.close();
  }
});
