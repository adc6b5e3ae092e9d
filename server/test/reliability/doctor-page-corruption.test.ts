// Garbage in a knowledge base's interior pages: opening it still works (page 1 is intact), so doctor used to
// say OK while every search failed with "database disk image is malformed". Doctor — CLI text, CLI --json and
// the ctx_doctor tool — must name the damaged file as a FAIL with the fix, and leave the file where it is.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { projectPaths } from '@context-mode/shared/project/project-identity';
import { BIN, startBuiltServer } from '../helpers/mcp-client.js';

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A project whose knowledge.db was filled through the CLI and then had 8 interior pages overwritten. */
function damagedProject(): {
  home: string;
  project: string;
  db: string;
  cli: (...args: string[]) => ReturnType<typeof spawnSync>;
} {
  const home = tempDir('cm-rel-doc-home-');
  const project = tempDir('cm-rel-doc-proj-');
  const env = { ...process.env, CONTEXT_MODE_HOME: home, CONTEXT_MODE_PROJECT_DIR: project };
  const cli = (...args: string[]) =>
    spawnSync(process.execPath, [BIN, ...args], { cwd: project, env, encoding: 'utf8', timeout: 60_000 });
  const text = Array.from(
    { length: 3000 },
    (_, i) => `line ${i} about widgets, gadgets and sprockets number ${i * 31}`,
  ).join('\n');
  writeFileSync(join(project, 'notes.txt'), text);
  const indexed = cli('index', 'notes.txt');
  assert.equal(indexed.status, 0, String(indexed.stderr));
  const db = projectPaths(project, env).knowledgeDb;
  assert.ok(!existsSync(`${db}-wal`) || statSync(`${db}-wal`).size === 0, 'the CLI left its writes in the WAL');
  const size = statSync(db).size;
  assert.ok(size > 4096 * 20, `knowledge.db is only ${size} bytes`);
  const fd = openSync(db, 'r+');
  const garbage = Buffer.alloc(4096 * 8, 0xa5);
  writeSync(fd, garbage, 0, garbage.length, Math.floor(size / 2 / 4096) * 4096);
  closeSync(fd);
  return { home, project, db, cli };
}

interface DoctorJson {
  ok: boolean;
  checks: Array<{ name: string; status: string; detail: string; fix?: string }>;
}

test('doctor (text and --json) reports a knowledge.db with garbage in interior pages as a FAIL with the fix', () => {
  const { db, cli } = damagedProject();
  const json = cli('doctor', '--json');
  assert.equal(json.status, 1, String(json.stderr));
  const report = JSON.parse(String(json.stdout)) as DoctorJson;
  assert.equal(report.ok, false);
  const stores = report.checks.find((c) => c.name === 'stores');
  assert.equal(stores?.status, 'FAIL', JSON.stringify(stores));
  assert.match(stores.detail, /knowledge\.db/);
  assert.ok(stores.fix?.includes(db), `fix does not name ${db}: ${stores.fix}`);
  assert.match(stores.fix ?? '', /moves it aside .*re-index/);

  const text = cli('doctor');
  assert.equal(text.status, 1);
  assert.match(String(text.stdout), /^\[FAIL\] stores: .*knowledge\.db/m);
  assert.ok(String(text.stdout).includes(db), String(text.stdout));
  assert.ok(existsSync(db), 'doctor only reports: the file stays where it is');
});

test('ctx_doctor over MCP reports the same FAIL for the damaged knowledge.db', async (t) => {
  const { home, project, db } = damagedProject();
  const server = await startBuiltServer({ project, env: { CONTEXT_MODE_HOME: home } });
  t.after(() => server.close());
  const r = (await server.client.callTool({ name: 'ctx_doctor', arguments: {} })) as {
    content: Array<{ text?: string }>;
  };
  const text = r.content.map((c) => c.text ?? '').join('');
  assert.match(text, /^\[FAIL\] stores: .*knowledge\.db/m, text);
  assert.match(text, /knowledge\.db/);
  assert.ok(text.includes(db), `answer does not name ${db}: ${text}`);
  assert.match(text, /moves it aside/);
});

test('doctor --fix moves the damaged knowledge.db aside, says so, and the next search answers from a fresh store', () => {
  const { db, cli } = damagedProject();
  const fixed = cli('doctor', '--fix');
  assert.match(String(fixed.stderr), /moved aside to .*knowledge\.db\.corrupt-/, String(fixed.stderr));
  assert.ok(!existsSync(db) || statSync(db).size > 0);
  const dir = join(db, '..');
  assert.ok(
    readdirSync(dir).some((f) => f.startsWith('knowledge.db.corrupt-')),
    'the damaged file is kept',
  );
  const after = cli('doctor', '--json');
  const stores = (JSON.parse(String(after.stdout)) as DoctorJson).checks.find((c) => c.name === 'stores');
  assert.equal(stores?.status, 'OK', JSON.stringify(stores));
  assert.equal(cli('index', 'notes.txt').status, 0);
  const search = cli('search', 'sprockets');
  assert.equal(search.status, 0, String(search.stderr));
  assert.match(String(search.stdout), /sprockets/);
});

test('a zero-length memory.db is a WARN naming the file, and doctor --fix moves it aside', () => {
  const { db, cli } = damagedProject();
  const memory = join(db, '..', 'memory.db');
  writeFileSync(memory, '');
  const report = JSON.parse(String(cli('doctor', '--json').stdout)) as DoctorJson;
  const stores = report.checks.find((c) => c.name === 'stores');
  assert.match(stores?.detail ?? '', /memory\.db: zero-length/);
  assert.ok(stores?.fix?.includes(memory), JSON.stringify(stores));
  const fixed = cli('doctor', '--fix');
  assert.match(String(fixed.stderr), /memory\.db: moved aside to .*memory\.db\.corrupt-/, String(fixed.stderr));
  assert.ok(!existsSync(memory));
});
