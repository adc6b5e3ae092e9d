/**
 * Whole-system listings and generated output: every open file of every process (`lsof`), every kernel
 * parameter (`sysctl -a`), a whole manual page, `seq` over a huge range.
 */
import { positionals, sandbox, type Rule } from '../flood-rule-helpers.js';
import { flagRule } from './flag-rule.js';

/** `man` options that print a path or a one-line summary instead of the page. */
const MAN_LOOKUPS = ['-k', '-f', '-w', '--path', '--where', '--apropos', '--whatis'];
/** `seq` printing more numbers than this is generating data, not counting. */
const MAX_SEQ_LINES = 10_000;

/** `lsof` with no selection (or only output-format flags): every open file of every process. */
export const everyOpenFile: Rule = (args, ctx) => {
  const pos = positionals(args, ['-p', '-u', '-c', '-i', '-g', '+D', '+d']);
  if (args.length === 0 || (pos.length === 0 && args.every((a) => /^-[nPlb]+$/.test(a)))) {
    return {
      kind: 'process-dump',
      why: 'prints every open file of every process',
      call: sandbox(ctx, 'lsof -nP -iTCP -sTCP:LISTEN'),
      bytes: 500_000,
    };
  }
  return undefined;
};

/** `sysctl -a`. */
export const everyKernelParameter = flagRule({
  needs: [{ exact: ['-a', '--all', '-A'] }],
  kind: 'package-list',
  why: 'prints every kernel parameter',
  instead: (text) => `${text} | grep '<name>'`,
  bytes: 60_000,
});

/** `man git-log`: the whole page, where the agent wants one option. */
export const wholeManualPage: Rule = (args, ctx) => {
  if (args.some((a) => MAN_LOOKUPS.includes(a)) || positionals(args).length === 0) return undefined;
  return {
    kind: 'manual',
    why: 'prints the whole manual page',
    call: sandbox(ctx, `${ctx.text} | col -b | grep -n -A5 '<option or topic>' | head -60`),
    bytes: 150_000,
  };
};

/** `seq 1 1000000`. */
export const longSequence: Rule = (args, ctx) => {
  const nums = args.filter((a) => /^-?\d+(\.\d+)?$/.test(a)).map(Number);
  const last = nums.at(-1) ?? 0;
  const first = nums.length > 1 ? nums[0]! : 1;
  return Math.abs(last - first) > MAX_SEQ_LINES
    ? {
        kind: 'generated',
        why: `prints ${Math.abs(last - first)} lines`,
        call: sandbox(ctx, `${ctx.text} | tail -5`),
        bytes: 100_000,
      }
    : undefined;
};
