// Model-based test of setup/uninstall: seeded random sequences of setup (hosts, parts, re-pinned runtimes), the
// user's own edits (inside our hook groups too), the host re-writing its file in its own formatting and uninstall,
// over real-world config files in many shapes (JSONC with comments and trailing commas, CRLF, tabs, empty,
// missing, a symlink into a dotfiles folder, a key written twice) of Claude Code, Gemini CLI, Codex (TOML) and
// Copilot CLI. After every step each file parses and holds everything the
// user wrote; after the final uninstall nothing of ours is left, the user's content is exactly what they made it,
// and a file the user never touched has its bytes from before the first setup.
//
// CI runs a fixed seed. Full tier: CTXMODE_LIFECYCLE_RUNS=3000 (any seed: CTXMODE_LIFECYCLE_SEED=<n>); a failure
// prints the seed, the path and the shrunk sequence, which replay with the same two variables.
import assert from 'node:assert/strict';
import { existsSync, lstatSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { applyEdits, modify, parse as parseJsonc, type ParseError } from 'jsonc-parser/lib/esm/main.js';
import { parse as parseToml } from 'smol-toml';
import { getHost } from '@context-mode/shared/platforms/host-table';
import type { SetupPart } from '@context-mode/shared/protocol/setup';
import { runSetup, runUninstall, type SetupRunOptions } from '../../src/setup/run-setup.js';
import { removeTempWorlds, tempWorld } from './temp-world.js';

const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));
const RUNS = Number(process.env.CTXMODE_LIFECYCLE_RUNS ?? 25);
const SEED = Number(process.env.CTXMODE_LIFECYCLE_SEED ?? 20261205);
after(removeTempWorlds);

type HostName = 'claude-code' | 'gemini-cli' | 'codex' | 'copilot-cli';
const HOSTS: HostName[] = ['claude-code', 'gemini-cli', 'codex', 'copilot-cli'];
/** The user-level files the hosts' setups write, relative to HOME, with the fixture each starts from. */
const FILES = [
  { rel: '.claude/settings.json', fixture: 'claude-code/settings.json', toml: false },
  { rel: '.claude.json', fixture: 'claude-code/claude.json', toml: false },
  { rel: '.gemini/settings.json', fixture: 'gemini-cli/settings.json', toml: false },
  { rel: '.codex/config.toml', fixture: 'codex/config.toml', toml: true },
  { rel: '.codex/hooks.json', fixture: 'codex/hooks.json', toml: false },
  { rel: '.copilot/mcp-config.json', fixture: 'copilot-cli/mcp-config.json', toml: false },
] as const;
/** Files only setup writes (the user has none there): after uninstall they are gone. */
const OURS_ONLY = ['.copilot/hooks/context-mode.json'];
/** Files with hook groups the user may add a hook of their own to. */
const HOOK_FILES = [0, 2, 4];
type Shape = 'absent' | 'fixture' | 'jsonc' | 'crlf' | 'tabs' | 'empty' | 'symlink' | 'duplicate-key';
const SHAPES: Shape[] = ['absent', 'fixture', 'jsonc', 'crlf', 'tabs', 'empty', 'symlink', 'duplicate-key'];
/** A comment the user wrote, which must survive every step until the host itself rewrites the file. */
const JSONC_COMMENT = '// kept by the user';
const TOML_COMMENT = '# my codex config';

type Op =
  | { op: 'setup'; host: HostName; parts: SetupPart[]; runtime: number }
  | { op: 'uninstall'; host: HostName }
  | { op: 'user-key'; file: number; n: number; nested: boolean }
  | { op: 'user-hook-in-our-group'; file: number; n: number }
  | { op: 'host-rewrite'; file: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    op: fc.constant('setup' as const),
    host: fc.constantFrom(...HOSTS),
    parts: fc.subarray<SetupPart>(['mcp', 'hooks'], { minLength: 1 }),
    runtime: fc.integer({ min: 0, max: 2 }),
  }),
  fc.record({ op: fc.constant('uninstall' as const), host: fc.constantFrom(...HOSTS) }),
  fc.record({
    op: fc.constant('user-key' as const),
    file: fc.integer({ min: 0, max: FILES.length - 1 }),
    n: fc.nat(999),
    nested: fc.boolean(),
  }),
  fc.record({
    op: fc.constant('user-hook-in-our-group' as const),
    file: fc.constantFrom(...HOOK_FILES),
    n: fc.nat(999),
  }),
  fc.record({ op: fc.constant('host-rewrite' as const), file: fc.integer({ min: 0, max: FILES.length - 1 }) }),
);

