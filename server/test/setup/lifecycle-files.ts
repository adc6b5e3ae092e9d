// The files of the lifecycle model test: which host writes which file under HOME, the shapes a real user's file
// comes in (fixtures re-shaped: JSONC, CRLF, tabs, a key written twice, a symlink into a dotfiles folder inside or
// outside HOME, read-only file or folder, a directory where the file belongs, 10,000 deep, several MB, a Codex
// context-mode block of the user's own inside our markers), and how
// the test reads them back (parse, compare, snapshot).
import assert from 'node:assert/strict';
import { chmodSync, existsSync, lstatSync, mkdirSync, readFileSync, readlinkSync, statSync } from 'node:fs';
import { symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { applyEdits, modify, parse as parseJsonc, type ParseError } from 'jsonc-parser/lib/esm/main.js';
import { parse as parseToml } from 'smol-toml';

const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));

export type HostName = 'claude-code' | 'gemini-cli' | 'codex' | 'copilot-cli';
export const HOSTS: HostName[] = ['claude-code', 'gemini-cli', 'codex', 'copilot-cli'];
/** The user-level files the hosts' setups write, relative to HOME, with the fixture each starts from. */
export const FILES = [
  { rel: '.claude/settings.json', fixture: 'claude-code/settings.json', toml: false, host: 'claude-code' },
  { rel: '.claude.json', fixture: 'claude-code/claude.json', toml: false, host: 'claude-code' },
  { rel: '.gemini/settings.json', fixture: 'gemini-cli/settings.json', toml: false, host: 'gemini-cli' },
  { rel: '.codex/config.toml', fixture: 'codex/config.toml', toml: true, host: 'codex' },
  { rel: '.codex/hooks.json', fixture: 'codex/hooks.json', toml: false, host: 'codex' },
  { rel: '.copilot/mcp-config.json', fixture: 'copilot-cli/mcp-config.json', toml: false, host: 'copilot-cli' },
] as const;
/** Files only setup writes (the user has none there): after uninstall they are gone. */
export const OURS_ONLY = [{ rel: '.copilot/hooks/context-mode.json', host: 'copilot-cli' }] as const;
/** Files with hook groups the user may add a hook of their own to. */
export const HOOK_FILES = [0, 2, 4];
/** Files that hold our MCP server entry (under `mcpServers`, or Codex's `[mcp_servers.context-mode]`). */
export const MCP_FILES = [1, 2, 3, 5];

export type Shape =
  | 'absent'
  | 'fixture'
  | 'jsonc'
  | 'crlf'
  | 'tabs'
  | 'empty'
  | 'symlink'
  | 'symlink-in-home'
  | 'duplicate-key'
  | 'read-only'
  | 'read-only-folder'
  | 'directory'
  | 'deep'
  | 'large'
  | 'own-block';
export const SHAPES: Shape[] = [
  'absent',
  'fixture',
  'jsonc',
  'crlf',
  'tabs',
  'empty',
  'symlink',
  'symlink-in-home',
  'duplicate-key',
  'read-only',
  'read-only-folder',
  'directory',
  'deep',
  'large',
  'own-block',
];
/** Shapes setup can never edit: the file's bytes (or the directory) stay exactly as they are, whatever runs. */
export const FROZEN: ReadonlySet<Shape> = new Set(['directory', 'deep']);
/** A comment the user wrote, which must survive every step until the host itself rewrites the file. */
export const JSONC_COMMENT = '// kept by the user';
export const TOML_COMMENT = '# my codex config';
/**
 * Codex's `own-block` shape: a context-mode block the user wrote between our markers before setup (copied from
 * configs/codex/config.toml, with a field and a comment of theirs). Setup takes it over; uninstall gives it back,
 * so after uninstall this entry, markers and all, is the user's, not ours.
 */
const OWN_BLOCK = readFileSync(
  fileURLToPath(new URL('../../../configs/codex/config.toml', import.meta.url)),
  'utf8',
).replace('args = []\n', 'args = []\nstartup_timeout_sec = 30 # mine\n');
/** The user's own entry in OWN_BLOCK, as parsed. */
export const OWN_ENTRY = (parseToml(OWN_BLOCK) as { mcp_servers: Record<string, Record<string, unknown>> }).mcp_servers[
  'context-mode'
]!;
const DEPTH = 10_000;
/** A file of some megabytes: what `~/.claude.json` grows to with a long project history. */
const LARGE_ENTRIES = 2_500;

function large(toml: boolean): string {
  const line = (i: number) => `${i} ${'lorem ipsum dolor sit amet '.repeat(36)}`;
  if (toml)
    return `\n[history]\n${Array.from({ length: LARGE_ENTRIES }, (_, i) => `entry${i} = "${line(i)}"`).join('\n')}\n`;
  return JSON.stringify(Array.from({ length: LARGE_ENTRIES }, (_, i) => ({ display: line(i) })));
}

