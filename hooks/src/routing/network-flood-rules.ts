/**
 * Per-program rules for network clients other than curl/wget and for package registries: text browsers,
 * PowerShell web cmdlets, and registry commands that print a package's whole metadata or a long search
 * listing. Same contract as flood-rules.ts (which merges these into its table): look at the program's own
 * arguments and name the call that does the job instead.
 */
import {
  hasLong,
  hasShort,
  optValue,
  positionals,
  sandbox,
  URL_RE,
  LOCAL_URL,
  SMALL_HOST,
  SMALL_ENDPOINT,
  type Flood,
  type Rule,
  type RuleContext,
} from './flood-rule-helpers.js';

function pageFlood(url: string, ctx: RuleContext, why: string): Flood {
  const href = /^https?:\/\//i.test(url) ? url : `https://${url}`;
  return {
    kind: 'http-to-stdout',
    why,
    call: LOCAL_URL.test(url)
      ? sandbox(ctx, undefined, 'what you need from the response')
      : { tool: 'ctx_fetch_and_index', url: href },
    bytes: 16_384,
  };
}

/** `lynx -dump URL`, `w3m URL`, `links -dump URL`, `elinks --dump URL`: the page rendered as text. */
export const textBrowser: Rule = (args, ctx) => {
  const url = positionals(args, [
    '-width',
    '-cols',
    '-o',
    '-config',
    '-cfg',
    '-T',
    '-I',
    '-cookie-jar',
    '-useragent',
    '--eval',
    '-eval',
  ]).find((p) => /^https?:\/\//i.test(p) || (URL_RE.test(p) && !/\.(html?|txt|md)$/i.test(p)));
  return url ? pageFlood(url, ctx, 'prints the whole page as text') : undefined;
};

/** PowerShell options are case-insensitive: compare them lower-cased. */
function psArgs(args: readonly string[]): string[] {
  return args.map((a) => (a.startsWith('-') ? a.toLowerCase() : a));
}

/** `Invoke-WebRequest` / `iwr` / `Invoke-RestMethod` / `irm` without `-OutFile`: the response object is printed. */
export const powershellWeb: Rule = (rawArgs, ctx) => {
  const args = psArgs(rawArgs);
  if (hasLong(args, '-outfile', '-infile', '-body', '-form')) return undefined;
  const method = optValue(args, [], ['-method'])?.toUpperCase();
  if (method && method !== 'GET') return undefined;
  const withValue = [
    '-uri',
    '-headers',
    '-contenttype',
    '-useragent',
    '-credential',
    '-timeoutsec',
    '-maximumredirection',
    '-proxy',
    '-sessionvariable',
    '-websession',
    '-token',
    '-authentication',
    '-method',
  ];
  const url = optValue(args, [], ['-uri']) ?? positionals(args, withValue).find((p) => URL_RE.test(p));
  if (!url || SMALL_HOST.test(url) || (LOCAL_URL.test(url) && SMALL_ENDPOINT.test(url))) return undefined;
  return pageFlood(url, ctx, 'prints the whole response');
};

/** `Get-Content file` (PowerShell's cat) without a line bound. */
export const powershellGetContent =
  (cat: Rule): Rule =>
  (rawArgs, ctx) => {
    const args = psArgs(rawArgs);
    if (hasLong(args, '-totalcount', '-head', '-first', '-tail', '-last', '-wait')) return undefined;
    const path = optValue(args, [], ['-path', '-literalpath']);
    const files = [
      ...(path ? [path] : []),
      ...positionals(args, ['-path', '-literalpath', '-encoding', '-delimiter', '-readcount', '-stream']),
    ];
    return cat(files, ctx);
  };

/** Package metadata fields that are themselves long lists. */
const LONG_FIELDS = new Set(['versions', 'time', 'maintainers', 'contributors', 'readme', 'users']);

/**
 * `npm view react`, `npm view react --json`, `pnpm view vite`, `yarn info typescript`: the whole package
 * document (every dist-tag, dependency and, with --json, every version and publish time). Naming a field
 * (`npm view react version`) prints that field only.
 */
export const packageView: Rule = (args, ctx) => {
  const sub = args[0];
  if (!['view', 'info', 'show', 'v'].includes(sub ?? '')) return undefined;
  const [pkg, ...fields] = positionals(args.slice(1), ['--registry', '--workspace', '-w']);
  if (!pkg) return undefined;
  if (fields.length && !fields.some((f) => LONG_FIELDS.has(f))) return undefined;
  const tool = ctx.text.split(' ')[0];
  return {
    kind: 'package-metadata',
    why: fields.length
      ? `prints every ${fields.find((f) => LONG_FIELDS.has(f))} entry of ${pkg}`
      : `prints the whole registry document of ${pkg}`,
    call: sandbox(ctx, `${tool} view ${pkg} name version description dist-tags.latest`, 'the fields you need'),
    bytes: 30_000,
  };
};

/** `npm search --json …` prints every match's full metadata. */
export const packageSearchJson: Rule = (args, ctx) =>
  (args[0] === 'search' || args[0] === 's' || args[0] === 'find') && hasLong(args, '--json')
    ? {
        kind: 'package-search',
        why: 'prints the full metadata of every match',
        call: sandbox(ctx, ctx.text.replace(/\s--json\b/, ''), 'the packages you need'),
        bytes: 40_000,
      }
    : undefined;

/** `cargo search x` without an explicit small `--limit`. */
export const cargoSearch: Rule = (args, ctx) => {
  if (args[0] !== 'search') return undefined;
  const limit = Number(optValue(args, [], ['--limit']));
  if (Number.isFinite(limit) && limit <= 20) return undefined;
  const query = positionals(args.slice(1), ['--limit', '--index', '--registry']).join(' ');
  return {
    kind: 'package-search',
    why: 'prints a page of crates with descriptions',
    call: sandbox(ctx, `cargo search ${query} --limit 5`.replace(/\s+/g, ' ')),
    bytes: 5_000,
  };
};

/** `gem search rails` lists every gem whose name contains the word; `gem list --remote` every gem there is. */
export const gemSearch: Rule = (args, ctx) => {
  const remoteList =
    (args[0] === 'list' || args[0] === 'query') && (hasShort(args, 'r', '') || hasLong(args, '--remote'));
  const search = args[0] === 'search' && !hasShort(args, 'e', '') && !hasLong(args, '--exact');
  if (!remoteList && !search) return undefined;
  const name = positionals(args.slice(1))[0] ?? '<name>';
  return {
    kind: 'package-search',
    why: 'prints every gem whose name matches',
    call: sandbox(ctx, `gem search -e ${name}`),
    bytes: 60_000,
  };
};

/** `apt-cache search x` matches descriptions too (thousands of lines); `dump` / `dumpavail` print the whole cache. */
export const aptCache: Rule = (args, ctx) => {
  if (args[0] === 'search' && !hasLong(args, '--names-only') && !hasShort(args, 'n', '')) {
    return {
      kind: 'package-search',
      why: 'prints every package whose name or description matches',
      call: sandbox(ctx, `${ctx.text} | head -50`),
      bytes: 100_000,
    };
  }
  if (['dump', 'dumpavail', 'pkgnames'].includes(args[0] ?? ''))
    return {
      kind: 'package-list',
      why: 'prints the whole package cache',
      call: sandbox(ctx, `${ctx.text} | head -50`, 'the packages you are looking for'),
      bytes: 1_000_000,
    };
  return undefined;
};

/** `brew info --json=v2 --installed` / `--eval-all`: the full JSON of every formula. */
export const brewInfo: Rule = (args, ctx) =>
  args[0] === 'info' && hasLong(args, '--json') && hasLong(args, '--installed', '--eval-all', '--all')
    ? {
        kind: 'package-list',
        why: 'prints the full JSON of every formula',
        call: sandbox(ctx, 'brew list --versions'),
        bytes: 500_000,
      }
    : undefined;

/** `dnf list available`, `yum list all`: every package in every repository. */
export const rpmRepoList: Rule = (args, ctx) => {
  const i = args.findIndex((a) => !a.startsWith('-'));
  if (args[i] !== 'list') return undefined;
  const rest = positionals(args.slice(i + 1));
  if (rest.some((r) => !['all', 'available', 'installed', '--all', '--available', '--installed'].includes(r)))
    return undefined;
  return {
    kind: 'package-list',
    why: 'prints every package of every repository',
    call: sandbox(ctx, `${ctx.text} | grep -i '<name>'`, 'the packages you are looking for'),
    bytes: 1_000_000,
  };
};
