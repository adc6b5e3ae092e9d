import { formatBytes } from '@context-mode/shared/budget/format-bytes';
import { NoSqliteDriverError, nodeSqliteAvailable, pickDriver } from '@context-mode/shared/db/drivers';
import { openDatabase } from '@context-mode/shared/db/open-database';
import { storeHealth } from '@context-mode/shared/db/store-health';
import { allHosts, findHostByName, unknownHostMessage } from '@context-mode/shared/platforms/host-table';
import { resolveHost } from '@context-mode/shared/platforms/resolve-host';
import type { HostRecord } from '@context-mode/shared/platforms/types';
import { dataHome, ensureWritableDir } from '@context-mode/shared/project/data-home';
import { listLiveServers } from '@context-mode/shared/project/live-servers';
import { projectPaths } from '@context-mode/shared/project/project-identity';
import { existsSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { setUpHosts, uninstalledHosts } from '../setup/run-setup.js';
import { runHostChecks, type AutoFix } from './host-checks.js';
import { runtimeCheck } from './runtime-check.js';
import { join } from 'node:path';
import { readSetting, settingName } from '@context-mode/shared/settings/settings';
import { errorMessage } from '@context-mode/shared/errors/error-message';

type CheckStatus = 'OK' | 'WARN' | 'FAIL';

export interface DoctorCheck {
  status: CheckStatus;
  name: string;
  detail: string;
  /** What to do about a WARN or FAIL. */
  fix?: string;
  /** The safe fix `doctor --fix` applies. */
  autoFix?: AutoFix;
}

export interface DoctorInput {
  projectRoot: string;
  env?: NodeJS.ProcessEnv;
  /** The host as the MCP server knows it; the CLI detects it from env. */
  host?: HostRecord | undefined;
  version?: string;
  /** Home directory for host config paths (default HOME); tests use a temp one. */
  home?: string;
  /** Start the managed runtime to check it (the CLI; not the MCP server, whose event loop must not wait). */
  checkRuntime?: boolean;
}

/**
 * The checks behind `ctx_doctor` and `context-mode doctor`: each returns one line's worth of status. They
 * never throw; a check that cannot run is itself a FAIL with the error. Keep each one cheap (no network).
 */
export function runDoctorChecks(input: DoctorInput): DoctorCheck[] {
  const env = input.env ?? process.env;
  const checks: DoctorCheck[] = [];
  const run = (name: string, fn: () => Omit<DoctorCheck, 'name'>): void => {
    try {
      checks.push({ name, ...fn() });
    } catch (err) {
      checks.push({ name, status: 'FAIL', detail: errorMessage(err) });
    }
  };

  run('version', () => ({ status: 'OK', detail: `context-mode ${input.version ?? '0.1.0'}` }));
  run('node', () => {
    const major = Number(process.versions.node.split('.')[0]);
    return major >= 20
      ? { status: 'OK', detail: `Node ${process.version} (${process.platform}-${process.arch})` }
      : { status: 'FAIL', detail: `Node ${process.version} is too old`, fix: 'Install Node 20 or newer.' };
  });
  run('sqlite', () => sqliteCheck(env));
  if (input.checkRuntime) {
    try {
      const check = runtimeCheck(env, input.projectRoot);
      if (check) checks.push(check);
    } catch (err) {
      checks.push({ name: 'runtime', status: 'FAIL', detail: err instanceof Error ? err.message : String(err) });
    }
  }
  run('data dir', () => {
    const home = dataHome(env);
    const from = readSetting('home', env) ? settingName('home') : 'default';
    const fix = `Set ${settingName('home')} to a writable absolute directory.`;
    try {
      ensureWritableDir(home, env);
    } catch (err) {
      return { status: 'FAIL', detail: errorMessage(err), fix };
    }
    if (!statSync(home).isDirectory()) return { status: 'FAIL', detail: `${home} (${from}) is not a directory`, fix };
    // A real write, not just an access() check: read-only mounts and full disks only show up here.
    const probe = join(home, `.doctor-probe-${process.pid}`);
    try {
      writeFileSync(probe, 'ok');
      unlinkSync(probe);
    } catch (err) {
      return {
        status: 'FAIL',
        detail: `${home} (${from}) is not writable: ${(err as NodeJS.ErrnoException).code ?? err}`,
        fix,
      };
    }
    return { status: 'OK', detail: `${home} writable (${from})` };
  });
  run('project', () => {
    const p = projectPaths(input.projectRoot, env);
    const kb = existsSync(p.knowledgeDb)
      ? `knowledge.db ${formatBytes(statSync(p.knowledgeDb).size)}`
      : 'no knowledge.db yet';
    return { status: 'OK', detail: `${p.root} → id ${p.id}, ${p.dir} (${kb})` };
  });
  run('stores', () => {
    const p = projectPaths(input.projectRoot, env);
    const stores = [
      ['knowledge.db', p.knowledgeDb],
      ['memory.db', p.memoryDb],
    ] as const;
    const health = stores.map(([name, path]) => ({ name, path, ...storeHealth(path) }));
    const detail = health.map((h) => `${h.name}: ${h.detail}`).join('; ');
    const bad = health.filter((h) => h.state === 'corrupt');
    const empty = health.filter((h) => h.state === 'empty');
    if (!bad.length && !empty.length) return { status: 'OK', detail };
    // A search may still answer from the pages that are intact, so only a query that reads a damaged page moves
    // the file aside by itself; --fix does it now. Nothing is deleted.
    const fix = [
      ...bad.map(
        (h) =>
          `${h.path} is damaged: doctor --fix moves it aside as <file>.corrupt-<time> (nothing is deleted) and a fresh store starts (a search, index or hook that reads a damaged page does the same); re-index what you need.`,
      ),
      ...empty.map(
        (h) =>
          `${h.path}: a zero-length file (a store cut short, e.g. by a full disk or a copy) holds nothing; doctor --fix moves it aside as <file>.corrupt-<time> and a fresh store starts.`,
      ),
    ].join(' ');
    return {
      status: bad.length ? 'FAIL' : 'WARN',
      detail,
      fix,
      autoFix: { kind: 'move-store-aside', paths: [...bad, ...empty].map((h) => h.path) },
    };
  });
  run('host', () => {
    const host = input.host ?? resolveHost(undefined, env);
    if (host) return { status: 'OK', detail: `${host.displayName} (${host.id})` };
    // Run from a terminal there is no host to detect: what matters there is which hosts are set up.
    const setUp = setUpHosts(env).map((r) => r.host);
    return setUp.length
      ? { status: 'OK', detail: `run outside a host; set up for ${setUp.join(', ')}` }
      : {
          status: 'WARN',
          detail: 'run outside a host, and no host is set up yet',
          fix: 'Run `ctxmode setup` (every detected host) or `ctxmode setup --host <id>`; `ctxmode setup --help` lists the ids.',
        };
  });
  run('live servers', () => {
    const id = projectPaths(input.projectRoot, env).id;
    const live = listLiveServers(env);
    const mine = live.filter((s) => s.projectId === id);
    const detail = `${mine.length} serving this project, ${live.length} in all`;
    return mine.length > 1
      ? {
          status: 'WARN',
          detail,
          fix: `Several servers serve this project (pids ${mine.map((s) => s.pid).join(', ')}); restart the host to drop stale ones.`,
        }
      : { status: 'OK', detail };
  });
  // Per-host registration and hooks, and orphan servers: each a line of its own.
  try {
    const recorded = setUpHosts(env);
    const setUp = recorded.map((r) => r.host);
    const withoutMcp = recorded.filter((r) => r.parts && !r.parts.includes('mcp')).map((r) => r.host);
    checks.push(
      ...runHostChecks({
        env,
        home: input.home ?? (env.HOME || homedir()),
        project: input.projectRoot,
        setUp,
        withoutMcp,
        uninstalled: uninstalledHosts(env),
      }),
    );
  } catch (err) {
    checks.push({ name: 'hosts', status: 'FAIL', detail: errorMessage(err) });
  }
  run('private fetch', () =>
    readSetting('allowPrivateFetch', env)
      ? {
          status: 'WARN',
          detail: `${settingName('allowPrivateFetch')}=1: fetches may reach loopback and private networks`,
        }
      : { status: 'OK', detail: 'private and loopback addresses blocked for ctx_fetch_and_index' },
  );
  return checks;
}

function sqliteCheck(env: NodeJS.ProcessEnv): Omit<DoctorCheck, 'name'> {
  const driver = pickDriver(env);
  let db: ReturnType<typeof openDatabase>;
  try {
    db = openDatabase(':memory:', { driver });
  } catch (err) {
    if (err instanceof NoSqliteDriverError) return { status: 'FAIL', detail: err.message, fix: err.hint };
    throw err;
  }
  try {
    db.exec("CREATE VIRTUAL TABLE p USING fts5(x, tokenize='porter unicode61')");
    db.exec("CREATE VIRTUAL TABLE t USING fts5(x, tokenize='trigram')");
    db.prepare('INSERT INTO p(x) VALUES (?)').run('running probes');
    db.prepare('INSERT INTO t(x) VALUES (?)').run('running probes');
    const porter = db.prepare("SELECT count(*) AS n FROM p WHERE p MATCH 'run'").get<{ n: number }>()?.n;
    const trigram = db.prepare("SELECT count(*) AS n FROM t WHERE t MATCH 'robe'").get<{ n: number }>()?.n;
    const version = db.prepare('SELECT sqlite_version() AS v').get<{ v: string }>()?.v;
    if (Number(porter) !== 1 || Number(trigram) !== 1) {
      return {
        status: 'FAIL',
        detail: `${driver}: FTS5 probe returned wrong results`,
        fix: 'Reinstall context-mode (npm install) to rebuild the SQLite driver.',
      };
    }
    const alt = nodeSqliteAvailable() ? '' : ' (node:sqlite needs Node ≥ 22.5)';
    return { status: 'OK', detail: `${driver}, SQLite ${version}, FTS5 porter + trigram${alt}` };
  } finally {
    db.close();
  }
}

/**
 * The general checks and those of one host (named `<id> MCP`, `<id> hooks`, …); the other hosts' lines go. An id
 * no host has is an error that lists the ids.
 */
export function onlyHost(checks: DoctorCheck[], name: string): DoctorCheck[] {
  const host = findHostByName(name);
  if (!host) throw new Error(unknownHostMessage(name));
  const of = (c: DoctorCheck, id: string) => c.name === id || c.name.startsWith(`${id} `);
  return checks.filter((c) => of(c, host.id) || !allHosts().some((h) => of(c, h.id)));
}

/** Plain `[OK] name: detail` lines, with `  fix: …` under WARN/FAIL lines that have one. */
export function formatDoctorLines(checks: DoctorCheck[]): string {
  return checks.map((c) => `[${c.status}] ${c.name}: ${c.detail}${c.fix ? `\n  fix: ${c.fix}` : ''}`).join('\n');
}
