import assert from 'node:assert/strict';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { openDatabase } from '@context-mode/shared/db/open-database';
import { startBuiltServer, type BuiltServer } from '../helpers/mcp-client.js';

type ToolResult = { content: Array<{ type: string; text: string }>; isError?: boolean };
const text = (r: unknown) => (r as ToolResult).content.map((c) => c.text).join('\n');
const isError = (r: unknown) => (r as ToolResult).isError === true;

/** A generated documentation page as doc tools write them: site chrome around a few sections. */
const GUIDE = `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Harbor CLI — Configuration</title>
  <style>.sidebar { color: #333 } .hljs-keyword { font-weight: bold }</style>
  <script>window.analyticsQueue = window.analyticsQueue || []; trackPageview("harbor");</script>
</head>
<body class="theme-light">
  <header class="site-header"><div class="logo">Harbor</div><a href="/">Home</a></header>
  <nav class="sidebar"><ul><li><a href="install.html">Installing the sidebar link</a></li><li><a href="config.html">Config</a></li></ul></nav>
  <main>
    <h1 id="configuration">Configuration</h1>
    <p>Harbor reads its settings from <code>harbor.toml</code> in the project root.</p>
    <h2 id="mooring">Mooring timeouts</h2>
    <p>A vessel that stays unmoored past <code>mooring_grace</code> seconds is released back to the queue.</p>
    <h3 id="tuning">Tuning the grace period</h3>
    <p>Raise the grace period on slow networks:</p>
    <pre><code class="language-toml">[mooring]
mooring_grace = 90
</code></pre>
    <h2 id="ports">Port table</h2>
    <table class="docutils">
      <thead><tr><th>Port</th><th>Purpose</th></tr></thead>
      <tbody><tr><td>7443</td><td>lighthouse beacon</td></tr><tr><td>7444</td><td>tugboat admin</td></tr></tbody>
    </table>
  </main>
  <footer class="site-footer"><p>Copyright Harbor authors. Built with a doc generator.</p></footer>
  <script src="search-index.js"></script>
</body>
</html>
`;

/** An Angular component template: code a developer greps for tags and bindings. */
const TEMPLATE = `<div class="dock-card" *ngFor="let berth of berths">
  <span class="berth-name">{{ berth.name }}</span>
  <button (click)="release(berth)">Release berth</button>
</div>
`;

