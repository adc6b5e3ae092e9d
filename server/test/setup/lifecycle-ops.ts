// The operations of the lifecycle model test and what the user and the host do to the files: the user's own edits
// (a key anywhere, a hook inside our hook group, a field or env variable inside our MCP entry, making a file or
// folder read-only and writable again) and the host re-writing its file in its own formatting. Each edit updates
// the model of what the user has in the file.
import assert from 'node:assert/strict';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import fc from 'fast-check';
import type { SetupPart } from '@context-mode/shared/protocol/setup';
import {
  asOwner,
  edit,
  FILES,
  FROZEN,
  HOOK_FILES,
  HOSTS,
  MCP_FILES,
  isOurs,
  parseStrict,
  type HostName,
  type Shape,
} from './lifecycle-files.js';

export type Op =
  | { op: 'setup'; host: HostName; parts: SetupPart[]; runtime: number }
  | { op: 'uninstall'; host: HostName }
  | { op: 'user-key'; file: number; n: number; nested: boolean }
  | { op: 'user-hook-in-our-group'; file: number; n: number }
  | { op: 'user-field-in-our-entry'; n: number; env: boolean }
  | { op: 'host-rewrite'; file: number }
  | { op: 'chmod'; file: number; folder: boolean; readOnly: boolean }
  | { op: 'upgrade'; tarball: number }
  | { op: 'concurrent-setup'; hosts: [HostName, HostName] };

const fileArb = fc.integer({ min: 0, max: FILES.length - 1 });

/** The in-process operations: cheap, so CI runs many sequences of them. */
export const quickOpArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    op: fc.constant('setup' as const),
    host: fc.constantFrom(...HOSTS),
    parts: fc.subarray<SetupPart>(['mcp', 'hooks'], { minLength: 1 }),
    runtime: fc.integer({ min: 0, max: 2 }),
  }),
  fc.record({ op: fc.constant('uninstall' as const), host: fc.constantFrom(...HOSTS) }),
  fc.record({ op: fc.constant('user-key' as const), file: fileArb, n: fc.nat(999), nested: fc.boolean() }),
  fc.record({
    op: fc.constant('user-hook-in-our-group' as const),
    file: fc.constantFrom(...HOOK_FILES),
    n: fc.nat(999),
  }),
  fc.record({
    op: fc.constant('user-field-in-our-entry' as const),
    n: fc.nat(999),
    env: fc.boolean(),
  }),
  fc.record({ op: fc.constant('host-rewrite' as const), file: fileArb }),
  fc.record({ op: fc.constant('chmod' as const), file: fileArb, folder: fc.boolean(), readOnly: fc.boolean() }),
);

/** Operations that start processes (npm installing a tarball, two CLI setups at once): a few per sequence. */
export function slowOpArb(tarballs: number): fc.Arbitrary<Op> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.record({ op: fc.constant('upgrade' as const), tarball: fc.nat(tarballs - 1) }) },
    {
      weight: 1,
      arbitrary: fc.record({
        op: fc.constant('concurrent-setup' as const),
        hosts: fc.tuple(fc.constantFrom(...HOSTS), fc.constantFrom(...HOSTS)),
      }),
    },
  );
}

/** One sequence's files and the model of what the user has in each. */
export interface Files {
  home: string;
  paths: string[];
  shapes: Shape[];
  model: Record<string, unknown>[];
  /** The comment the user wrote in the file, until the host rewrites it without. */
  comments: (string | undefined)[];
  /** Whether the user (or the host) changed any file since the first setup. */
  userTouched: boolean;
  /**
   * What the user added inside our MCP entry, per file: values that stay while the entry is there (re-setup and
   * upgrade too), and exact lines for TOML. Uninstall takes the entry out whole and keeps a copy in `copies`.
   */
  inOurEntry: { file: number; value?: string; line?: string }[];
  /** Where uninstall keeps its copies of an entry the user had added to. */
  copies: string;
}

export const readText = (f: Files, i: number) =>
  existsSync(f.paths[i]!) ? readFileSync(f.paths[i]!, 'utf8') : undefined;

function write(f: Files, i: number, text: string): void {
  mkdirSync(dirname(f.paths[i]!), { recursive: true });
  asOwner(f.paths[i]!, () => writeFileSync(f.paths[i]!, text));
  f.userTouched = true;
}

