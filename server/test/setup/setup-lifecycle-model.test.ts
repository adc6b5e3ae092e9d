// Model-based test of setup/upgrade/uninstall: seeded random sequences of setup (hosts, parts, re-pinned runtimes),
// the user's own edits (inside our hook groups and MCP entries too, making a file or folder read-only and writable
// again), the host re-writing its file in its own formatting, `upgrade` from good and bad tarballs, two setups at
// once and uninstall, over real-world config files in many shapes (see lifecycle-files.ts) of Claude Code, Gemini CLI,
// Codex (TOML) and Copilot CLI. After every step each file parses and holds everything the user wrote, and a host
// setup refused changed none of its files; after the user makes everything writable again and uninstalls, nothing
// of ours is left (a context-mode entry the user wrote before setup is back, and theirs), the user's content is
// exactly what they made it, and a file the user never touched has its bytes from before the first setup.
//
// CI runs a fixed seed: CTXMODE_LIFECYCLE_RUNS (25) sequences of in-process steps, and CTXMODE_LIFECYCLE_SLOW_RUNS
// (2) sequences that also upgrade (real npm installs of packed tarballs) and run two CLI setups at once. Full tier:
// CTXMODE_LIFECYCLE_RUNS=3000 CTXMODE_LIFECYCLE_SLOW_RUNS=40 (any seed: CTXMODE_LIFECYCLE_SEED=<n>); a failure
// prints the seed, the path and the shrunk sequence, which replay with the same variables.
import assert from 'node:assert/strict';
import { chmodSync, existsSync, lstatSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, describe, it } from 'node:test';
import fc from 'fast-check';
import { getHost } from '@context-mode/shared/platforms/host-table';
import type { SetupPart } from '@context-mode/shared/protocol/setup';
import { runSetup, type SetupRunOptions } from '../../src/setup/run-setup.js';
import { runUninstall } from '../../src/setup/run-uninstall.js';
import { readSetupState } from '../../src/setup/setup-state.js';
import {
  canonical,
  FILES,
  FROZEN,
  HOSTS,
  JSONC_COMMENT,
  OURS,
  OURS_ONLY,
  OWN_ENTRY,
  parseStrict,
  placeFile,
  shaped,
  SHAPES,
  snapshot,
  TOML_COMMENT,
  type HostName,
  type Shape,
} from './lifecycle-files.js';
import { applyEditOp, checkOurEntries, quickOpArb, readText, slowOpArb, type Files, type Op } from './lifecycle-ops.js';
import { concurrentSetupOp, TARBALLS, upgradeOp } from './lifecycle-slow-ops.js';
import { removeTempWorlds, tempWorld } from './temp-world.js';

const RUNS = Number(process.env.CTXMODE_LIFECYCLE_RUNS ?? 25);
const SLOW_RUNS = Number(process.env.CTXMODE_LIFECYCLE_SLOW_RUNS ?? 2);
const SEED = Number(process.env.CTXMODE_LIFECYCLE_SEED ?? 20261205);
after(removeTempWorlds);

/** Whether the file, or the folder that would hold it (the nearest one that exists), has no write bit. */
function readOnly(path: string): boolean {
  // A linked file is written where the link points (the link itself stays): its target's modes are what count.
  if (lstatSync(path, { throwIfNoEntry: false })?.isSymbolicLink() && existsSync(path)) path = realpathSync(path);
  let p = path;
  while (!existsSync(p) && dirname(p) !== p) p = dirname(p);
  const locked = (x: string) => (statSync(x).mode & 0o222) === 0;
  return locked(p) || (p === path && locked(dirname(p)));
}

/** Makes every file and folder of the sequence writable again: what the user does when setup names the fix. */
function makeWritable(paths: string[]): void {
  for (const p of paths.flatMap((x) => [dirname(x), x]))
    if (existsSync(p)) chmodSync(p, (statSync(p).mode & 0o7777) | 0o200);
}