describe('ctx_index over HTML documentation, through the built server', () => {
  let s: BuiltServer;
  const chunks = () => {
    const projects = join(s.home, 'projects');
    const db = openDatabase(join(projects, readdirSync(projects)[0]!, 'knowledge.db'));
    try {
      return db
        .prepare(
          'SELECT s.label AS source, c.title AS title, c.content AS content FROM chunks c JOIN sources s ON s.id = c.source_id',
        )
        .all<{ source: string; title: string; content: string }>();
    } finally {
      db.close();
    }
  };

  before(async () => {
    s = await startBuiltServer();
    mkdirSync(join(s.project, 'docs', 'site'), { recursive: true });
    mkdirSync(join(s.project, 'src', 'app'), { recursive: true });
    writeFileSync(join(s.project, 'docs', 'site', 'config.html'), GUIDE);
    writeFileSync(join(s.project, 'src', 'app', 'dock-card.component.html'), TEMPLATE);
  });
  after(async () => {
    await s.close();
  });

  test('a documentation page is indexed as its sections, without markup, scripts or site chrome', async () => {
    const r = await s.client.callTool({ name: 'ctx_index', arguments: { path: 'docs/site/config.html' } });
    assert.ok(!isError(r), text(r));
    assert.match(text(r), /1 HTML page\(s\) indexed as their text, by sections\.\nSearch with ctx_search/);
    const mine = chunks().filter((c) => c.source === 'file:docs/site/config.html');
    const titles = mine.map((c) => c.title);
    assert.ok(titles.includes('Configuration > Mooring timeouts > Tuning the grace period'), titles.join(' | '));
    assert.ok(titles.includes('Configuration > Port table'), titles.join(' | '));
    for (const c of mine) {
      assert.doesNotMatch(c.content, /<div|<td|class=|analyticsQueue|trackPageview|hljs|sidebar/, c.content);
      assert.doesNotMatch(c.content, /Copyright Harbor|Home\]/, 'header and footer are chrome');
    }
    const all = mine.map((c) => c.content).join('\n');
    assert.match(all, /mooring_grace = 90/, 'the code block is kept');
    assert.match(all, /\| 7443 \| lighthouse beacon \|/, 'the table is kept as a table');

    const q = await s.client.callTool({
      name: 'ctx_search',
      arguments: { queries: ['how long can a vessel stay unmoored'], limit: 1 },
    });
    assert.ok(!isError(q), text(q));
    assert.match(text(q), /Configuration > Mooring timeouts/);
    assert.match(text(q), /released back to the queue/);
  });

  test('a component template stays indexed as it is, tags and bindings included', async () => {
    const r = await s.client.callTool({ name: 'ctx_index', arguments: { path: 'src/app' } });
    assert.ok(!isError(r), text(r));
    assert.doesNotMatch(text(r), /HTML page/);
    const mine = chunks().filter((c) => c.source === 'file:src/app/dock-card.component.html');
    assert.equal(mine.length, 1);
    assert.match(mine[0]!.content, /\*ngFor="let berth of berths"/);
    assert.match(mine[0]!.content, /<button \(click\)="release\(berth\)">/);
  });

  test('re-indexing an unchanged page gives the same sections', async () => {
    const before = chunks().filter((c) => c.source === 'file:docs/site/config.html');
    const r = await s.client.callTool({ name: 'ctx_index', arguments: { path: 'docs/site/config.html' } });
    assert.ok(!isError(r), text(r));
    const afterward = chunks().filter((c) => c.source === 'file:docs/site/config.html');
    assert.deepEqual(afterward, before);
  });

  test('a huge and a broken page in a folder do not lose the other files, and are reported', async () => {
    const dir = join(s.project, 'manual');
    mkdirSync(dir);
    writeFileSync(join(dir, 'config.html'), GUIDE);
    // Over the full converter's size limit: the plain extraction indexes it, and the answer says so.
    const para = '<p>The breakwater log records every tide in the harbour basin for later audit.</p>\n';
    writeFileSync(
      join(dir, 'tides.html'),
      `<!doctype html><html><body><h1>Tide log</h1>${para.repeat(Math.ceil((1.1 * 1024 * 1024) / para.length))}<p>Last entry: kelpwater.</p></body></html>`,
    );
    // Unclosed and stray tags, an unterminated comment and attribute.
    writeFileSync(
      join(dir, 'broken.html'),
      '<!doctype html><html><body><h1>Anchors<h2>Chain <b>locker<p>The windlass hauls the anchor</i></td>< <<>> <a href="x\n<!-- never closed',
    );
    writeFileSync(join(dir, 'notes.md'), '# Notes\n\nThe harbour master keeps a spare capstan key.');
    const r = await s.client.callTool({ name: 'ctx_index', arguments: { path: 'manual' } });
    assert.ok(!isError(r), text(r));
    assert.match(text(r), /Indexed 4 file\(s\)/);
    assert.match(
      text(r),
      /HTML not fully converted: manual\/tides\.html \(page over 1024 KiB; indexed as plain extraction\)/,
    );
    for (const [q, want] of [
      ['spare capstan key', 'file:manual/notes.md'],
      ['kelpwater', 'file:manual/tides.html'],
      ['windlass hauls the anchor', 'file:manual/broken.html'],
      ['unmoored vessel released', 'file:manual/config.html'],
    ] as const) {
      const res = await s.client.callTool({ name: 'ctx_search', arguments: { queries: [q], source: 'file:manual/' } });
      assert.match(text(res), new RegExp(want.replace(/[.]/g, '\\.')), `${q}: ${text(res)}`);
    }
    const tides = chunks().filter((c) => c.source === 'file:manual/tides.html');
    assert.ok(tides.length > 0);
    for (const c of tides) assert.doesNotMatch(c.content, /<p>|<\/p>/);
  });
});
