/**
 * HTTP clients that print a response body to stdout: curl, wget, HTTPie/xh, text browsers and PowerShell's web
 * cmdlets. A download to a file, a write to an API or a one-line endpoint (health checks, "what is my IP") is
 * bounded; a page is fetched and indexed instead, a local server's answer read through the sandbox.
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
} from '../flood-rule-helpers.js';

/** curl's short options that take a value: in a bundle (`-sXPOST`), the letters after one are its value. */
const CURL_SHORT_OPTIONS_WITH_VALUE = 'AbcCdDeEFHKmoPQrTtuUwxXYyz';
/** curl options whose next word is their value, never the URL. */
const CURL_OPTIONS_WITH_VALUE = [
  '-X',
  '-H',
  '-d',
  '-u',
  '-A',
  '-e',
  '-b',
  '-c',
  '-w',
  '-m',
  '-x',
  '-F',
  '-r',
  '-o',
  '-T',
  '-K',
  '-E',
  '-D',
  '--request',
  '--header',
  '--data',
  '--data-raw',
  '--data-binary',
  '--json',
  '--user',
  '--user-agent',
  '--referer',
  '--cookie',
  '--cookie-jar',
  '--write-out',
  '--max-time',
  '--connect-timeout',
  '--proxy',
  '--form',
  '--range',
  '--retry',
  '--cacert',
  '--cert',
  '--key',
  '--resolve',
  '--data-urlencode',
  '--url',
  '--dump-header',
  '--config',
];
/** curl options that send the body somewhere other than stdout (unless their value is `-`). */
const CURL_OUTPUT_OPTIONS = [
  '--output',
  '--remote-name',
  '--remote-name-all',
  '--head',
  '--output-dir',
  '--upload-file',
];
const CURL_DATA_OPTIONS = ['--data', '--data-raw', '--data-binary', '--json', '--form', '--data-urlencode'];
const WGET_OPTIONS_WITH_VALUE = ['-O', '-o', '-a', '-e', '-U', '--header', '--user-agent', '-P'];
/** HTTPie options after which nothing, or only headers, reach stdout. */
const HTTPIE_QUIET_OPTIONS = ['--download', '--output', '--headers', '--quiet', '--offline', '--version', '--help'];
const WRITE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];
const TEXT_BROWSER_OPTIONS_WITH_VALUE = [
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
];
/** PowerShell options that send the response to a file or send a body (a write to an API). */
const POWERSHELL_NOT_A_PAGE_READ = ['-outfile', '-infile', '-body', '-form'];
const POWERSHELL_WEB_OPTIONS_WITH_VALUE = [
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
/** A response body is about this big; the figure only sizes the saving the redirect reports. */
const RESPONSE_BYTES = 16_384;

const toStdout = (out: string | undefined): boolean => out === '-' || out === '/dev/stdout';
const withScheme = (url: string): string => (/^https?:\/\//i.test(url) ? url : `https://${url}`);

/** A client run by `xargs` / `parallel` with the URLs read from stdin prints every response body in turn. */
function urlsFromStdin(ctx: RuleContext): Flood {
  return {
    kind: 'http-to-stdout',
    why: 'prints the response body of every URL it is given',
    call: sandbox(ctx, undefined, 'what you need from each response'),
    bytes: 50_000,
  };
}

function pageFlood(url: string, ctx: RuleContext, why: string): Flood {
  return {
    kind: 'http-to-stdout',
    why,
    call: LOCAL_URL.test(url)
      ? sandbox(ctx, undefined, 'what you need from the response')
      : { tool: 'ctx_fetch_and_index', url: withScheme(url) },
    bytes: RESPONSE_BYTES,
  };
}

/** `curl URL`: a GET whose body goes to stdout (not `-o file`, `-O`, `-I`, `-T`, nor a POST with data). */
export const curlBodyToStdout: Rule = (args, ctx) => {
  if (hasLong(args, ...CURL_OUTPUT_OPTIONS)) {
    if (!toStdout(optValue(args, [], ['--output']))) return undefined;
  }
  const hasCurlShort = (letter: string): boolean => hasShort(args, letter, CURL_SHORT_OPTIONS_WITH_VALUE);
  if (hasCurlShort('o')) {
    const out = optValue(args, ['-o'], []) ?? args[args.findIndex((a) => /^-[A-Za-z]*o$/.test(a)) + 1];
    if (!toStdout(out)) return undefined;
  }
  if (hasCurlShort('O') || hasCurlShort('I') || hasCurlShort('T')) return undefined;
  const method = optValue(args, ['-X'], ['--request'])?.toUpperCase();
  const sendsData = hasCurlShort('d') || hasCurlShort('F') || hasLong(args, ...CURL_DATA_OPTIONS);
  const url = positionals(args, CURL_OPTIONS_WITH_VALUE).find((p) => URL_RE.test(p)) ?? optValue(args, [], ['--url']);
  if (!url) return ctx.viaXargs ? urlsFromStdin(ctx) : undefined;
  // Writes to an API answer with the created object or a status; polling a local health endpoint answers one line.
  if (sendsData || (method && method !== 'GET')) return undefined;
  if ((LOCAL_URL.test(url) && SMALL_ENDPOINT.test(url)) || SMALL_HOST.test(url)) return undefined;
  // Headers, credentials or cookies make the page one that ctx_fetch_and_index (a plain GET) would not see.
  const plainGet = !args.some((a) => /^-(H|u|b|-header|-user|-cookie)$/.test(a) || a.startsWith('--header='));
  return {
    kind: 'http-to-stdout',
    why: 'prints the whole response body',
    call: plainGet && !LOCAL_URL.test(url) ? { tool: 'ctx_fetch_and_index', url: withScheme(url) } : sandbox(ctx),
    bytes: RESPONSE_BYTES,
  };
};

/** `wget -O- URL` / `wget -qO - URL`: the download written to stdout instead of a file. */
export const wgetToStdout: Rule = (args, ctx) => {
  const out =
    optValue(args, ['-O'], ['--output-document']) ?? (args.some((a) => /^-[a-zA-Z]*O-$/.test(a)) ? '-' : undefined);
  const bundledO = args.findIndex((a) => /^-[a-zA-Z]*O$/.test(a) && a !== '-O');
  if (!toStdout(out ?? (bundledO >= 0 ? args[bundledO + 1] : undefined))) return undefined;
  const url = positionals(args, WGET_OPTIONS_WITH_VALUE).find((p) => URL_RE.test(p));
  if (!url) return ctx.viaXargs ? urlsFromStdin(ctx) : undefined;
  if (SMALL_HOST.test(url)) return undefined;
  return {
    kind: 'http-to-stdout',
    why: 'prints the whole response body',
    call: LOCAL_URL.test(url) ? sandbox(ctx) : { tool: 'ctx_fetch_and_index', url: withScheme(url) },
    bytes: RESPONSE_BYTES,
  };
};

/** `http GET example.com/api`, `xh :3000/items`: HTTPie prints the body unless told to download or be quiet. */
export const httpieBodyToStdout: Rule = (args, ctx) => {
  if (hasLong(args, ...HTTPIE_QUIET_OPTIONS)) return undefined;
  if ([...'dohq'].some((letter) => hasShort(args, letter, ''))) return undefined;
  const pos = positionals(args);
  const url = pos.find((p) => URL_RE.test(p) || /^:\d*\//.test(p));
  if (!url) return undefined;
  const method = pos[0]?.toUpperCase();
  if (method && WRITE_METHODS.includes(method)) return undefined;
  return { kind: 'http-to-stdout', why: 'prints the whole response body', call: sandbox(ctx), bytes: RESPONSE_BYTES };
};

/** `lynx -dump URL`, `w3m URL`, `links -dump URL`, `elinks --dump URL`: the page rendered as text. */
export const textBrowserPage: Rule = (args, ctx) => {
  const url = positionals(args, TEXT_BROWSER_OPTIONS_WITH_VALUE).find(
    (p) => /^https?:\/\//i.test(p) || (URL_RE.test(p) && !/\.(html?|txt|md)$/i.test(p)),
  );
  return url ? pageFlood(url, ctx, 'prints the whole page as text') : undefined;
};

/** PowerShell options are case-insensitive: compare them lower-cased. */
export function powershellArgs(args: readonly string[]): string[] {
  return args.map((a) => (a.startsWith('-') ? a.toLowerCase() : a));
}

/** `Invoke-WebRequest` / `iwr` / `Invoke-RestMethod` / `irm` without `-OutFile`: the response object is printed. */
export const powershellWebResponse: Rule = (rawArgs, ctx) => {
  const args = powershellArgs(rawArgs);
  if (hasLong(args, ...POWERSHELL_NOT_A_PAGE_READ)) return undefined;
  const method = optValue(args, [], ['-method'])?.toUpperCase();
  if (method && method !== 'GET') return undefined;
  const url =
    optValue(args, [], ['-uri']) ?? positionals(args, POWERSHELL_WEB_OPTIONS_WITH_VALUE).find((p) => URL_RE.test(p));
  if (!url || SMALL_HOST.test(url) || (LOCAL_URL.test(url) && SMALL_ENDPOINT.test(url))) return undefined;
  return pageFlood(url, ctx, 'prints the whole response');
};
