// Hook checks of one host: every event present once, commands resolvable, no stale or duplicate entries, the
// host's switch on, sibling hook files, and hook trust where the host asks for it.
import type { HostRecord } from '@context-mode/shared/platforms/types';
import { pathForOs } from '@context-mode/shared/platforms/host-paths';
import { isOurCommand, isStaleContextModeCommand } from '@context-mode/shared/setup/hook-command';
import { hookEventNames, hookFileHost, isOurHookEntry } from '@context-mode/shared/setup/hook-entries';
import { parseJsonObject, stringsIn, valueAt } from '@context-mode/shared/setup/jsonc-edit';
import { PLUGIN_HEADER } from '@context-mode/shared/setup/plugin-file';
import { BIN_NAME, INSTALL_COMMAND } from '@context-mode/shared/setup/product';
import { parseTomlFile } from '@context-mode/shared/setup/toml-block';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parse as parseToml } from 'smol-toml';
import {
  commandTargets,
  readHostFiles,
  readIfExists,
  resolvable,
  setupCmd,
  unreadableFile,
  type HostCheck,
  type HostCheckInput,
} from './host-check-common.js';

function jsonHooks(text: string, path: string): Record<string, unknown> {
  const doc = parseJsonObject(text, path);
  return (doc.hooks && typeof doc.hooks === 'object' ? doc.hooks : {}) as Record<string, unknown>;
}

/** Kimi-style `[[hooks]]` tables grouped by their `event`, shaped like a JSON hooks object. */
function tomlHooksByEvent(text: string, path: string): Record<string, unknown[]> {
  const doc = parseTomlFile(text, path);
  const out: Record<string, unknown[]> = {};
  for (const h of Array.isArray(doc.hooks) ? doc.hooks : []) {
    const event = h && typeof h === 'object' ? String((h as Record<string, unknown>).event) : '';
    (out[event] ??= []).push(h);
  }
  return out;
}

/** Hooks: every event present once, commands resolvable, no stale or duplicate context-mode entries, enabled. */
export function hooksCheck(host: HostRecord, input: HostCheckInput): HostCheck[] {
  const setup = host.hookSetup?.value;
  if (!setup) return [];
  const name = `${host.id} hooks`;
  const out: HostCheck[] = [];
  let sawOurs = false;
  const { paths, files } = readHostFiles(name, host, 'hooksFile', input, out);
  for (const { path, text } of files) {
    if (setup.layout === 'opencode-plugin') {
      if (!text.startsWith(PLUGIN_HEADER)) continue;
      sawOurs = true;
      const target = /from "([^"]+)"/.exec(text)?.[1];
      out.push(
        target && !existsSync(target)
          ? {
              status: 'FAIL',
              name,
              detail: `${path} imports ${target}, which is gone`,
              fix: `Run: ${setupCmd(host)}`,
              autoFix: { kind: 'setup', host: host.id },
            }
          : {
              status: 'OK',
              name,
              detail: `${path}: plugin ${target ? `→ ${target}` : 'found through the global npm root'}`,
            },
      );
      continue;
    }
    let hooks: Record<string, unknown>;
    try {
      hooks = setup.layout === 'toml-array' ? tomlHooksByEvent(text, path) : jsonHooks(text, path);
    } catch (err) {
      out.push(unreadableFile(name, path, err));
      continue;
    }
    const events = hookEventNames(hookFileHost(host));
    const problems: string[] = [];
    let ours = 0;
    let stale = 0;
    const missingTargets = new Set<string>();
    for (const [event, arr] of Object.entries(hooks)) {
      if (!Array.isArray(arr)) continue;
      const mine = arr.filter(isOurHookEntry);
      ours += mine.length;
      if (mine.length > 1) problems.push(`${event} runs our hook ${mine.length} times`);
      stale += arr.filter((e) => stringsIn(e).some(isStaleContextModeCommand)).length;
      for (const cmd of mine.flatMap((e) => stringsIn(e)).filter(isOurCommand)) {
        for (const t of commandTargets(cmd)) if (!resolvable(t, input.env)) missingTargets.add(t);
      }
    }
    if (!ours && !stale) continue;
    sawOurs = sawOurs || ours > 0;
    if (stale) {
      out.push({
        status: 'WARN',
        name,
        detail: `${path}: ${stale} older hand-written hook entr${stale === 1 ? 'y' : 'ies'} calling a \`context-mode\` command (it may run another program, and runs hooks twice beside ours)`,
        fix: 'Remove them (ctxmode doctor --fix does, with a backup).',
        autoFix: { kind: 'remove-stale', host: host.id, file: path },
      });
    }
    if (!ours) continue;
    const absent = events.filter((e) => !Array.isArray(hooks[e]) || !(hooks[e] as unknown[]).some(isOurHookEntry));
    if (absent.length) problems.push(`no hook for ${absent.join(', ')}`);
    if (missingTargets.size) {
      const onlyBare = [...missingTargets].every((t) => t === BIN_NAME);
      out.push({
        status: onlyBare ? 'WARN' : 'FAIL',
        name,
        detail: `${path}: ${[...missingTargets].join(', ')} not found (hooks print a hint and do nothing)`,
        fix: onlyBare ? `Install it: ${INSTALL_COMMAND}` : `Run: ${setupCmd(host)}`,
        ...(onlyBare ? {} : { autoFix: { kind: 'setup' as const, host: host.id } }),
      });
    }
    if (setup.enable && valueAt(text, setup.enable.path) !== setup.enable.value) {
      problems.push(`${setup.enable.path.join('.')} is not ${JSON.stringify(setup.enable.value)}, so no hook runs`);
    }
    if (problems.length)
      out.push({
        status: 'FAIL',
        name,
        detail: `${path}: ${problems.join('; ')}`,
        fix: `Run: ${setupCmd(host)}`,
        autoFix: { kind: 'setup', host: host.id },
      });
    else if (!missingTargets.size) out.push({ status: 'OK', name, detail: `${path}: ${events.length} events` });
    const trust = trustCheck(host, input);
    if (trust) out.push(trust);
  }
  if (!sawOurs && !out.length && input.setUp?.includes(host.id)) {
    out.push({
      status: 'FAIL',
      name,
      detail: 'setup wrote hooks, but none are there now',
      fix: `Run: ${setupCmd(host)}`,
      autoFix: { kind: 'setup', host: host.id },
    });
  }
  for (const path of [...new Set(paths)]) out.push(...siblingHookFiles(host, path));
  return out;
}