/** Applies a user's or host's edit; false when it does not apply to the file as it is (skipped). */
export function applyEditOp(f: Files, o: Op): boolean {
  if (o.op === 'user-field-in-our-entry') {
    // Into one of the files that hold our entry now (picked by n), so the edit applies whenever there is one.
    const held = MCP_FILES.filter((i) => !FROZEN.has(f.shapes[i]!) && OUR_ENTRY.test(readText(f, i) ?? ''));
    const i = held[o.n % Math.max(held.length, 1)];
    return i !== undefined && editOurEntry(f, i, readText(f, i), o.n, o.env);
  }
  if (!('file' in o) || FROZEN.has(f.shapes[o.file]!)) return false;
  const i = o.file;
  const toml = FILES[i]!.toml;
  const text = readText(f, i);
  const m = f.model[i]!;
  if (o.op === 'chmod') {
    const target = o.folder ? dirname(f.paths[i]!) : f.paths[i]!;
    // HOME itself stays writable: a read-only home is a broken machine, not a user's choice about one file.
    if (!existsSync(target) || target === f.home) return false;
    const mode = statSync(target).mode & 0o7777;
    chmodSync(target, o.readOnly ? mode & ~0o222 : mode | 0o200);
    return true;
  }
  if (o.op === 'user-key' && toml) {
    // Appended at the end, after our block when there is one (where a user typing at the bottom puts it).
    const table = o.nested ? `user_obj${o.n}.inner` : `user_table${o.n}`;
    if (new RegExp(`^\\[${table.replace('.', '\\.')}\\]`, 'm').test(text ?? '')) return false;
    const t = text ?? '';
    write(f, i, `${t}${t && !t.endsWith('\n') ? '\n' : ''}\n[${table}]\nkey = "user value ${o.n}"\n`);
    if (o.nested) m[`user_obj${o.n}`] = { inner: { key: `user value ${o.n}` } };
    else m[`user_table${o.n}`] = { key: `user value ${o.n}` };
    return true;
  }
  if (o.op === 'user-key') {
    const path = o.nested ? [`userObj${o.n}`, 'inner'] : [`userKey${o.n}`];
    write(f, i, edit(text ?? '{}\n', path, `user value ${o.n}`));
    // Set in the model directly: re-editing its text would format a one-line 2.5 MB JSON (40 s a step).
    let at = m;
    for (const k of path.slice(0, -1)) at = (at[k] ??= {}) as Record<string, unknown>;
    at[path[path.length - 1]!] = `user value ${o.n}`;
    return true;
  }
  if (o.op === 'user-hook-in-our-group') {
    if (text === undefined) return false;
    const hooks = (parseStrict(text, 'x.json') as { hooks?: Record<string, unknown[]> }).hooks ?? {};
    const found = Object.entries(hooks).flatMap(([event, arr]) =>
      Array.isArray(arr)
        ? arr.flatMap((g, k) =>
            g && Array.isArray((g as { hooks?: unknown[] }).hooks) && (g as { hooks: unknown[] }).hooks.every(isOurs)
              ? [{ event, k, g }]
              : [],
          )
        : [],
    )[0];
    if (!found) return false;
    const mine = { type: 'command', command: `user-audit-${o.n}` };
    const inner = (found.g as { hooks: unknown[] }).hooks;
    write(f, i, edit(text, ['hooks', found.event, found.k, 'hooks', inner.length], mine));
    const group = { ...(found.g as object), hooks: [...inner.filter((h) => !isOurs(h)), mine] };
    const events = ((m as { hooks?: Record<string, unknown[]> }).hooks ??= {});
    (events[found.event] ??= []).push(group);
    return true;
  }
  if (o.op === 'host-rewrite' && toml) {
    // Codex edits config.toml in place (it keeps comments and layout): trusting a project adds a table.
    if (text === undefined || text.includes('[projects."/work/app"]')) return false;
    write(f, i, `${text}\n[projects."/work/app"]\ntrust_level = "trusted"\n`);
    m.projects = { ...(m.projects as object), '/work/app': { trust_level: 'trusted' } };
    return true;
  }
  if (o.op === 'host-rewrite') {
    // Gemini CLI, Claude Code and Copilot CLI write their settings back with JSON.stringify (two spaces).
    if (text === undefined) return false;
    write(f, i, JSON.stringify(parseStrict(text, f.paths[i]!), null, 2));
    f.comments[i] = undefined;
    return true;
  }
  return false;
}

const OUR_TABLE = /^\[mcp_servers\.context-mode\]\r?\n/m;
const OUR_ENTRY = /"context-mode"\s*:|^\[mcp_servers\.context-mode\]/m;