function shaped(shape: Shape, fixture: string, toml: boolean): string | undefined {
  const text = readFileSync(join(FIXTURES, fixture), 'utf8');
  if (toml) {
    // TOML has no trailing commas and refuses a key written twice: those shapes are the plain file there.
    if (shape === 'absent') return undefined;
    if (shape === 'crlf') return text.replace(/\r?\n/g, '\r\n');
    if (shape === 'empty') return '';
    if (shape === 'tabs') return text.replace(/^(\w+ = )/gm, '\t$1');
    return text;
  }
  switch (shape) {
    case 'absent':
      return undefined;
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
    default:
      return text;
  }
}

function parseStrict(text: string, file: string): unknown {
  if (file.endsWith('.toml')) return JSON.parse(JSON.stringify(parseToml(text))) as unknown;
  // A byte-order mark is how some editors save (the Copilot CLI fixture has one); hosts read past it.
  text = text.replace(/^\uFEFF/, '');
  const errors: ParseError[] = [];
  const v = parseJsonc(text, errors, { allowTrailingComma: true });
  assert.deepEqual(errors, [], `${file} parses`);
  return v;
}

const OURS = /context-mode\.cjs|ctxmode|"context-mode"/;
const isOurs = (v: unknown) => OURS.test(JSON.stringify(v));

/** Arrays compared as multisets: the order of the user's entries relative to ours is not the point. */
function canonical(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(canonical).sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
  if (v && typeof v === 'object')
    return Object.fromEntries(
      Object.entries(v)
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([k, x]) => [k, canonical(x)]),
    );
  return v;
}

function edit(text: string, path: (string | number)[], value: unknown): string {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const tabs = /^\t/m.test(text);
  return applyEdits(text, modify(text, path, value, { formattingOptions: { insertSpaces: !tabs, tabSize: 2, eol } }));
}

