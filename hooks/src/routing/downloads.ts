/**
 * Downloads a command line makes to a file (`curl -o f URL`, `wget URL`, `curl URL > f`, `iwr URL -OutFile f`),
 * so that a later `cat f` / `less f` in the same command line is known to print a fetched body: writing the
 * body to a file is fine on its own, reading all of it back is the flood the download avoided.
 */
import { hasLong, hasShort, optValue, positionals, URL_RE } from './flood-rule-helpers.js';

export interface Download {
  path: string;
  url: string;
}

const CURL_VALUE = 'AbcCdDeEFHKmoPQrTtuUwxXYyz';

function remoteName(url: string, fallback?: string): string | undefined {
  const path = url.replace(/^https?:\/\//i, '').replace(/[?#].*$/, '');
  const base = path.includes('/') ? path.slice(path.lastIndexOf('/') + 1) : '';
  return base || fallback;
}

/** `./f` and `f` are the same file. */
export function samePath(p: string): string {
  return p.replace(/^(\.\/)+/, '');
}

function curlOutput(args: string[], url: string): string | undefined {
  const long = optValue(args, [], ['--output']);
  if (long !== undefined) return long;
  const bundled = args.findIndex((a) => /^-[A-Za-z]*o$/.test(a));
  if (bundled >= 0) return args[bundled + 1];
  const glued = args.find((a) => /^-o./.test(a));
  if (glued) return glued.slice(2);
  if (hasShort(args, 'O', CURL_VALUE) || hasLong(args, '--remote-name')) return remoteName(url);
  return undefined;
}

function wgetOutput(args: string[], url: string): string | undefined {
  const out = optValue(args, ['-O'], ['--output-document']);
  if (out !== undefined) return out;
  const bundled = args.findIndex((a) => /^-[a-zA-Z]*O$/.test(a));
  if (bundled >= 0) return args[bundled + 1];
  const glued = args.find((a) => /^-[a-zA-Z]*O[^-]/.test(a) && !a.startsWith('--'));
  if (glued) return glued.slice(glued.indexOf('O') + 1);
  if (hasShort(args, 'P', 'OoaeU') || hasLong(args, '--directory-prefix', '--spider')) return undefined;
  return remoteName(url, 'index.html');
}

/** The file a network client writes its body to, with the URL; `stdoutFile` is where `>` sends stdout. */
export function downloadOf(argv: readonly string[], stdoutFile: string | undefined): Download | undefined {
  const [name = '', ...args] = argv;
  const url = positionals(args).find((p) => URL_RE.test(p)) ?? optValue(args, [], ['--url', '-Uri', '-uri']);
  if (!url) return undefined;
  let path: string | undefined;
  if (name === 'curl') path = curlOutput(args, url);
  else if (name === 'wget') path = wgetOutput(args, url);
  else if (/^(invoke-webrequest|iwr|invoke-restmethod|irm)$/i.test(name))
    path = optValue(
      args.map((a) => (a.startsWith('-') ? a.toLowerCase() : a)),
      [],
      ['-outfile'],
    );
  else if (!/^(lynx|w3m|links2?|elinks|http|https|xh)$/.test(name)) return undefined;
  if ((path === undefined || path === '-') && stdoutFile !== undefined) path = stdoutFile;
  if (path === undefined || path === '-' || path.startsWith('/dev/')) return undefined;
  return { path: samePath(path), url: /^https?:\/\//i.test(url) ? url : `https://${url}` };
}
