// Doctor's per-host checks: the MCP registration (here) and the hooks (hooks-check.ts) of each host worth
// checking, plus our servers that lost their parent.
import { allHosts } from '@context-mode/shared/platforms/host-table';
import { hostConfigDir } from '@context-mode/shared/platforms/host-paths';
import type { HostRecord } from '@context-mode/shared/platforms/types';
import { listLiveServers } from '@context-mode/shared/project/live-servers';
import { INSTALL_COMMAND, MCP_SERVER_NAME } from '@context-mode/shared/setup/product';
import { parseTomlFile, tomlHasForeignEntry } from '@context-mode/shared/setup/toml-block';
import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import { parseJsonObject, valueAt } from '@context-mode/shared/setup/jsonc-edit';
import { errorMessage } from '@context-mode/shared/errors/error-message';
import { hooksCheck } from './hooks-check.js';
import {
  readHostFiles,
  resolvable,
  setupCmd,
  unreadableFile,
  type HostCheck,
  type HostCheckInput,
} from './host-check-common.js';

export type { AutoFix, HostCheck, HostCheckInput } from './host-check-common.js';

/** `[command, ...args]` of an MCP entry in any of the table's shapes (OpenCode puts the argv in `command`). */
function launchOf(entry: unknown): string[] {
  if (!entry || typeof entry !== 'object') return [];
  const e = entry as { command?: unknown; args?: unknown };
  const argv = Array.isArray(e.command) ? e.command : [e.command, ...(Array.isArray(e.args) ? e.args : [])];
  return argv.filter((x): x is string => typeof x === 'string');
}

/** MCP registration: present, well formed, launching something that exists, not a hand-written foreign entry. */
function mcpCheck(host: HostRecord, input: HostCheckInput): HostCheck[] {
  const cfg = host.paths.value.mcpConfig;
  if (!cfg) return [];
  const name = `${host.id} MCP`;
  const out: HostCheck[] = [];
  let found = false;
  const { files } = readHostFiles(name, host, 'mcpConfig', input, out);
  for (const { path, text } of files) {
    let entry: unknown;
    try {
      if (cfg.format === 'toml') {
        const doc = parseTomlFile(text, path) as Record<string, Record<string, unknown>>;
        entry = doc[cfg.key]?.[MCP_SERVER_NAME];
        if (entry && tomlHasForeignEntry(text, cfg.key, MCP_SERVER_NAME)) {
          out.push({
            status: 'WARN',
            name,
            detail: `${path}: [${cfg.key}.${MCP_SERVER_NAME}] was written by hand, not by setup`,
            fix: `Remove that table, then run: ${setupCmd(host)}`,
          });
        }
      } else {
        // Parsed first: it turns a file nested too deeply into a clear error before anything else recurses into it.
        parseJsonObject(text, path);
        entry = valueAt(text, [cfg.key, MCP_SERVER_NAME]);
      }
    } catch (err) {
      out.push(unreadableFile(name, path, err));
      continue;
    }
    if (entry === undefined) continue;
    found = true;
    const strings = launchOf(entry);
    if (strings.some((s) => /^context-mode(@.*)?$/.test(s))) {
      out.push({
        status: 'FAIL',
        name,
        detail: `${path}: starts "${strings.join(' ')}", which is another product's package on npm`,
        fix: `Run: ${setupCmd(host)} (replaces the entry)`,
        autoFix: { kind: 'setup', host: host.id },
      });
      continue;
    }
    const targets = strings.filter((s, i) => i === 0 || isAbsolute(s));
    const missing = targets.filter((t) => !resolvable(t, input.env));
    if (missing.length) {
      out.push({
        status: 'FAIL',
        name,
        detail: `${path}: ${missing.join(', ')} not found`,
        fix: `Run: ${setupCmd(host)} (or install: ${INSTALL_COMMAND})`,
        autoFix: { kind: 'setup', host: host.id },
      });
    } else out.push({ status: 'OK', name, detail: `${path} → ${strings.join(' ')}` });
  }
  if (!found && !out.length && input.uninstalled?.includes(host.id)) {
    out.push({
      status: 'OK',
      name,
      detail: `not set up (you uninstalled it; \`${setupCmd(host)}\` takes it back)`,
    });
  } else if (!found && !out.length && !input.withoutMcp?.includes(host.id)) {
    out.push({
      status: input.setUp?.includes(host.id) ? 'FAIL' : 'WARN',
      name,
      detail: `context-mode is not registered with ${host.displayName}`,
      fix: `Run: ${setupCmd(host)}`,
      autoFix: { kind: 'setup', host: host.id },
    });
  }
  return out;
}

/** Our MCP servers whose parent is gone (Linux: ppid 1 in /proc); they hold SQLite handles for nothing. */
function orphanCheck(env: NodeJS.ProcessEnv): HostCheck[] {
  if (process.platform !== 'linux') return [];
  const orphans = listLiveServers(env)
    .map((s) => s.pid)
    .filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === 1;
      } catch {
        return false;
      }
    });
  return orphans.length
    ? [
        {
          status: 'WARN',
          name: 'orphan servers',
          detail: `pids ${orphans.join(', ')} serve no host (their parent exited)`,
          fix: 'Stop them (ctxmode doctor --fix sends SIGTERM).',
          autoFix: { kind: 'stop-orphans', pids: orphans },
        },
      ]
    : [{ status: 'OK', name: 'orphan servers', detail: 'none' }];
}

/** Hosts worth checking: those set up by us, and those whose config directory exists here. */
function hostsToCheck(input: HostCheckInput): HostRecord[] {
  return allHosts().filter(
    (h) =>
      input.setUp?.includes(h.id) ||
      (() => {
        const dir = hostConfigDir(h, { env: input.env, home: input.home });
        return dir !== undefined && existsSync(dir);
      })(),
  );
}

/** Per-host registration and hook checks, plus orphan servers. Never throws (a failing check becomes a FAIL). */
export function runHostChecks(input: HostCheckInput): HostCheck[] {
  const out: HostCheck[] = [];
  for (const host of hostsToCheck(input)) {
    try {
      out.push(...mcpCheck(host, input), ...hooksCheck(host, input));
    } catch (err) {
      out.push({ status: 'FAIL', name: host.id, detail: errorMessage(err) });
    }
  }
  try {
    out.push(...orphanCheck(input.env));
  } catch (err) {
    out.push({ status: 'FAIL', name: 'orphan servers', detail: errorMessage(err) });
  }
  return out;
}
