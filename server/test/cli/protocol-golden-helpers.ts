import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BIN } from '../helpers/mcp-client.js';

/** The repository root, and the folder of golden protocol files the JetBrains contract test reads too. */
export const REPO = realpathSync(fileURLToPath(new URL('../../..', import.meta.url)));
export const GOLDEN_DIR = join(REPO, 'shared/test/protocol/golden');

export interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * A temp HOME (with its CONTEXT_MODE_HOME inside) and a temp git project, and a runner for the built CLI in a
 * clean environment: nothing of the caller's host variables (CLAUDE_*, CONTEXT_MODE_PLATFORM, …) leaks in, so the
 * documents depend only on what the test did.
 */
export function engineSandbox() {
  const home = realpathSync(mkdtempSync(join(tmpdir(), 'cm-golden-home-')));
  // A fixed basename: the project's name is in the documents.
  const project = join(realpathSync(mkdtempSync(join(tmpdir(), 'cm-golden-proj-'))), 'app');
  mkdirSync(project);
  const data = join(home, '.context-mode');
  mkdirSync(data);
  const env = {
    // Without npm's node_modules/.bin: `npm test` puts our own `ctxmode` link there, which would change doctor's
    // verdict on the hook files between `npm test` and a direct run.
    PATH: (process.env.PATH ?? '')
      .split(delimiter)
      .filter((dir) => !dir.includes(`node_modules${sep}.bin`))
      .join(delimiter),
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    CONTEXT_MODE_HOME: data,
    LANG: 'C.UTF-8',
    TZ: 'UTC',
  };
  spawnSync('git', ['init', '-q', project], { env });
  const run = (args: string[], stdin?: unknown): Run => {
    const r = spawnSync(process.execPath, [BIN, ...args], {
      cwd: project,
      env,
      input: stdin === undefined ? '' : JSON.stringify(stdin),
      encoding: 'utf8',
      timeout: 90_000,
    });
    return { status: r.status, stdout: r.stdout, stderr: r.stderr };
  };
  return {
    home,
    project,
    run,
    cleanup: () => [home, dirname(project)].forEach((d) => rmSync(d, { recursive: true, force: true })),
  };
}

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/**
 * Volatile values to stable placeholders: absolute paths of this run, the project id (a hash of its path),
 * timestamps (ISO 8601, `YYYY-MM-DD HH:MM` labels, compact `20260101T120000Z-xxxx` stamps in source labels, `YYYY-MM-DD` day keys) and
 * durations (`…Ms` keys).
 */
export function normalise(doc: unknown, subst: Record<string, string>): Json {
  const pairs = Object.entries(subst).sort((a, b) => b[0].length - a[0].length);
  const str = (s: string): string => {
    let out = s;
    for (const [from, to] of pairs) out = out.split(from).join(to);
    return out
      .replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z/g, '<TIME>')
      .replace(/\d{8}T\d{6}Z-[a-z0-9]+/g, '<STAMP>')
      .replace(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/g, '<LOCAL_TIME>')
      .replace(/^\d{4}-\d{2}-\d{2}$/, '<DATE>');
  };
  const walk = (v: unknown, key = ''): Json => {
    if (typeof v === 'string') return str(v);
    if (typeof v === 'number' && /(Ms|duration)$/.test(key)) return '<MS>';
    if (Array.isArray(v)) return v.map((x) => walk(x));
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x, k)]));
    return v as Json;
  };
  return walk(doc);
}

/**
 * The keys of a document, recursively: an object's keys with their shapes, an array's elements merged into one
 * shape (an optional field present in any element counts), a primitive's type.
 */
export function shape(v: unknown): unknown {
  if (v === null) return 'null';
  if (Array.isArray(v)) return { '[]': v.map(shape).reduce(merge, undefined) ?? 'empty' };
  if (typeof v === 'object')
    return Object.fromEntries(
      Object.keys(v)
        .sort()
        .map((k) => [k, shape((v as Record<string, unknown>)[k])]),
    );
  return typeof v;
}

function merge(a: unknown, b: unknown): unknown {
  if (a === undefined) return b;
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const ka = a as Record<string, unknown>;
    const kb = b as Record<string, unknown>;
    return Object.fromEntries(
      [...new Set([...Object.keys(ka), ...Object.keys(kb)])].sort().map((k) => [k, merge(ka[k], kb[k])]),
    );
  }
  if (JSON.stringify(a) === JSON.stringify(b)) return a;
  const alts = (x: unknown) =>
    x && typeof x === 'object' && 'anyOf' in x ? (x as { anyOf: string[] }).anyOf : [JSON.stringify(x)];
  return { anyOf: [...new Set([...alts(a), ...alts(b)])].sort() };
}

/** Every `context-mode.<name>/<n>` id written as a string literal in the given source files' text. */
export function schemaIds(text: string): Set<string> {
  return new Set([...text.matchAll(/['"`](context-mode\.[a-z-]+\/\d+)['"`]/g)].map((m) => m[1]!));
}