async function runSequence(shapes: Shape[], ops: Op[]): Promise<void> {
  const w = tempWorld('cm-model-');
  const f: Files = {
    home: w.home,
    paths: FILES.map((x) => join(w.home, x.rel)),
    shapes,
    model: [],
    comments: [],
    userTouched: false,
    inOurEntry: [],
    copies: join(w.env.CONTEXT_MODE_HOME!, 'setup', 'backups'),
  };
  const initial: string[] = [];
  /**
   * The files holding a context-mode entry the user wrote before setup (Codex's own-block shape). The model holds
   * the rest of the file; their entry is checked on its own: setup takes it over (their field stays), uninstall
   * gives it back, so at the end it is theirs, not ours.
   */
  const own = FILES.map((x, i) => x.toml && shapes[i] === 'own-block');
  /**
   * Where their entry is: only theirs ('hand'), taken over by a setup that recorded the file ('taken': from then on
   * an uninstall gives it back, and a later one without a setup since leaves it), or gone with a copy ('gone'): an
   * uninstall with no record of the file, before any setup, takes a context-mode entry out as it does in every
   * host's file; one with the record does when it cannot put the entry back line by line (docs/setup.md).
   */
  const phase = FILES.map(() => 'hand' as 'hand' | 'taken' | 'gone');
  const recorded = (p: string) => Object.values(readSetupState(w.env).hosts).some((h) => h.files[p]);
  /** Whether setup's record of the file was there before the step just run (uninstall deletes it). */
  const hadRecord = FILES.map(() => false);
  FILES.forEach((x, i) => {
    const text = shaped(shapes[i]!, x.fixture, x.toml);
    const value =
      text === undefined || FROZEN.has(shapes[i]!) ? {} : (parseStrict(text, x.rel) as Record<string, unknown>);
    if (own[i]) delete (value.mcp_servers as Record<string, unknown>)['context-mode'];
    f.model.push(value);
    f.comments.push([JSONC_COMMENT, TOML_COMMENT].find((c) => text?.includes(c)));
    placeFile(shapes[i]!, f.paths[i]!, text, w.root, w.home, i);
    initial.push(snapshot(f.paths[i]!));
  });
  const ownOnly = OURS_ONLY.map((x) => join(w.home, x.rel));
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
  const check = (step: string) => {
    f.paths.forEach((p, i) => {
      if (FROZEN.has(shapes[i]!))
        return assert.equal(snapshot(p), initial[i], `${step}: ${p} (${shapes[i]}) untouched`);
      const text = readText(f, i);
      if (text === undefined) return assert.deepEqual(f.model[i], {}, `${step}: ${p} is gone with the user's content`);
      const value = parseStrict(text, p);
      // Every value the user has in the file is still there (ours may be there too).
      const userStrings = JSON.stringify(f.model[i]).match(/"(?:[^"\\]|\\.)*"/g) ?? [];
      const fileStrings = new Set(JSON.stringify(value).match(/"(?:[^"\\]|\\.)*"/g) ?? []);
      for (const s of userStrings) assert.ok(fileStrings.has(s), `${step}: ${p} lost ${s.slice(0, 80)}`);
      if (shapes[i]!.startsWith('symlink')) assert.ok(lstatSync(p).isSymbolicLink(), `${step}: ${p} is still a link`);
      if (f.comments[i]) assert.ok(text.includes(f.comments[i]!), `${step}: ${p} lost the comment ${f.comments[i]}`);
      // Their own entry, ours or theirs by now, keeps the field they wrote in it.
      const entry = ownEntryIn(value);
      if (!own[i] || phase[i] === 'gone') return;
      const had = hadRecord[i];
      hadRecord[i] = recorded(p);
      if (entry) {
        assert.equal(entry.startup_timeout_sec, OWN_ENTRY.startup_timeout_sec, `${step}: ${p} kept their field`);
        if (hadRecord[i]) phase[i] = 'taken';
        return;
      }
      assert.ok(
        phase[i] === 'hand' || had,
        `${step}: ${p} lost the entry the user wrote before setup, which an uninstall gave back:\n${text.slice(0, 2000)}`,
      );
      const copies = existsSync(f.copies) ? readdirSync(f.copies).filter((n) => n.endsWith('-mcp-entry.json')) : [];
      assert.ok(
        copies.some((n) => /"startup_timeout_sec":\s*30/.test(readFileSync(join(f.copies, n), 'utf8'))),
        `${step}: ${p}: their entry went with no copy`,
      );
      phase[i] = 'gone';
    });
    checkOurEntries(f, step);
  };
  /** A host setup refused (a read-only file or folder, a file it cannot parse) got none of its files written. */
  const refusedUntouched = (host: HostName, before: string[], ok: boolean, step: string) => {
    if (ok) return;
    [...FILES, ...OURS_ONLY].forEach((x, i) => {
      if (x.host === host)
        assert.equal(snapshot(join(w.home, x.rel)), before[i], `${step}: refused, ${x.rel} untouched`);
    });
  };
  const all = () => [...f.paths, ...ownOnly].map(snapshot);
  const everyPath = [...f.paths, ...ownOnly];
  for (const [k, o] of ops.entries()) {
    const step = `step ${k} ${JSON.stringify(o)}`;
    const ours = o.op === 'setup' || o.op === 'uninstall' || o.op === 'upgrade' || o.op === 'concurrent-setup';
    const before = ours ? all() : [];
    const locked = ours ? everyPath.map(readOnly) : [];
    if (o.op === 'setup') {
      const plan = runSetup(opts(o.host, o.parts, o.runtime));
      refusedUntouched(
        o.host,
        before,
        plan.hosts[0]!.files.every((x) => x.action !== 'error'),
        step,
      );
    } else if (o.op === 'uninstall') runUninstall(opts(o.host));
    else if (o.op === 'upgrade') upgradeOp(w, o.tarball, step);
    else if (o.op === 'concurrent-setup') await concurrentSetupOp(w, o.hosts, step);
    else if (!applyEditOp(f, o)) continue;
    // Read-only is the user's statement of intent, even for root: such a file, or a file in such a folder, stays.
    everyPath.forEach((p, i) => {
      if (locked[i]) assert.equal(snapshot(p), before[i], `${step}: ${p} is read-only (or in a read-only folder)`);
    });
    check(step);
  }
  makeWritable([...f.paths, ...ownOnly]);
  for (const host of HOSTS) runUninstall(opts(host));
  check('final uninstall');
  for (const p of ownOnly) assert.ok(!existsSync(p), `after uninstall ${p} is gone`);
  f.paths.forEach((p, i) => {
    if (FROZEN.has(shapes[i]!)) return;
    let text = readText(f, i);
    if (text !== undefined) {
      const value = parseStrict(text, p) as Record<string, unknown>;
      if (own[i] && phase[i] !== 'gone') {
        // Their entry is back, with their launch and field (and what they added to it since, checked by
        // checkOurEntries); its block and markers are theirs now.
        const entry = ownEntryIn(value);
        assert.ok(entry, `after uninstall ${p} has the entry the user wrote before setup:\n${text.slice(0, 2000)}`);
        for (const [k, v] of Object.entries(OWN_ENTRY)) assert.deepEqual(entry[k], v, `${p}: their ${k} is back`);
        for (const k of Object.keys(entry))
          assert.ok(k in OWN_ENTRY || /^(user_field_\d+|env)$/.test(k), `${p}: ${k} in their entry is not ours`);
        delete (value.mcp_servers as Record<string, unknown>)['context-mode'];
        text = text.replace(/^# >>> context-mode \(managed[^]*?^# <<< context-mode$/m, '');
      }
      assert.ok(!OURS.test(text), `after uninstall nothing of ours is left in ${p}:\n${text.slice(0, 2000)}`);
      assert.deepEqual(canonical(value), canonical(f.model[i]), `${p} holds exactly the user's content`);
    }
    // The user's chmod is theirs to undo; the bytes, link and kind are what setup promises back.
    const strip = (s: string) => s.replace(/mode \d+ /, '');
    // (Not a file whose context-mode entry an uninstall with no record of it took out, with a copy.)
    if (!f.userTouched && phase[i] !== 'gone')
      assert.equal(strip(snapshot(p)), strip(initial[i]!), `${p}: untouched by the user, so byte-identical`);
  });
  const dirs = [...new Set([...f.paths, ...ownOnly].map(dirname))].filter((d) => existsSync(d));
  const temps = dirs.flatMap((d) => readdirSync(d).filter((n) => n.includes('.ctxmode-') && n.endsWith('.tmp')));
  assert.deepEqual(temps, [], 'no temp file left behind');
}