export function shaped(shape: Shape, fixture: string, toml: boolean): string | undefined {
  const text = readFileSync(join(FIXTURES, fixture), 'utf8');
  if (shape === 'absent' || shape === 'directory') return undefined;
  if (shape === 'deep')
    return toml ? `a = ${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}\n` : `${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}\n`;
  if (toml) {
    // TOML has no trailing commas and refuses a key written twice: those shapes are the plain file there.
    if (shape === 'crlf') return text.replace(/\r?\n/g, '\r\n');
    if (shape === 'empty') return '';
    if (shape === 'tabs') return text.replace(/^(\w+ = )/gm, '\t$1');
    if (shape === 'large') return text + large(true);
    if (shape === 'own-block') return `${text}\n${OWN_BLOCK}`;
    return text;
  }
  switch (shape) {
    case 'crlf':
      return text.replace(/\r?\n/g, '\r\n');
    case 'tabs':
      return JSON.stringify(parseStrict(text, 'x.json'), null, '\t') + '\n';
    case 'empty':
      return '{}\n';
    case 'duplicate-key':
      return text.replace('{', '{\n  "model": "sonnet", // the host reads the later one\n  "model": "opus",\n');
    case 'jsonc':
      // A comment of the user's, and a trailing comma after the last member.
      return text.replace('{', `{\n  ${JSONC_COMMENT}\n`).replace(/([^\s,{[])(\s*)\}\s*$/, '$1,$2}\n');
    case 'large':
      return text.replace('{', `{\n  "history": ${large(false)},`);
    default:
      return text;
  }
}

/** Puts the shaped file in place (a link, a read-only file or folder, a directory), as the shape says. */
export function placeFile(shape: Shape, path: string, text: string | undefined, root: string, home: string, i: number) {
  mkdirSync(dirname(path), { recursive: true });
  if (shape === 'directory') return mkdirSync(join(path, 'not-a-setting'), { recursive: true });
  if (text === undefined) return;
  if (shape === 'symlink' || shape === 'symlink-in-home') {
    const target = join(
      shape === 'symlink' ? root : home,
      'dotfiles',
      `${i}.${path.endsWith('.toml') ? 'toml' : 'json'}`,
    );
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, text);
    symlinkSync(target, path);
    return;
  }
  writeFileSync(path, text);
  if (shape === 'read-only') chmodSync(path, 0o444);
  // HOME itself stays writable: a read-only home is a broken machine, not a user's choice about one file.
  if (shape === 'read-only-folder' && dirname(path) !== home) chmodSync(dirname(path), 0o555);
}

/** Runs a write the user makes with the write bits they would have to add first, then puts the old modes back. */
export function asOwner<T>(path: string, fn: () => T): T {
  const modes = [dirname(path), path].filter((p) => existsSync(p)).map((p) => [p, statSync(p).mode & 0o7777] as const);
  for (const [p, m] of modes) chmodSync(p, m | 0o200);
  try {
    return fn();
  } finally {
    for (const [p, m] of modes) if (existsSync(p)) chmodSync(p, m);
  }
}

export function parseStrict(text: string, file: string): unknown {
  if (file.endsWith('.toml')) return JSON.parse(JSON.stringify(parseToml(text))) as unknown;
  // A byte-order mark is how some editors save (the Copilot CLI fixture has one); hosts read past it.
  text = text.replace(/^\uFEFF/, '');
  const errors: ParseError[] = [];
  const v = parseJsonc(text, errors, { allowTrailingComma: true });
  assert.deepEqual(errors, [], `${file} parses`);
  return v;
}

export const OURS = /context-mode\.cjs|ctxmode|"context-mode"/;
export const isOurs = (v: unknown) => OURS.test(JSON.stringify(v));

/** Arrays compared as multisets: the order of the user's entries relative to ours is not the point. */
export function canonical(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(canonical).sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
  if (v && typeof v === 'object')
    return Object.fromEntries(
      Object.entries(v)
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([k, x]) => [k, canonical(x)]),
    );
  return v;
}

export function edit(text: string, path: (string | number)[], value: unknown): string {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const tabs = /^\t/m.test(text);
  return applyEdits(text, modify(text, path, value, { formattingOptions: { insertSpaces: !tabs, tabSize: 2, eol } }));
}

/** What a path is, exactly (kind, link target, mode, bytes): two equal snapshots mean nothing about it changed. */
export function snapshot(path: string): string {
  if (!existsSync(path)) return lstatSync(path, { throwIfNoEntry: false })?.isSymbolicLink() ? 'dangling' : 'absent';
  const link = lstatSync(path).isSymbolicLink() ? `link ${readlinkSync(path)} ` : '';
  const st = statSync(path);
  if (st.isDirectory()) return `${link}directory`;
  return `${link}mode ${(st.mode & 0o777).toString(8)} ${readFileSync(path, 'utf8')}`;
}
