// Pre-tool hook start-up cost: wall time of the built `context-mode hook claude-code pretooluse` divided by
// `node -e 0` on the same machine, runs interleaved so that load on the machine hits both alike. Two cases: a
// redirect (`git log` with a live server for the project) and a passthrough (`ls -la`). Prints one JSON object.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { projectId } from '@context-mode/shared/project/project-identity';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = join(root, 'server/bin/context-mode.cjs');
const rounds = Number(process.env.BENCH_HOOK_ROUNDS ?? 40);

const home = mkdtempSync(join(tmpdir(), 'cm-hook-bench-'));
const project = mkdtempSync(join(tmpdir(), 'cm-hook-bench-proj-'));
// A live-server sentinel naming this process, so the redirect case really redirects.
mkdirSync(join(home, 'run'), { recursive: true });
writeFileSync(
  join(home, 'run', `mcp-${process.pid}.json`),
  JSON.stringify({
    pid: process.pid,
    projectId: projectId(project),
    projectRoot: project,
    startedAt: new Date().toISOString(),
    host: 'claude-code',
  }),
);
const env = { ...process.env, CONTEXT_MODE_HOME: home };
const payload = (command: string): string =>
  JSON.stringify({
    session_id: 'bench',
    cwd: project,
    hook_event_name: 'PreToolUse',
    tool_name: 'Bash',
    tool_input: { command },
  });

interface Case {
  name: string;
  run(): { ms: number; stdout: string; status: number | null };
}
function timed(args: string[], input?: string): { ms: number; stdout: string; status: number | null } {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, args, { input, env, encoding: 'utf8' });
  return { ms: Number(process.hrtime.bigint() - t0) / 1e6, stdout: r.stdout, status: r.status };
}
const cases: Case[] = [
  { name: 'node-e-0', run: () => timed(['-e', '0']) },
  { name: 'redirect', run: () => timed([bin, 'hook', 'claude-code', 'pretooluse'], payload('git log')) },
  { name: 'passthrough', run: () => timed([bin, 'hook', 'claude-code', 'pretooluse'], payload('ls -la')) },
];

// Sanity: the redirect case must redirect and the passthrough case must pass, or the numbers mean nothing.
const check = cases[1]!.run();
if (!check.stdout.includes('redirected')) throw new Error(`redirect case did not redirect: ${check.stdout}`);
if (cases[2]!.run().stdout.trim() !== '') throw new Error('passthrough case printed something');

const samples = new Map<string, number[]>(cases.map((c) => [c.name, []]));
for (let i = 0; i < 3; i++) for (const c of cases) c.run(); // warm the file cache
for (let r = 0; r < rounds; r++) {
  // Rotate the order each round so no case always runs right after another.
  for (let k = 0; k < cases.length; k++) {
    const c = cases[(r + k) % cases.length]!;
    samples.get(c.name)!.push(c.run().ms);
  }
  if (r % 10 === 9) process.stderr.write(`hooks bench: ${r + 1}/${rounds} rounds\n`);
}
rmSync(home, { recursive: true, force: true });
rmSync(project, { recursive: true, force: true });

const p50 = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};
const base = p50(samples.get('node-e-0')!);
const red = p50(samples.get('redirect')!);
const pass = p50(samples.get('passthrough')!);
const round2 = (x: number): number => Math.round(x * 100) / 100;
process.stdout.write(
  `${JSON.stringify({
    rounds,
    p50_ms: { node_e_0: round2(base), pretool_redirect: round2(red), pretool_passthrough: round2(pass) },
    ratio: { pretool_redirect: round2(red / base), pretool_passthrough: round2(pass / base) },
    goal_ratio: 1.3,
    incumbent_ratio: 2.72,
  })}\n`,
);
