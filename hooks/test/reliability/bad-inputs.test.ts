import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, test } from 'node:test';
import { allHosts } from '@context-mode/shared/platforms/host-table';
import type { HostRecord } from '@context-mode/shared/platforms/types';
import {
  assertBuilt,
  markServerLive,
  pool,
  runBuiltHook,
  sandboxDirs,
  type HookRun,
} from '../runner/run-built-hook.js';

before(assertBuilt);

// A generated corpus of bad inputs, each run through the REAL built hook process. Every run must exit 0
// (or the host's documented block code, for a deliberate block), print valid JSON or nothing, and finish:
// within the idle timeout plus 1 s of its input ending, with an allowance for start-up on a loaded machine.
const IDLE_MS = 1500;
const STARTUP_ALLOWANCE_MS = 15000;
const CONCURRENCY = 8;

interface Case {
  name: string;
  args: string[];
  input?: string | Buffer;
  stall?: boolean;
  env?: Record<string, string | undefined>;
  /** Kiro's prompt and agent-spawn events answer in plain text. */
  plainText?: boolean;
  host?: HostRecord;
}

/** Deterministic PRNG so a failure names a reproducible case. */
function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function generate(project: string): Case[] {
  const rand = prng(20261202);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const hosts = allHosts().filter((h) => Object.keys(h.hookEvents.value).length > 0);
  const hostEvents = hosts.flatMap((h) => Object.keys(h.hookEvents.value).map((e) => ({ h, e: e.toLowerCase() })));
  const valid = (extra: Record<string, unknown> = {}): Record<string, unknown> => ({
    session_id: `rel-${Math.floor(rand() * 1e6)}`,
    cwd: project,
    tool_name: 'Bash',
    tool_input: { command: pick(['git log', 'ls -la', 'curl https://example.com', 'tail -f x.log', 'npm test']) },
    ...extra,
  });
  const wrongValues: unknown[] = [
    null,
    0,
    -1,
    1e308,
    true,
    [],
    [1, 2],
    {},
    { a: { b: 1 } },
    '',
    ' ',
    'x'.repeat(5000),
    '\u0000',
    '../../etc/passwd',
  ];
  const fields = [
    'tool_name',
    'tool_input',
    'tool_response',
    'session_id',
    'sessionId',
    'conversation_id',
    'cwd',
    'workspace_roots',
    'prompt',
    'source',
    'transcript_path',
    'agent_id',
    'toolArgs',
    'toolName',
    'hook_event_name',
  ];

  const payloads: { name: string; input?: string | Buffer; stall?: boolean }[] = [];
  // Empty and whitespace.
  payloads.push(
    { name: 'empty', input: '' },
    { name: 'whitespace', input: ' \n\t \r\n' },
    { name: 'no stdin write, closed' },
  );
  // Partial JSON, both ended and stalled.
  const whole = JSON.stringify(valid());
  for (let i = 0; i < 40; i++) {
    const cut = 1 + Math.floor(rand() * (whole.length - 2));
    payloads.push({ name: `partial ${cut}/${whole.length} (EOF)`, input: whole.slice(0, cut) });
  }
  for (let i = 0; i < 24; i++) {
    const cut = 1 + Math.floor(rand() * (whole.length - 2));
    payloads.push({ name: `partial ${cut}/${whole.length} (stalled pipe)`, input: whole.slice(0, cut), stall: true });
  }
  payloads.push({ name: 'nothing written, pipe stalled', stall: true });
  payloads.push({ name: 'whole payload, pipe left open', input: whole, stall: true });
  // BOMs and encodings.
  payloads.push({ name: 'BOM + valid', input: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(whole)]) });
  payloads.push({ name: 'BOM only', input: Buffer.from([0xef, 0xbb, 0xbf]) });
  payloads.push({
    name: 'double BOM',
    input: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf]), Buffer.from(whole)]),
  });
  payloads.push({
    name: 'UTF-16LE with BOM',
    input: Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(whole, 'utf16le')]),
  });
  for (let i = 0; i < 30; i++) {
    const bytes = Buffer.alloc(1 + Math.floor(rand() * 4000));
    for (let k = 0; k < bytes.length; k++) bytes[k] = Math.floor(rand() * 256);
    payloads.push({ name: `random bytes ${bytes.length}`, input: bytes });
  }
  const invalidUtf8 = Buffer.from(
    JSON.stringify(valid({ prompt: 'PLACEHOLDER' })).replace('PLACEHOLDER', '\u00ff\u00fe'),
    'latin1',
  );
  payloads.push({ name: 'latin1 bytes inside a JSON string', input: invalidUtf8 });
  // Huge payloads: over the 10 MiB limit, and just under it with a giant command.
  payloads.push({ name: '20 MB payload', input: Buffer.alloc(20 * 1024 * 1024, 0x20) });
  payloads.push({ name: '20 MB JSON string', input: JSON.stringify(valid({ prompt: 'y'.repeat(20 * 1024 * 1024) })) });
  payloads.push({
    name: '2 MB shell command',
    input: JSON.stringify(valid({ tool_input: { command: `echo ${'"a" | '.repeat(300_000)}` } })),
  });
  payloads.push({
    name: 'unbalanced quotes and substitutions',
    input: JSON.stringify(valid({ tool_input: { command: `curl "$(cat <<EOF\n${"'".repeat(1000)}` } })),
  });
  payloads.push({
    name: '10,000 pipes',
    input: JSON.stringify(valid({ tool_input: { command: Array.from({ length: 10_000 }, () => 'cat').join(' | ') } })),
  });
  payloads.push({
    name: 'heredoc without end',
    input: JSON.stringify(valid({ tool_input: { command: 'cat <<EOF\ncurl x\n' } })),
  });
  // Non-object JSON and deep nesting.
  for (const v of ['null', 'true', '0', '-1e999', '"string"', '[]', '[{"tool_name":"Bash"}]', '{}', '{"":""}'])
    payloads.push({ name: `JSON ${v}`, input: v });
  payloads.push({ name: 'nested 100,000 arrays', input: '['.repeat(100_000) + ']'.repeat(100_000) });
  payloads.push({ name: 'nested 100,000 objects, unclosed', input: '{"a":'.repeat(100_000) });
  const shallow = JSON.stringify(valid({ tool_input: 'DEEP' }));
  payloads.push({
    name: 'nested tool_input 5,000 deep',
    input: shallow.replace('"DEEP"', '{"a":'.repeat(5000) + '1' + '}'.repeat(5000)),
  });
  // Wrong types in every field.
  for (let i = 0; i < 260; i++) {
    const p = valid();
    const n = 1 + Math.floor(rand() * 4);
    for (let k = 0; k < n; k++) p[pick(fields)] = pick(wrongValues);
    payloads.push({ name: `wrong types #${i}`, input: JSON.stringify(p) });
  }
  // Odd but well-formed tool calls.
  for (const tool of [
    'WebFetch',
    'Read',
    'Grep',
    'mcp__x__y',
    'ctx_execute',
    'Agent',
    '',
    'run_shell_command',
    'exec_command',
  ]) {
    payloads.push({
      name: `tool ${tool || '(empty)'} with junk input`,
      input: JSON.stringify(valid({ tool_name: tool, tool_input: { url: 42, file_path: ['x'], command: { a: 1 } } })),
    });
  }

  const cases: Case[] = [];
  payloads.forEach((p, i) => {
    const { h, e } = hostEvents[i % hostEvents.length]!;
    cases.push({
      name: `${h.id} ${e}: ${p.name}`,
      args: [h.id, e],
      input: p.input,
      stall: p.stall,
      host: h,
      plainText: h.id === 'kiro',
    });
  });
  // Unknown hosts and events, odd argv.
  for (const args of [
    ['nope', 'pretooluse'],
    ['claude-code', 'nope'],
    ['', ''],
    ['claude-code'],
    [],
    ['CLAUDE-CODE', 'PRETOOLUSE'],
    ['claude-code', 'pretooluse', 'extra', 'args'],
    ['x'.repeat(10_000), 'y'],
    ['../../etc', 'passwd'],
    ['zed', 'pretooluse'],
    ['pi', 'sessionstart'],
    ['antigravity', 'stop'],
  ]) {
    cases.push({ name: `argv ${JSON.stringify(args).slice(0, 60)}`, args, input: whole });
  }
  // Environments: missing HOME, unusable data dirs, odd idle settings.
  const envs: [string, Record<string, string | undefined>][] = [
    ['HOME unset', { HOME: undefined, CONTEXT_MODE_HOME: undefined }],
    ['HOME empty', { HOME: '', CONTEXT_MODE_HOME: undefined }],
    ['relative CONTEXT_MODE_HOME', { CONTEXT_MODE_HOME: 'relative/dir' }],
    ['data home under a file (not a directory)', { CONTEXT_MODE_HOME: '/dev/null/cm' }],
    ['data home on a read-only file system', { CONTEXT_MODE_HOME: '/proc/self/cm' }],
    ['idle override nonsense', { CONTEXT_MODE_HOOK_STDIN_IDLE_MS: 'abc' }],
    ['idle override huge', { CONTEXT_MODE_HOOK_STDIN_IDLE_MS: '99999999' }],
  ];
  for (const [name, env] of envs) {
    for (const { h, e } of hostEvents.filter((_, i) => i % 4 === 0)) {
      cases.push({
        name: `${h.id} ${e}: ${name}`,
        args: [h.id, e],
        input: whole,
        env,
        host: h,
        plainText: h.id === 'kiro',
      });
    }
  }
  return cases;
}

