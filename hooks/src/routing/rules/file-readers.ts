/**
 * Programs that print a file: `cat` and pagers on a big file (by size, or by a name that says big: logs, lock
 * files, dumps), `head`/`tail` asked for thousands of lines or following a file, whole-file line filters
 * (`sort big.log`, `awk '{print $1}' access.log`), `jq .` and PowerShell's `Get-Content`.
 */
import {
  BIG_FILE,
  fileCall,
  fileVerdict,
  hasLong,
  hasShort,
  optValue,
  positionals,
  sandbox,
  type Rule,
} from '../flood-rule-helpers.js';
import { powershellArgs } from './http-clients.js';

/** More lines than this from `head`/`tail` is a dump, not a look. */
const MAX_PAGE_LINES = 2000;
/** Roughly how many bytes a log or source line holds, to size a line count. */
const BYTES_PER_LINE = 80;
const HEAD_TAIL_OPTIONS_WITH_VALUE = ['-n', '-c', '--lines', '--bytes', '-s', '--pid', '--sleep-interval'];
/** Line filters' options that take a value (`sort -t, -k2`, `awk -F:`, `cut -d, -f1`). */
const FILTER_OPTIONS_WITH_VALUE = [
  '-t',
  '-k',
  '-d',
  '-f',
  '-F',
  '-v',
  '-e',
  '-o',
  '-S',
  '-T',
  '--field-separator',
  '--output',
];
const JQ_OPTIONS_WITH_VALUE = ['--arg', '--argjson', '-f', '--slurpfile', '--rawfile', '--indent'];
const GET_CONTENT_BOUNDS = ['-totalcount', '-head', '-first', '-tail', '-last', '-wait'];
const GET_CONTENT_OPTIONS_WITH_VALUE = ['-path', '-literalpath', '-encoding', '-delimiter', '-readcount', '-stream'];

/**
 * A program that prints every file it names (`cat`, `less`, `bat`, `strings`): a flood when one of them is big
 * by `verdict`. Run by xargs with no file named, it prints every file it is given.
 */
export function wholeFileReader(optionsWithValue: string[], verdict: typeof fileVerdict = fileVerdict): Rule {
  return (args, ctx) => {
    const files = positionals(args, optionsWithValue);
    if (files.length === 0 && ctx.viaXargs) {
      return {
        kind: 'file-dump',
        why: 'prints the content of every file it is given',
        call: sandbox(ctx),
        bytes: 200_000,
      };
    }
    for (const f of files) {
      const v = verdict(f, ctx);
      if (v.big) {
        return {
          kind: 'file-dump',
          why: `prints all of ${f}${ctx.fileSize(f) !== undefined ? ` (${Math.round(v.bytes / 1024)} KB)` : ''}`,
          call: /[*?]/.test(f) ? sandbox(ctx) : fileCall(f, ctx),
          bytes: v.bytes,
        };
      }
    }
    return undefined;
  };
}

const plainFileReader = wholeFileReader([]);

/** `1k`, `2M`, `512` → bytes. */
function parseSize(s: string): number {
  const m = /^(\d+)([kKmMgG])?/.exec(s);
  if (!m) return 0;
  const mult = { k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[(m[2] ?? '').toLowerCase() as 'k' | 'm' | 'g'] ?? 1;
  return Number(m[1]) * mult;
}

/** `head -n 50000`, `tail -c 10M`, `tail -n +1 big.log` (from the start: all of it), and `tail -f` (endless). */
export const headOrTailBeyondAPage =
  (which: 'head' | 'tail'): Rule =>
  (args, ctx) => {
    const files = positionals(args, HEAD_TAIL_OPTIONS_WITH_VALUE);
    const follow =
      which === 'tail' &&
      (hasShort(args, 'f', 'ncs') || hasShort(args, 'F', 'ncs') || hasLong(args, '--follow', '--retry'));
    if (follow) {
      return {
        kind: 'follow',
        why: 'never stops printing new lines',
        call: sandbox(ctx, `tail -n 200 ${files.join(' ')}`.trim()),
        bytes: 100_000,
        endless: true,
      };
    }
    const nRaw = optValue(args, ['-n'], ['--lines']) ?? args.find((a) => /^-\d+$/.test(a))?.slice(1);
    const cRaw = optValue(args, ['-c'], ['--bytes']);
    if (nRaw?.startsWith('+') && which === 'tail') {
      return wholeFileReader(['-n', '-c', '--lines', '--bytes'])(args, ctx);
    }
    const lines = nRaw === undefined ? 10 : Number(nRaw.replace(/^[+-]/, ''));
    const bytes = cRaw === undefined ? 0 : parseSize(cRaw);
    if (lines > MAX_PAGE_LINES || bytes > BIG_FILE) {
      return {
        kind: 'file-dump',
        why: `prints ${lines > MAX_PAGE_LINES ? `${lines} lines` : `${cRaw} bytes`}`,
        call: sandbox(ctx, `${which} -n 100 ${files.join(' ')}`.trim()),
        bytes: Math.max(bytes, lines * BYTES_PER_LINE),
      };
    }
    return undefined;
  };

/** Line filters given a big file print all of it (`sort big.log`, `awk '{print $1}' access.log`). */
export const lineFilterOverBigFile: Rule = (args, ctx) => {
  const name = ctx.text.split(' ')[0];
  // `sed -i` edits in place; `sed -n` and `q` print only what they select.
  if (
    name === 'sed' &&
    args.some(
      (a) => a === '-i' || a.startsWith('-i') || a === '-n' || /^-[a-zA-Z]*n/.test(a) || /(^|;)\s*\d*q\b/.test(a),
    )
  )
    return undefined;
  const pos = positionals(args, FILTER_OPTIONS_WITH_VALUE);
  let files = pos;
  if (name === 'awk' || name === 'gawk' || name === 'sed') {
    const prog = args.includes('-e') || args.includes('-f') ? undefined : pos[0];
    // A leading pattern selects lines; only a whole-file action (`{ print … }`, `s/a/b/`) prints everything.
    if (
      (name !== 'sed' && prog !== undefined && !/^\s*(BEGIN\b|\{)/.test(prog)) ||
      (name !== 'sed' && prog && /\bexit\b|\bNR\s*[<>=]/.test(prog))
    )
      return undefined;
    files = prog === undefined ? pos : pos.slice(1);
  }
  return plainFileReader(files, ctx);
};

/** `jq . big.json` / `jq '.[]' big.json`: the identity filter pretty-prints the whole file. */
export const jqIdentityOverBigFile: Rule = (args, ctx) => {
  const [filter, ...files] = positionals(args, JQ_OPTIONS_WITH_VALUE);
  if (!files.length || (filter !== '.' && filter !== '.[]')) return undefined;
  return plainFileReader(files, ctx);
};

/** `Get-Content file` (PowerShell's cat) without a line bound, on a big file. */
export const getContentWithoutBound: Rule = (rawArgs, ctx) => {
  const args = powershellArgs(rawArgs);
  if (hasLong(args, ...GET_CONTENT_BOUNDS)) return undefined;
  const path = optValue(args, [], ['-path', '-literalpath']);
  const files = [...(path ? [path] : []), ...positionals(args, GET_CONTENT_OPTIONS_WITH_VALUE)];
  return plainFileReader(files, ctx);
};
