// `npm publish --dry-run` of the npm package against a registry stub on 127.0.0.1, so that npm's own publish checks
// (the manifest it accepts, the version not yet on the registry, the file list it would upload) run offline and
// end in bounded time: against the real registry with no network npm retries until it is killed.
// What npm asks a registry during a dry run (logged from npm 11): GET /<name> (the packument, to refuse a version
// that is already published), and GET /npm when its update notifier is on (switched off here). The stub answers
// the packument from `published` (404 when empty: a name never published) and 404 to everything else.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Runs `npm publish --dry-run --json <spec>` (a tarball or a package folder) with a temp npmrc and cache pointed at
 * the stub. `published` lists versions the stub says are already on the registry under `name`. Resolves with npm's
 * exit status (null when killed at `timeoutMs`), the files npm would publish, the requests the stub saw and stderr.
 * @param {string} spec
 * @param {{ name: string, published?: string[], cwd?: string, timeoutMs?: number }} options
 * @returns {Promise<{ status: number | null, files: string[], requests: string[], stderr: string }>}
 */
export async function publishDryRun(spec, { name, published = [], cwd = process.cwd(), timeoutMs = 60_000 }) {
  const requests = [];
  const server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    req.resume();
    const packument = req.method === 'GET' && decodeURIComponent((req.url ?? '').slice(1)) === name;
    if (packument && published.length > 0) {
      const versions = Object.fromEntries(published.map((v) => [v, { name, version: v, dist: { shasum: '' } }]));
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ name, 'dist-tags': { latest: published.at(-1) }, versions }));
      return;
    }
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end('{"error":"Not found"}');
  });
  await new Promise((ok, fail) => server.once('error', fail).listen(0, '127.0.0.1', () => ok(undefined)));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const registry = `http://127.0.0.1:${port}/`;
  const scratch = mkdtempSync(join(tmpdir(), 'cm-publish-'));
  try {
    // A token so npm runs the publish as a logged-in user would; it never leaves this machine.
    const npmrc = join(scratch, 'npmrc');
    writeFileSync(
      npmrc,
      [`//127.0.0.1:${port}/:_authToken=dry-run-local-stub`, 'update-notifier=false', 'fetch-retries=0', ''].join('\n'),
    );
    writeFileSync(join(scratch, 'globalrc'), '');
    // npm run passes its own settings down as npm_config_*; none of them may reach this npm.
    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_config_/i.test(k)));
    Object.assign(env, {
      npm_config_userconfig: npmrc,
      npm_config_globalconfig: join(scratch, 'globalrc'),
      npm_config_cache: join(scratch, 'cache'),
      npm_config_registry: registry,
    });
    const child = spawn('npm', ['publish', '--dry-run', '--json', spec, '--registry', registry], {
      cwd,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: timeoutMs,
      killSignal: 'SIGKILL',
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    const status = await new Promise((ok) => {
      child.once('error', (err) => {
        stderr += String(err);
        ok(null);
      });
      child.once('close', (code) => ok(code));
    });
    return { status, files: filesOf(stdout, name), requests, stderr };
  } finally {
    server.close();
    server.closeAllConnections();
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** The file paths in npm's --json answer: npm 10 prints the package summary, npm 11 keys it by package name. */
function filesOf(stdout, name) {
  let answer;
  try {
    answer = JSON.parse(stdout);
  } catch {
    return [];
  }
  const summary = Array.isArray(answer?.files) ? answer : answer?.[name];
  return Array.isArray(summary?.files) ? summary.files.map((f) => f.path).sort() : [];
}