function runSequence(shapes: Shape[], ops: Op[]): void {
  const w = tempWorld('cm-model-');
  const paths = FILES.map((f) => join(w.home, f.rel));
  const initial: (string | undefined)[] = [];
  const model: Record<string, unknown>[] = [];
  const comments: (string | undefined)[] = [];
  FILES.forEach((f, i) => {
    const text = shaped(shapes[i]!, f.fixture, f.toml);
    initial.push(text);
    model.push(text === undefined ? {} : (parseStrict(text, f.rel) as Record<string, unknown>));
    comments.push([JSONC_COMMENT, TOML_COMMENT].find((c) => text?.includes(c)));
    if (text === undefined) return;
    mkdirSync(dirname(paths[i]!), { recursive: true });
    if (shapes[i] === 'symlink') {
      const target = join(w.root, 'dotfiles', `${i}.json`);
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, text);
      symlinkSync(target, paths[i]!);
    } else writeFileSync(paths[i]!, text);
  });
  let userTouched = false;
  const opts = (host: HostName, parts?: SetupPart[], runtime = 0): SetupRunOptions => ({
    hosts: [getHost(host)],
    scope: 'user',
    project: w.project,
    env: w.env,
    home: w.home,
    platform: 'linux',
    launcher: { kind: 'pinned', node: '/opt/node/bin/node', bin: `/opt/ctxmode-${runtime}/bin/context-mode.cjs` },
    ...(parts ? { parts } : {}),
  });
  const read = (i: number) => (existsSync(paths[i]!) ? readFileSync(paths[i]!, 'utf8') : undefined);
  const check = (step: string) => {
    paths.forEach((p, i) => {
      const text = read(i);
      if (text === undefined) {
        assert.deepEqual(model[i], {}, `${step}: ${p} is gone with the user's content`);
        return;
      }
      const value = parseStrict(text, p);
      // Every value the user has in the file is still there (ours may be there too).
      const userStrings = JSON.stringify(model[i]).match(/"(?:[^"\\]|\\.)*"/g) ?? [];
      const fileStrings = new Set(JSON.stringify(value).match(/"(?:[^"\\]|\\.)*"/g) ?? []);
      for (const s of userStrings) assert.ok(fileStrings.has(s), `${step}: ${p} lost ${s}`);
      if (shapes[i] === 'symlink') assert.ok(lstatSync(p).isSymbolicLink(), `${step}: ${p} is still a link`);
      if (comments[i]) assert.ok(text.includes(comments[i]!), `${step}: ${p} lost the comment ${comments[i]}`);
    });
  };
  ops.forEach((o, k) => {
    const step = `step ${k} ${JSON.stringify(o)}`;
    if (o.op === 'setup') runSetup(opts(o.host, o.parts, o.runtime));
    else if (o.op === 'uninstall') runUninstall(opts(o.host));
    else if (o.op === 'user-key' && FILES[o.file]!.toml) {
      // Appended at the end, after our block when there is one (where a user typing at the bottom puts it).
      const text = read(o.file) ?? '';
      const table = o.nested ? `user_obj${o.n}.inner` : `user_table${o.n}`;
      if (new RegExp(`^\\[${table.replace('.', '\\.')}\\]`, 'm').test(text)) return;
      mkdirSync(dirname(paths[o.file]!), { recursive: true });
      writeFileSync(
        paths[o.file]!,
        `${text}${text && !text.endsWith('\n') ? '\n' : ''}\n[${table}]\nkey = "user value ${o.n}"\n`,
      );
      const m = model[o.file]!;
      if (o.nested) m[`user_obj${o.n}`] = { inner: { key: `user value ${o.n}` } };
      else m[`user_table${o.n}`] = { key: `user value ${o.n}` };
      userTouched = true;
    } else if (o.op === 'user-key') {
      const text = read(o.file) ?? '{}\n';
      const path = o.nested ? [`userObj${o.n}`, 'inner'] : [`userKey${o.n}`];
      const fresh = edit(text, path, `user value ${o.n}`);
      mkdirSync(dirname(paths[o.file]!), { recursive: true });
      writeFileSync(paths[o.file]!, fresh);
      model[o.file] = parseJsonc(edit(JSON.stringify(model[o.file]), path, `user value ${o.n}`)) as Record<
        string,
        unknown
      >;
      userTouched = true;
    } else if (o.op === 'user-hook-in-our-group') {
      const text = read(o.file);
      if (text === undefined) return;
      const hooks = (parseStrict(text, 'x.json') as { hooks?: Record<string, unknown[]> }).hooks ?? {};
      const found = Object.entries(hooks).flatMap(([event, arr]) =>
        Array.isArray(arr)
          ? arr.flatMap((g, i) =>
              g && Array.isArray((g as { hooks?: unknown[] }).hooks) && (g as { hooks: unknown[] }).hooks.every(isOurs)
                ? [{ event, i, g }]
                : [],
            )
          : [],
      )[0];
      if (!found) return;
      const mine = { type: 'command', command: `user-audit-${o.n}` };
      const inner = (found.g as { hooks: unknown[] }).hooks;
      writeFileSync(paths[o.file]!, edit(text, ['hooks', found.event, found.i, 'hooks', inner.length], mine));
      const group = { ...(found.g as object), hooks: [...inner.filter((h) => !isOurs(h)), mine] };
      const m = model[o.file] as { hooks?: Record<string, unknown[]> };
      const events = (m.hooks ??= {});
      (events[found.event] ??= []).push(group);
      userTouched = true;
    } else if (o.op === 'host-rewrite' && FILES[o.file]!.toml) {
      // Codex edits config.toml in place (it keeps comments and layout): trusting a project adds a table.
      const text = read(o.file);
      if (text === undefined || text.includes('[projects."/work/app"]')) return;
      writeFileSync(paths[o.file]!, `${text}\n[projects."/work/app"]\ntrust_level = "trusted"\n`);
      model[o.file]!.projects = { ...(model[o.file]!.projects as object), '/work/app': { trust_level: 'trusted' } };
      userTouched = true;
    } else if (o.op === 'host-rewrite') {
      const text = read(o.file);
      if (text === undefined) return;
      writeFileSync(paths[o.file]!, JSON.stringify(parseStrict(text, paths[o.file]!), null, 2));
      comments[o.file] = undefined;
      userTouched = true;
    }
    check(step);
  });
  for (const host of HOSTS) runUninstall(opts(host));
  check('final uninstall');
  for (const rel of OURS_ONLY) assert.ok(!existsSync(join(w.home, rel)), `after uninstall ${rel} is gone`);
  paths.forEach((p, i) => {
    const text = read(i);
    if (text !== undefined) {
      assert.ok(!OURS.test(text), `after uninstall nothing of ours is left in ${p}:\n${text}`);
      assert.deepEqual(canonical(parseStrict(text, p)), canonical(model[i]), `${p} holds exactly the user's content`);
    }
    if (!userTouched) assert.equal(text, initial[i], `${p}: untouched by the user, so byte-identical`);
  });
}

describe('setup/uninstall lifecycle, model-based (fast-check)', () => {
  it(`${RUNS} random sequences (seed ${SEED}) keep every byte of the user's`, () => {
    fc.assert(
      fc.property(
        fc.tuple(...FILES.map(() => fc.constantFrom(...SHAPES))),
        fc.array(opArb, { minLength: 1, maxLength: 12 }),
        (shapes, ops) => runSequence(shapes, ops),
      ),
      { seed: SEED, numRuns: RUNS, verbose: 1 },
    );
  });
});
