/**
 * Programs that never stop on their own: monitors that redraw (`top`, `watch`, `vmstat 1`), `ping` without a
 * count, tracers and packet captures, `yes`. No later pipeline stage can contain them, so they are redirected
 * even when piped (shell-floods.ts reads `endless`).
 */
import { hasLong, hasShort, positionals, sandbox, type Rule, type RuleContext } from '../flood-rule-helpers.js';

/** A flood that never ends unless `stop` says the arguments bound it; `fix` is the bounded command. */
function endlessUnless(stop: (args: string[]) => boolean, why: string, fix: (ctx: RuleContext) => string): Rule {
  return (args, ctx) =>
    stop(args) ? undefined : { kind: 'follow', why, call: sandbox(ctx, fix(ctx)), bytes: 100_000, endless: true };
}

const ONE_TOP_SNAPSHOT = 'top -b -n 1 | head -30';
/** `vmstat 5` (an interval and no count) repeats forever; `vmstat 5 3` stops after three. */
const intervalWithoutCount = (args: string[]): boolean => positionals(args).length === 1;
const numericIntervalWithoutCount = (args: string[]): boolean =>
  positionals(args).filter((x) => /^\d+$/.test(x)).length === 1;

/** `yes`, `stern`, `kail`: print until stopped, whatever their arguments. */
export const printsUntilStopped: Rule = (_args, ctx) => ({
  kind: 'follow',
  why: 'prints until stopped',
  call: sandbox(ctx, `${ctx.text} | head -100`),
  bytes: 1_000_000,
  endless: true,
});

/** `watch cmd`: reruns the command forever; the command alone is what the agent wants. */
export const watchRerun: Rule = (_args, ctx) => ({
  kind: 'follow',
  why: 'reruns the command until stopped',
  call: sandbox(ctx, ctx.text.replace(/^watch\s+(-n\s*\S+\s+|-\S+\s+)*/, '')),
  bytes: 100_000,
  endless: true,
});

/** `top` without `-n` (iterations). */
export const topRedraw = endlessUnless(
  (a) => a.some((x) => /^-[a-zA-Z]*n/.test(x)),
  'redraws until stopped',
  () => ONE_TOP_SNAPSHOT,
);

/** `htop` is interactive: it never ends. */
export const htopInteractive = endlessUnless(
  () => false,
  'is interactive and never ends',
  () => ONE_TOP_SNAPSHOT,
);

/** `vmstat 1` (an interval, no count). */
export const vmstatEveryInterval = endlessUnless(
  (a) => !intervalWithoutCount(a),
  'prints a line every interval until stopped',
  (ctx) => `${ctx.text} 5`,
);

/** `iostat 2`, `mpstat 1` (an interval, no count). */
export const reportEveryInterval = endlessUnless(
  (a) => !numericIntervalWithoutCount(a),
  'prints a report every interval until stopped',
  (ctx) => `${ctx.text} 5`,
);

/** `ping host` without `-c` or a deadline. */
export const pingUntilStopped: Rule = (args, ctx) => {
  if (hasShort(args, 'c', 'iIwWst') || hasShort(args, 'w', 'ciIsWt') || hasLong(args, '--help') || args.includes('-V'))
    return undefined;
  const host = positionals(args, ['-i', '-I', '-s', '-t', '-W']).at(-1);
  return host
    ? {
        kind: 'follow',
        why: 'pings until stopped',
        call: sandbox(ctx, `ping -c 4 ${host}`),
        bytes: 10_000,
        endless: true,
      }
    : undefined;
};

/** `strace`, `ltrace`, `tcpdump`, `tshark` to stdout: a line per event until stopped. */
export const traceEveryEvent: Rule = (args, ctx) => {
  // `strace -c` prints a summary table at the end; `tcpdump -c N` stops after N packets.
  if (hasShort(args, 'c', 'oesp') && ctx.text.startsWith('strace')) return undefined;
  if (args.includes('-o') || args.includes('-w') || hasLong(args, '--help', '--version')) return undefined;
  if (ctx.text.startsWith('tcpdump') && args.includes('-c')) return undefined;
  return {
    kind: 'trace',
    why: 'prints a line per event until stopped',
    call: sandbox(ctx, `timeout 10 ${ctx.text} 2>&1 | tail -100`),
    bytes: 200_000,
    endless: true,
  };
};
