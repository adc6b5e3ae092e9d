// What the Chromium dashboard tests share: where the browser and the CLI are, whether the tests may skip, starting
// `ctxmode dashboard` on a seeded project, and launching Debian's chromium with the flags this machine needs.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import type { SeededProject } from './seed-project.js';

export const BIN = fileURLToPath(new URL('../../bin/context-mode.cjs', import.meta.url));
export const ARTIFACTS =
  process.env.CONTEXT_MODE_ARTIFACTS ?? fileURLToPath(new URL('../../../artifacts/dashboard/', import.meta.url));
export const CHROMIUM = '/usr/bin/chromium';
// Without Chromium the browser tests skip on a developer's machine; in CI they fail instead, so a stage never
// passes having silently lost them.
const IN_CI = !['', '0', 'false'].includes((process.env.CI ?? '').toLowerCase());
export const SKIP =
  existsSync(CHROMIUM) || IN_CI
    ? false
    : `Debian chromium is not installed at ${CHROMIUM} (.ci/apt-packages.txt installs it)`;
export const MISSING_IN_CI = `CI is set and Debian chromium is missing at ${CHROMIUM}: the browser tests cannot run (.ci/apt-packages.txt installs it)`;

export async function startDashboard(seed: SeededProject): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [BIN, 'dashboard', '--no-open', '--project', seed.project], {
    env: seed.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`no URL within 20 s: ${out}`)), 20_000);
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /^(http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)$/m.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    child.once('exit', (code) => reject(new Error(`dashboard exited ${code}: ${out}`)));
  });
  return { url, child };
}

/** Headless Debian chromium in a fresh profile folder (returned, for the caller to delete). */
export async function launchChromium(): Promise<{ browser: Browser; profile: string }> {
  const profile = mkdtempSync(join(tmpdir(), 'cm-chromium-'));
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    env: { ...process.env, HOME: profile, XDG_CONFIG_HOME: profile },
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return { browser, profile };
}
