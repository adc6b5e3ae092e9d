/**
 * What the per-program flood rules (rules/, listed in flood-rules.ts) share: the shape of a verdict, the argument
 * helpers they read a command line with, and the name patterns (URLs, big files, huge trees) they test arguments
 * against.
 */

import { joinWords } from '@context-mode/shared/shell/effective-commands';

export type SuggestedCall =
  | { tool: 'ctx_fetch_and_index'; url: string }
  | { tool: 'ctx_execute'; code: string; intent?: string }
  | { tool: 'ctx_index'; path: string };

export interface Flood {
  /** Short machine name, e.g. 'http-to-stdout', 'git-log-unlimited'. */
  kind: string;
  /** Why the output is unbounded, as a clause: "prints every commit in the history". */
  why: string;
  call: SuggestedCall;
  /** Rough bytes the redirect keeps out of the context (the file size when known). */
  bytes: number;
  /** Never terminates on its own (`tail -f`, `docker logs -f`): no pipeline stage can contain it. */
  endless?: boolean;
}

export interface RuleContext {
  /** The whole segment as the user wrote it (for the suggested sandbox call). */
  text: string;
  /** Size in bytes of a file the command names, when it exists on disk. */
  fileSize(path: string): number | undefined;
  viaXargs?: boolean;
  /** Stderr of the command goes to a file or /dev/null. */
  stderrDiscarded?: boolean;
  /**
   * Whether a path the command names lies inside the project (relative paths are). ctx_index and ctx_execute_file
   * refuse files outside it, so a redirect for those names a shell command instead. Unknown without a probe.
   */
  insideProject?(path: string): boolean;
}

export type Rule = (args: string[], ctx: RuleContext) => Flood | undefined;

// ── argument helpers ─────────────────────────────────────────────────────────────────────────────────────

/** True when a long option is present (`--all` or `--all=…`). */
export function hasLong(args: readonly string[], ...names: string[]): boolean {
  return args.some((a) => names.some((n) => a === n || a.startsWith(`${n}=`)));
}

/**
 * True when a short option letter is present, alone or in a bundle (`-sSfLo`). Letters after an option that
 * takes a value are that value (`-XPOST` is X with "POST"), so they never count.
 */
export function hasShort(args: readonly string[], letter: string, takesValue: string): boolean {
  for (const a of args) {
    if (!/^-[A-Za-z0-9]/.test(a) || a.startsWith('--')) continue;
    for (let k = 1; k < a.length; k++) {
      const c = a[k]!;
      if (c === letter) return true;
      if (takesValue.includes(c)) break;
    }
  }
  return false;
}

/** The value of an option given as `-n 5`, `-n5`, `--lines 5` or `--lines=5`. */
export function optValue(args: readonly string[], shorts: string[], longs: string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    for (const l of longs) {
      if (a === l) return args[i + 1];
      if (a.startsWith(`${l}=`)) return a.slice(l.length + 1);
    }
    for (const s of shorts) {
      if (a === s) return args[i + 1];
      if (a.startsWith(s) && s.length === 2 && !a.startsWith('--') && a.length > 2 && /^\d/.test(a.slice(2)))
        return a.slice(2);
    }
  }
  return undefined;
}

/** Positional arguments, skipping options and the values of options listed in `withValue`. */
export function positionals(args: readonly string[], withValue: readonly string[] = []): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') {
      out.push(...args.slice(i + 1));
      break;
    }
    if (a.startsWith('-') && a !== '-') {
      if (withValue.includes(a)) i++;
      continue;
    }
    out.push(a);
  }
  return out;
}

export function sandbox(ctx: RuleContext, code?: string, intent?: string): SuggestedCall {
  return intent
    ? { tool: 'ctx_execute', code: code ?? ctx.text, intent }
    : { tool: 'ctx_execute', code: code ?? ctx.text };
}

/**
 * The call that shows a big file the tools can reach: indexed when it lies inside the project, else its last
 * lines through the sandbox, whose shell may read anywhere.
 */
export function fileCall(path: string, ctx: RuleContext): SuggestedCall {
  if (ctx.insideProject?.(path) !== false) return { tool: 'ctx_index', path };
  return { tool: 'ctx_execute', code: joinWords(['tail', '-n', '200', path]), intent: 'what you need from the file' };
}

/** The alternatives of several patterns as one (written apart so that each line says one kind of name). */
function anyOf(flags: string, ...alternatives: RegExp[]): RegExp {
  return new RegExp(alternatives.map((re) => re.source).join('|'), flags);
}