test(
  'at least 500 bad inputs through the built hook: exit 0 (or a documented block), valid JSON or nothing, no hang',
  { timeout: 600_000 },
  async () => {
    const { home, project } = sandboxDirs('cm-reliability');
    markServerLive(home, project);
    const logDir = mkdtempSync(join(tmpdir(), 'cm-reliability-notes-'));
    const cases = generate(project);
    assert.ok(cases.length >= 500, `only ${cases.length} cases`);
    const baseEnv: NodeJS.ProcessEnv = {
      ...process.env,
      CONTEXT_MODE_HOME: home,
      CONTEXT_MODE_HOOK_STDIN_IDLE_MS: String(IDLE_MS),
    };
    const results = await pool(cases, CONCURRENCY, async (c): Promise<{ c: Case; r: HookRun }> => {
      const env: NodeJS.ProcessEnv = { ...baseEnv };
      for (const [k, v] of Object.entries(c.env ?? {})) {
        if (v === undefined) delete env[k];
        else env[k] = v;
      }
      const idle = Number(env.CONTEXT_MODE_HOOK_STDIN_IDLE_MS);
      const effectiveIdle = Number.isFinite(idle) && idle >= 10 && idle <= 600_000 ? idle : 1500;
      const run = (): Promise<HookRun> =>
        runBuiltHook(c.args, {
          env,
          cwd: project,
          input: c.input,
          stall: c.stall,
          killAfterMs: Math.min(effectiveIdle, 5000) + 1000 + STARTUP_ALLOWANCE_MS,
        });
      // npm test builds before it runs the tests, so a missing bundle is a real failure, not a race to retry.
      return { c, r: await run() };
    });
    const failures: string[] = [];
    for (const { c, r } of results) {
      const block = c.host?.blockExitCode?.value;
      if (r.signal) failures.push(`${c.name}: killed (${r.signal}) after ${r.ms} ms — it hung`);
      else if (!(r.code === 0 || (block !== undefined && r.code === block && /redirected|context-mode/.test(r.stderr))))
        failures.push(`${c.name}: exit ${r.code} ${r.stderr.slice(0, 200)}`);
      const out = r.stdout.trim();
      if (out !== '' && !(c.plainText && !out.startsWith('{'))) {
        try {
          JSON.parse(out);
          if (out.includes('\n')) failures.push(`${c.name}: more than one line on stdout`);
        } catch {
          failures.push(`${c.name}: stdout is not JSON: ${out.slice(0, 200)}`);
        }
      }
    }
    // An empty HOME once put the data dir under the working directory.
    if (existsSync(join(project, '.context-mode')))
      failures.push('a data directory was created under the working directory');
    const slowest = results.reduce((m, x) => Math.max(m, x.r.ms), 0);
    writeFileSync(join(logDir, 'summary.json'), JSON.stringify({ cases: cases.length, slowest }));
    assert.deepEqual(failures, [], `${failures.length} of ${cases.length} runs misbehaved`);
  },
);