/**
 * The user adds a field (or an env variable) to our MCP entry, where the host's docs say such fields go: in
 * TOML inside our block (a comment at the end of our args line too), or as an `[mcp_servers.context-mode.env]`
 * table appended at the end of the file.
 */
function editOurEntry(f: Files, i: number, text: string | undefined, n: number, env: boolean): boolean {
  if (text === undefined) return false;
  const value = `user value ${n}`;
  if (f.inOurEntry.some((e) => e.file === i && e.value === value)) return false;
  if (FILES[i]!.toml) {
    const header = OUR_TABLE.exec(text);
    if (!header) return false;
    const at = header.index + header[0].length;
    const eol = header[0].endsWith('\r\n') ? '\r\n' : '\n';
    let insert: string;
    let line: string | undefined;
    const args = /^args = \[[^\n#]*\]\r?$/m.exec(text.slice(at));
    if (!env && n % 2 === 1 && args) {
      // A comment at the end of our own line: a re-pin rewrites the value and keeps the comment.
      const end = at + args.index + args[0].replace(/\r$/, '').length;
      const comment = ` # user note ${n} on our args`;
      write(f, i, text.slice(0, end) + comment + text.slice(end));
      f.inOurEntry.push({ file: i, line: comment });
      return true;
    }
    if (!env) insert = line = `# user note ${n}${eol}user_field_${n} = "${value}"${eol}`;
    else if (/^\[mcp_servers\.context-mode\.env\]/m.test(text) || /^env\s*=/m.test(text.slice(at))) return false;
    else if (n % 3 === 0) {
      // A table of our entry appended at the end of the file, outside the block (TOML allows it anywhere).
      line = `[mcp_servers.context-mode.env]${eol}USER_VAR_${n} = "${value}"${eol}`;
      write(f, i, `${text}${text.endsWith('\n') ? '' : eol}${eol}${line}`);
      f.inOurEntry.push({ file: i, value, line });
      return true;
    } else insert = `env = { USER_VAR_${n} = "${value}" }${eol}`;
    write(f, i, text.slice(0, at) + insert + text.slice(at));
    f.inOurEntry.push({ file: i, value, ...(line ? { line } : {}) });
    return true;
  }
  const entry = (parseStrict(text, 'x.json') as { mcpServers?: Record<string, unknown> }).mcpServers?.['context-mode'];
  if (!entry || typeof entry !== 'object') return false;
  const path = env
    ? ['mcpServers', 'context-mode', 'env', `USER_VAR_${n}`]
    : ['mcpServers', 'context-mode', `userField${n}`];
  write(f, i, edit(text, path, value));
  f.inOurEntry.push({ file: i, value });
  return true;
}

/**
 * What the user added inside our entries is still there while the entry is; once uninstall has taken the entry
 * out, a copy it kept holds every value (and the model forgets them: the file no longer has them).
 */
export function checkOurEntries(f: Files, step: string): void {
  for (const e of [...f.inOurEntry]) {
    const text = readText(f, e.file);
    const value = text === undefined ? undefined : parseStrict(text, f.paths[e.file]!);
    const entry = FILES[e.file]!.toml
      ? (value as { mcp_servers?: Record<string, unknown> } | undefined)?.mcp_servers?.['context-mode']
      : (value as { mcpServers?: Record<string, unknown> } | undefined)?.mcpServers?.['context-mode'];
    if (entry !== undefined) {
      if (e.value !== undefined)
        assert.ok(
          JSON.stringify(entry).includes(JSON.stringify(e.value)),
          `${step}: ${f.paths[e.file]} kept ${e.value}`,
        );
      if (e.line) assert.ok(text!.includes(e.line), `${step}: ${f.paths[e.file]} kept the lines ${e.line}`);
      continue;
    }
    // A comment goes with the entry (the copy keeps values); there is nothing more to find.
    if (e.value === undefined) {
      f.inOurEntry.splice(f.inOurEntry.indexOf(e), 1);
      continue;
    }
    const copies = existsSync(f.copies) ? readdirSync(f.copies).filter((n) => n.endsWith('-mcp-entry.json')) : [];
    assert.ok(
      copies.some((n) => readFileSync(join(f.copies, n), 'utf8').includes(JSON.stringify(e.value))),
      `${step}: ${f.paths[e.file]} lost its entry with ${e.value}, and no copy has it`,
    );
    f.inOurEntry.splice(f.inOurEntry.indexOf(e), 1);
  }
}
