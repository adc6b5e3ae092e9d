/**
 * Inline HTTP in interpreter code (`python -c`, `node -e`, `perl -MLWP::Simple -e`, `deno eval`, a heredoc fed
 * to ruby, …): the response usually goes straight to print(). The URL may be a literal in the code or come
 * from the command's own arguments (`node -e "fetch(process.argv[1])…" URL`). Code that prints only the
 * status or the length of the response passes.
 */
import { LOCAL_URL, URL_RE, type Flood } from './flood-rule-helpers.js';

/** Calls that perform a request, whatever their argument. */
const REQUEST_CALL = [
  /\bfetch\s*\(/,
  /\brequests\.(get|post|put|patch|delete|head|request)\s*\(/,
  /\bhttpx\.(get|post|put|patch|delete|stream|request)\s*\(/,
  /\burlopen\s*\(/,
  /\b(https?|require\(\s*['"](node:)?https?['"]\s*\))\.(get|request)\s*\(/,
  /\baxios(\.(get|post|request))?\s*\(/,
  /\bNet::HTTP\.get\s*\(|\bURI\.open\s*\(|\bHTTParty\.get\b|\bopen\s*\(\s*['"]https?:/,
  /\bgetprint\b|\bget\s*\(|\bHTTP::Tiny\b[\s\S]*->get\s*\(/,
  /\bfile_get_contents\s*\(/,
];
/** Calls that need a literal URL to be known as HTTP (`get(…)` and `fetch(…)` are common names). */
const NEEDS_URL = [0, 4, 5, 7, 8];
const LITERAL_URL = /['"`](https?:\/\/[^'"`\s]+)/;
/** The URL read from the command line: `process.argv[1]`, `sys.argv[1]`, `ARGV[0]`, `$argv[1]`, `Deno.args[0]`, `shift`. */
const ARGV_URL = /\bprocess\.argv\b|\bsys\.argv\b|\bARGV\b|\$argv\b|\bDeno\.args\b|\bBun\.argv\b|\bshift\b|\$ARGV\[/;
/** What is printed is the status, a header or a length, not the body. */
const BOUNDED_PRINT =
  /\.(status|status_code|statusCode|code|ok|headers)\b|\.length\b|\blen\s*\(|\.(slice|substring|substr)\s*\(\s*0\s*,\s*\d{1,4}\s*\)|\[\s*:\s*\d{1,4}\s*\]/;
/** …unless the body is printed too. */
const BODY_PRINT =
  /\.then\s*\(\s*console\.log\s*\)|\.pipe\s*\(\s*process\.stdout\s*\)|\bgetprint\b|print\s*\(\s*[\w.]*\.(text|content|json\(\))\s*\)/;
/** `getstore(URL, file)`, `urlretrieve(URL, file)`: the body goes to a file. */
const TO_FILE = /\bgetstore\s*\(|\burlretrieve\s*\(/;

/** A flood when the code fetches a URL and prints the body; `argv` is the interpreter's command line. */
export function inlineHttpFlood(code: string, argv: readonly string[], fullCommand: string): Flood | undefined {
  // Modules loaded on the command line count as part of the program (`perl -MLWP::Simple -e 'getprint …'`).
  const program = `${argv.filter((a) => /^-[Mr]/.test(a)).join(' ')}\n${code}`;
  const literal = LITERAL_URL.exec(code)?.[1];
  const argUrl = argv.slice(1).find((a) => /^https?:\/\//i.test(a) || (URL_RE.test(a) && !a.startsWith('-')));
  const urlKnown = literal !== undefined || (argUrl !== undefined && ARGV_URL.test(code));
  const requests = REQUEST_CALL.some(
    (re, i) =>
      re.test(program) && (!NEEDS_URL.includes(i) || urlKnown || (i === 7 && /LWP::Simple|HTTP::Tiny/.test(program))),
  );
  if (!requests || (TO_FILE.test(code) && !BODY_PRINT.test(code))) return undefined;
  if (BOUNDED_PRINT.test(code) && !BODY_PRINT.test(code)) return undefined;
  const url = literal ?? (ARGV_URL.test(code) ? argUrl : undefined);
  const page = url !== undefined && /^https?:\/\//i.test(url) && !LOCAL_URL.test(url);
  return {
    kind: 'inline-http',
    why: 'prints an HTTP response from inline code',
    call: page
      ? { tool: 'ctx_fetch_and_index', url }
      : { tool: 'ctx_execute', code: fullCommand, intent: 'what you need from the response' },
    bytes: 16_384,
  };
}
