/**
 * Package registries and package managers asked for more than a line: a package's whole metadata document, a
 * search that prints every match in full, or a listing of every package a repository or cache holds.
 */
import { hasLong, hasShort, optValue, positionals, sandbox, type Rule } from '../flood-rule-helpers.js';
import { flagRule } from './flag-rule.js';

/** Package metadata fields that are themselves long lists. */
const LONG_FIELDS = new Set(['versions', 'time', 'maintainers', 'contributors', 'readme', 'users']);

/**
 * `npm view react`, `npm view react --json`, `pnpm view vite`, `yarn info typescript`: the whole package
 * document (every dist-tag, dependency and, with --json, every version and publish time). Naming a field
 * (`npm view react version`) prints that field only.
 */
export const packageMetadata: Rule = (args, ctx) => {
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
export const packageSearchAsJson = flagRule({
  subcommands: [['search'], ['s'], ['find']],
  needs: [{ long: ['--json'] }],
  kind: 'package-search',
  why: 'prints the full metadata of every match',
  instead: (text) => text.replace(/\s--json\b/, ''),
  intent: 'the packages you need',
  bytes: 40_000,
});

/** `cargo search x` without an explicit small `--limit`. */
export const unlimitedCrateSearch: Rule = (args, ctx) => {
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
export const gemSearchOrRemoteList: Rule = (args, ctx) => {
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
export const aptCacheSearchOrDump: Rule = (args, ctx) => {
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
export const brewInfoOfEveryFormula = flagRule({
  subcommands: [['info']],
  needs: [{ long: ['--json'] }, { long: ['--installed', '--eval-all', '--all'] }],
  kind: 'package-list',
  why: 'prints the full JSON of every formula',
  instead: () => 'brew list --versions',
  bytes: 500_000,
});

/** What `dnf list` / `yum list` accept for "the whole repository"; a package name narrows it. */
const RPM_LIST_SCOPES = ['all', 'available', 'installed', '--all', '--available', '--installed'];

/** `dnf list available`, `yum list all`: every package in every repository. */
export const rpmRepositoryListing: Rule = (args, ctx) => {
  const i = args.findIndex((a) => !a.startsWith('-'));
  if (args[i] !== 'list') return undefined;
  const rest = positionals(args.slice(i + 1));
  if (rest.some((r) => !RPM_LIST_SCOPES.includes(r))) return undefined;
  return {
    kind: 'package-list',
    why: 'prints every package of every repository',
    call: sandbox(ctx, `${ctx.text} | grep -i '<name>'`, 'the packages you are looking for'),
    bytes: 1_000_000,
  };
};
