/**
 * Version control and code forges: a history without a bound (`git log`, `svn log`), a diff across many
 * commits or a whole pull request, every commit id, the raw JSON of `gh api` and whole CI logs.
 */
import { hasLong, hasShort, optValue, sandbox, type Rule } from '../flood-rule-helpers.js';
import { either, flagRule } from './flag-rule.js';

/** git's global options that take a value, read before the subcommand (`git -C dir log`). */
const GIT_GLOBAL_OPTIONS_WITH_VALUE = ['-C', '-c', '--git-dir', '--work-tree', '--namespace'];
/** Options that bound `git log` by count, date or by being a help page. */
const GIT_LOG_BOUNDS = ['--max-count', '--since', '--after', '--until', '--before', '--help', '--since-as-filter'];
const GIT_LOG_PATCH_OPTIONS = ['-p', '-u', '--patch', '--stat', '--numstat'];
/** `git diff` options that print a summary (names, counts) or nothing instead of the changes. */
const GIT_DIFF_SUMMARIES = [
  '--stat',
  '--shortstat',
  '--numstat',
  '--name-only',
  '--name-status',
  '--quiet',
  '--exit-code',
  '--dirstat',
];
/** `git diff HEAD~30` and further back: a month of work or more, in full. */
const FAR_DIFF_COMMITS = 30;

/** `git log`, `git diff HEAD~50`, `git rev-list --all`: the history or its changes with no bound. */
export const gitWholeHistory: Rule = (args, ctx) => {
  let i = 0;
  while (i < args.length && args[i]!.startsWith('-')) i += GIT_GLOBAL_OPTIONS_WITH_VALUE.includes(args[i]!) ? 2 : 1;
  const sub = args[i];
  const rest = args.slice(i + 1);
  if (sub === 'log' || sub === 'whatchanged') {
    if (hasLong(rest, ...GIT_LOG_BOUNDS)) return undefined;
    // `-5`, `-n 5`, a range (`main..HEAD`) or a reflog selector bound the walk.
    if (rest.some((a) => /^-\d+$/.test(a) || /^-n\d*$/.test(a) || a.includes('..') || /^@\{/.test(a))) return undefined;
    // `-L` follows one function or line range.
    if (rest.includes('-L') || rest.some((a) => /^-L\d/.test(a))) return undefined;
    const patch = rest.some((a) => GIT_LOG_PATCH_OPTIONS.includes(a));
    return {
      kind: 'git-log-unlimited',
      why: patch ? 'prints every commit of the history with its changes' : 'prints every commit of the history',
      call: sandbox(
        ctx,
        `git log ${rest.filter((a) => a !== '-p' && a !== '--patch').join(' ')}`.trim().replace(/\s+/g, ' ') + ' -n 50',
      ),
      bytes: patch ? 500_000 : 60_000,
    };
  }
  if (sub === 'diff' && !hasLong(rest, ...GIT_DIFF_SUMMARIES)) {
    const far = rest.find((a) => /^[\w./-]*~(\d+)$/.test(a) && Number(/~(\d+)$/.exec(a)![1]) >= FAR_DIFF_COMMITS);
    if (far)
      return {
        kind: 'diff',
        why: `prints every change across ${/~(\d+)$/.exec(far)![1]} commits`,
        call: sandbox(ctx, `git diff --stat ${far}`),
        bytes: 300_000,
      };
  }
  if (sub === 'rev-list' && hasLong(rest, '--all') && !hasLong(rest, '--count', '--max-count')) {
    return {
      kind: 'git-log-unlimited',
      why: 'prints every commit id',
      call: sandbox(ctx, 'git rev-list --all --count'),
      bytes: 40_000,
    };
  }
  return undefined;
};

/** `gh api /repos/…` without `--jq` / `--template`: the raw JSON response, a GET by default. */
const ghApiRawJson: Rule = (args, ctx) => {
  if (args[0] !== 'api') return undefined;
  if (
    hasLong(args, '--jq', '--template', '--silent', '--include') ||
    hasShort(args, 'q', '') ||
    hasShort(args, 't', '')
  )
    return undefined;
  const method = optValue(args, ['-X'], ['--method'])?.toUpperCase();
  if (method && method !== 'GET') return undefined;
  return {
    kind: 'gh-api',
    why: 'prints the raw JSON response',
    call: sandbox(ctx, undefined, 'the fields you need'),
    bytes: 30_000,
  };
};

const ghRunLog = flagRule({
  subcommands: [['run', 'view']],
  needs: [{ long: ['--log', '--log-failed'] }],
  kind: 'ci-log',
  why: 'prints the whole CI log',
  intent: 'errors and failing steps',
  bytes: 100_000,
});

const ghPullRequestDiff = flagRule({
  subcommands: [['pr', 'diff']],
  boundedBy: { long: ['--name-only', '--stat'] },
  kind: 'diff',
  why: 'prints the whole pull request diff',
  bytes: 50_000,
});

/** GitHub's CLI: the raw API JSON, a whole CI log or a whole pull request diff. */
export const ghRawOutput = either(ghApiRawJson, ghRunLog, ghPullRequestDiff);

/** `svn log` / `hg log` without `-l N` or a revision: every commit of the history. */
export const otherVcsWholeLog: Rule = (args, ctx) => {
  if (args[0] !== 'log' || args.some((a) => /^(-l\d*|--limit(=.*)?|-r|--revision(=.*)?)$/.test(a))) return undefined;
  return {
    kind: 'git-log-unlimited',
    why: 'prints every commit of the history',
    call: sandbox(ctx, `${ctx.text} -l 50`),
    bytes: 60_000,
  };
};