const LOOPBACK_HOST = /(localhost|127\.0\.0\.1|0\.0\.0\.0|\[::1\])(:\d+)?(\/|$)/;
/** A URL as a command line writes it: with a scheme, `www.`, a dotted host name, or a loopback host. */
export const URL_RE = anyOf(
  'i',
  /^(https?:\/\/|www\.)/,
  /^[a-z0-9.-]+\.[a-z]{2,}(:\d+)?(\/|$)/,
  new RegExp(`^${LOOPBACK_HOST.source}`),
);
export const LOCAL_URL = new RegExp(`^(https?:\\/\\/)?${LOOPBACK_HOST.source}`, 'i');
// Services that answer with one line (the caller's IP, a health word) by design.
export const SMALL_HOST = anyOf(
  'i',
  /^(https?:\/\/)?(ifconfig\.(me|co)|icanhazip\.com|api\.ipify\.org|ipinfo\.io\/ip)(\/|$)/,
  /^(https?:\/\/)?(checkip\.amazonaws\.com|ident\.me|ipecho\.net\/plain)(\/|$)/,
);
export const SMALL_ENDPOINT = /\/(health|healthz|healthcheck|livez|readyz|ready|ping|status|version|alive)\b/i;

// Names that mean "big": logs, lock files, dumps, data exports, minified or generated bundles.
const BIG_NAME = anyOf(
  'i',
  /(\.log(\.\d+)?|\.jsonl|\.ndjson|\.csv|\.tsv|\.sql|\.dump|\.har|\.parquet)$/,
  /(\.min\.js|\.min\.css|\.map|\.bundle\.js|\.xml\.gz|\.gz)$/,
  /(^|\/)(package-lock\.json|npm-shrinkwrap\.json|yarn\.lock|pnpm-lock\.yaml|bun\.lockb|cargo\.lock|go\.sum)$/,
  /(^|\/)(poetry\.lock|pipfile\.lock|uv\.lock|gemfile\.lock|composer\.lock|flake\.lock|lcov\.info)$/,
  /(^|\/)(\.?[a-z_]*history|syslog|messages|kern\.log|auth\.log|access_log|error_log)$/,
  /^\/var\/log\//,
);
// Data files whose names say they hold a lot (exports, dumps, snapshots).
const BIG_DATA_NAME =
  /(export|dump|backup|large|big|huge|full|snapshot|records|events|logs?|results)[^/]*\.(json|ya?ml|xml|txt|out)$/i;
// Binary files: any text rendering of them (strings, base64, hex) is several times their size.
const BINARY_NAME = anyOf(
  'i',
  /\.(png|jpe?g|gif|webp|ico|pdf|mp[34]|mov|avi|mkv|woff2?|ttf)$/,
  /\.(zip|tar|tgz|gz|bz2|xz|zst|7z|bin|img|iso|jar|db|sqlite3?)$/,
  /\.(so|dylib|dll|exe|wasm|class|o|a)$/,
  /^\/(usr\/)?(s?bin|lib|libexec)\//,
);
/** A file over this size is too big to print whole. */
export const BIG_FILE = 64 * 1024;
/** A binary over this size is too big to render as text (the text is several times the binary). */
const BIG_BINARY_FILE = 16 * 1024;
/** What a file of unknown size is taken to hold, when its name says big: a page of a log or an export. */
const ASSUMED_BIG_FILE_BYTES = 200_000;

/** Bytes of a file if known; `big` when its size or its name says it is large. */
export function fileVerdict(path: string, ctx: RuleContext): { big: boolean; bytes: number } {
  if (/[*?]/.test(path)) return { big: true, bytes: ASSUMED_BIG_FILE_BYTES };
  const size = ctx.fileSize(path);
  if (size !== undefined) return { big: size > BIG_FILE, bytes: size };
  if (path === '/dev/urandom' || path === '/dev/random' || path === '/dev/zero')
    return { big: true, bytes: 10_000_000 };
  // Files inside installed dependencies are generated bundles more often than not.
  const vendored = /(^|\/)node_modules\/.+\.(js|cjs|mjs|css|map)$/.test(path);
  return { big: BIG_NAME.test(path) || BIG_DATA_NAME.test(path) || vendored, bytes: ASSUMED_BIG_FILE_BYTES };
}

/** For commands that render bytes as text: big unless the file is known to be small. */
export function binaryVerdict(path: string, ctx: RuleContext): { big: boolean; bytes: number } {
  const size = ctx.fileSize(path);
  if (size !== undefined) return { big: size > BIG_BINARY_FILE, bytes: size * 3 };
  return { big: BINARY_NAME.test(path) || fileVerdict(path, ctx).big, bytes: ASSUMED_BIG_FILE_BYTES };
}

const HOME_DIR = /~|~\/|\$HOME\/?|\$\{HOME\}\/?/;
const SYSTEM_DIR = /\/|\/(usr|var|etc|opt|home|Users|lib|System|Library|proc|sys|mnt|nix)(\/.*)?|[A-Za-z]:\\?/;
const DEPENDENCY_DIR = /(\.\/)?(node_modules|vendor|\.venv|venv|site-packages|target|\.git)(\/.*)?/;
// Roots of trees too big to list or search: the file system, home directories, dependency folders.
const HUGE_TREE = new RegExp(`^(${SYSTEM_DIR.source}|${HOME_DIR.source}|${DEPENDENCY_DIR.source})$`);

export function isHugeTree(path: string): boolean {
  return HUGE_TREE.test(path);
}