/**
 * Hosts that load every file of a hooks directory (Copilot: every `.github/hooks/*.json`, in either format) run
 * a context-mode hook in another file too: an older hand-written file makes each hook run twice.
 */
function siblingHookFiles(host: HostRecord, ours: string): HostCheck[] {
  if (!host.hookSetup?.value.commandHost) return [];
  const dir = dirname(ours);
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith('.json') && join(dir, n) !== ours);
  } catch {
    return [];
  }
  const out: HostCheck[] = [];
  for (const n of names) {
    const file = join(dir, n);
    const strings = stringsIn(parseQuietly(readIfExists(file) ?? ''));
    const stale = strings.some(isStaleContextModeCommand);
    if (!stale && !strings.some(isOurCommand)) continue;
    out.push({
      status: 'WARN',
      name: `${host.id} hooks`,
      detail: `${file} also runs context-mode hooks; ${host.displayName} loads every file there, so each hook runs twice`,
      fix: stale
        ? 'Remove its context-mode entries (ctxmode doctor --fix does, with a backup), or delete the file.'
        : `Delete ${file}; setup keeps ours in ${ours}.`,
      ...(stale ? { autoFix: { kind: 'remove-stale' as const, host: host.id, file } } : {}),
    });
  }
  return out;
}

function parseQuietly(text: string): unknown {
  try {
    return parseJsonObject(text, 'hooks');
  } catch {
    return {};
  }
}

/**
 * Hosts that run hooks only once trusted (Codex) record trust per hook in their config. With no trusted entry at
 * all, ours certainly do not run; with some, ours may still be new or changed (the hash is the host's, not ours
 * to compute), so that is reported as a reminder, not as OK.
 */
function trustCheck(host: HostRecord, input: HostCheckInput): HostCheck | undefined {
  const trust = host.hookTrust?.value;
  if (!trust) return undefined;
  const name = `${host.id} hook trust`;
  const fix = host.setupNote?.value ?? `Trust the hooks in ${host.displayName}.`;
  const file = pathForOs(trust.file, {
    env: input.env,
    home: input.home,
    ...(input.platform ? { platform: input.platform } : {}),
  });
  const relocated = host.paths.value.configDirEnv ? input.env[host.paths.value.configDirEnv] : undefined;
  const path = relocated ? join(relocated, 'config.toml') : file;
  let table: unknown;
  try {
    let cur: unknown = path ? parseToml(readIfExists(path) ?? '') : {};
    for (const k of trust.table) cur = cur && typeof cur === 'object' ? (cur as Record<string, unknown>)[k] : undefined;
    table = cur;
  } catch {
    return { status: 'WARN', name, detail: `${path} does not parse, so trust cannot be read`, fix };
  }
  const trusted =
    table && typeof table === 'object'
      ? Object.values(table).filter((v) => v && typeof v === 'object' && trust.field in v).length
      : 0;
  return trusted
    ? {
        status: 'WARN',
        name,
        detail: `${trusted} hook(s) trusted in ${path}; ours run only if they are among them (a changed hook needs trusting again)`,
        fix,
      }
    : { status: 'FAIL', name, detail: `no hook is trusted in ${path}: ${host.displayName} skips ours silently`, fix };
}
