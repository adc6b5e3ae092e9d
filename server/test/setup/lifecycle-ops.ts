// The operations of the lifecycle model test and what the user and the host do to the files: the user's own edits
// (a key anywhere, a hook inside our hook group, making a file or folder read-only and writable again) and the
// host re-writing its file in its own formatting. Each edit updates the model of what the user has in the file.
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import fc from 'fast-check';
import { parse as parseJsonc } from 'jsonc-parser/lib/esm/main.js';
import type { SetupPart } from '@context-mode/shared/protocol/setup';
import {
  asOwner,
  edit,
  FILES,
  FROZEN,
  HOOK_FILES,
  HOSTS,
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
    f.model[i] = parseJsonc(edit(JSON.stringify(m), path, `user value ${o.n}`)) as Record<string, unknown>;
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