/** The context-mode entry of a parsed config.toml, or undefined. */
function ownEntryIn(value: unknown): Record<string, unknown> | undefined {
  const servers = (value as { mcp_servers?: Record<string, unknown> } | undefined)?.mcp_servers;
  const entry = servers?.['context-mode'];
  return entry && typeof entry === 'object' ? (entry as Record<string, unknown>) : undefined;
}

const shapesArb = fc.tuple(...FILES.map(() => fc.constantFrom(...SHAPES)));

/**
 * Sequences every run tries first, whatever the seed: the user's own Codex block taken over, edited, given back by
 * one uninstall and kept by the next (the final one), which random draws reach only now and then.
 */
const CODEX_OWN = FILES.map((x) => (x.toml ? 'own-block' : 'fixture')) as Shape[];
const EXAMPLES: [Shape[], Op[]][] = [
  [
    CODEX_OWN,
    [
      { op: 'setup', host: 'codex', parts: ['mcp', 'hooks'], runtime: 0 },
      { op: 'uninstall', host: 'codex' },
    ],
  ],
  [
    CODEX_OWN,
    [
      { op: 'setup', host: 'codex', parts: ['mcp'], runtime: 1 },
      { op: 'user-field-in-our-entry', n: 3, env: true },
      { op: 'host-rewrite', file: 3 },
      { op: 'setup', host: 'codex', parts: ['mcp'], runtime: 2 },
      { op: 'uninstall', host: 'codex' },
    ],
  ],
];

describe('setup/upgrade/uninstall lifecycle, model-based (fast-check)', () => {
  it(`${RUNS} random sequences (seed ${SEED}) keep every byte of the user's`, async () => {
    await fc.assert(fc.asyncProperty(shapesArb, fc.array(quickOpArb, { minLength: 1, maxLength: 12 }), runSequence), {
      seed: SEED,
      numRuns: RUNS,
      verbose: 1,
      examples: EXAMPLES,
    });
  });

  it(`${SLOW_RUNS} sequences with upgrades (good and bad tarballs) and two setups at once (seed ${SEED})`, async () => {
    // Each sequence has one or two process-starting steps among the in-process ones.
    const ops = fc
      .tuple(
        fc.array(quickOpArb, { maxLength: 8 }),
        fc.array(slowOpArb(TARBALLS.length), { minLength: 1, maxLength: 2 }),
        fc.array(fc.nat()),
      )
      .map(([quick, slow, at]) => {
        const seq = [...quick];
        slow.forEach((o, k) => seq.splice((at[k] ?? 0) % (seq.length + 1), 0, o));
        return seq;
      });
    await fc.assert(fc.asyncProperty(shapesArb, ops, runSequence), { seed: SEED, numRuns: SLOW_RUNS, verbose: 1 });
  });
});
