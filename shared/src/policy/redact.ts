/**
 * The one secret redactor. Everything that persists or re-injects user text goes through it: knowledge-base
 * chunks, session-memory events and resume snapshots. It needs recall (a key replayed into the model after
 * every compaction is a leak) and precision (a redaction that eats code — TypeScript's `type DotToken = …`,
 * a `password: string` field, `token = scanner.scan()` — makes stored text less useful and protects nothing).
 * Both are measured on a labelled set in shared/test/policy/redact-precision.test.ts.
 */
import {
  AUTH_HEADER,
  BARE_AWS_SECRET,
  MYSQL_PASSWORD,
  PLACEHOLDER_WORD,
  PRIVATE_KEY,
  REFERENCE_PREFIX,
  SECRET_FLAG,
  SECRET_KEY_PAIRS,
  SECRET_KEY_PARTS,
  SECRET_KEY_SUFFIX,
  TOKEN_PATTERNS,
  URL_CREDENTIALS,
  WEBHOOK_URL,
} from './secret-patterns.js';

export interface RedactionResult {
  text: string;
  /** How many secrets were replaced. */
  count: number;
}

const REDACTION_MARK = '[REDACTED]';
const MARK = REDACTION_MARK;

/** True when a key name says its value is a secret: `DB_PASS`, `apiKey`, `AccountKey`, `SIGNING_KEY`, `x-auth-token`. */
function isSecretKey(key: string): boolean {
  if (key.length > 64 || /^(?:OLD)?PWD$/.test(key)) return false; // PWD / OLDPWD are directories
  const parts = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[\s_.-]+/)
    .filter(Boolean);
  for (let i = 0; i < parts.length; i++) {
    if (SECRET_KEY_PARTS.has(parts[i]!)) return true;
    // A tool's prefix glued to the word: PGPASSWORD, MYSQL_PWD's cousins, REDISPASSWORD, APPSECRET.
    if (SECRET_KEY_SUFFIX.test(parts[i]!)) return true;
    if (i > 0 && SECRET_KEY_PAIRS.has(`${parts[i - 1]} ${parts[i]}`)) return true;
  }
  return false;
}

/** Values that are clearly not secrets: types, placeholders, references, code. */
function isPlaceholder(value: string): boolean {
  const v = value.trim();
  if (v.length < 4 || /^\d{1,8}$/.test(v)) return true;
  if (PLACEHOLDER_WORD.test(v) || REFERENCE_PREFIX.test(v)) return true;
  if (/^(?:your|my|the|some|insert|enter|replace)[-_ ]|[-_ ]here$|^<.*>$|^example|^dummy|^fake|^test$/i.test(v))
    return true;
  // Identifiers and calls in code (`token = getToken()`, `password = req.body.password`) are not literals.
  if (/^!?[A-Za-z_$][\w$]*(?:\(.*\))?;?$/.test(v) && !/\d/.test(v)) return true;
  // Property chains (`scanner2.scan`, `config.db.password`) and generic types (`Token<Kind.Dot>`).
  if (/^!?[A-Za-z_$][\w$]*(?:\??\.[A-Za-z_$][\w$]*)+;?$/.test(v) || /[<>]/.test(v)) return true;
  // Element access (`children[i]`, `argv[2]`).
  if (/^[A-Za-z_$][\w$.]*\[[\w$.'"]*\];?$/.test(v)) return true;
  return false;
}

/** A value in prose ("the password is hunter2") counts only when it looks random, not like a word. */
function looksRandom(v: string): boolean {
  if (isPlaceholder(v) || /^(?:https?:|\/|\.\/)/.test(v)) return false;
  return /\d/.test(v) || /[^A-Za-z]/.test(v) || (/[a-z]/.test(v) && /[A-Z]/.test(v.slice(1)));
}

/**
 * After a bare `pass` ("login failed with pass Tr0ub4dor&3") the word is a verb as often as a noun ("pass 2 tests",
 * "pass --verbose", "pass config.json"), so the value must mix letters with digits or symbols and look like neither
 * a flag, a path, a file name nor a number with a unit.
 */
function looksLikeBarePassword(v: string): boolean {
  if (!looksRandom(v) || v.length < 6 || /^[-.~/]/.test(v) || v.includes('/')) return false;
  if (/^\d+[a-z]{0,3}$/i.test(v) || /^[\w-]+\.[a-z]{1,5}$/i.test(v)) return false;
  return /[A-Za-z]/.test(v) && /[\d\W_]/.test(v);
}

/** A 40-character base64 run is an AWS secret key when it mixes cases and digits like random bytes do. */
function looksLikeAwsSecret(v: string): boolean {
  const count = (re: RegExp) => (v.match(re) ?? []).length;
  return count(/\d/g) >= 2 && count(/[A-Z]/g) >= 4 && count(/[a-z]/g) >= 4 && !v.includes('//') && !/^\/|\/$/.test(v);
}

// A key at the start of a word, not a type alias, interface or enum member declaration.
const KEY = String.raw`(?<![\w.$-])(?<!\b(?:type|interface|class|enum|struct|fn|def|func)\s+)([A-Za-z_][\w.-]{0,63})`;
const QUOTED_ASSIGN = new RegExp(String.raw`(["']?${KEY}["']?\s*[:=]\s*)(["'\`])([^"'\`\n]{1,500})\3`, 'g');
// The lead includes `:` (`shell:PGPASSWORD=… psql`, a memory key) and quotes (`"AccountKey=…;"` in a command).
const BARE_ASSIGN = new RegExp(String.raw`(^|[\s;,&?{(:"'])(${KEY}\s*=\s*)([^\s"'\`&;,(){}]{1,500})`, 'gm');
// Unquoted YAML values must be one token: `password: the user's password` in prose is documentation.
const YAML_ASSIGN = new RegExp(String.raw`^(\s*-?\s*${KEY}:[ \t]+)([^\s"'#{}\[\]]{4,500})[ \t]*$`, 'gm');
const PROSE_PASSWORD = /\b(pass(?:word|phrase|wd)?|pwd)(\s*[:=]\s*|\s+(?:is|was)\s+|\s+)([^\s"'`,;]{4,64})/gi;
// After a word that names a key (`key wJalr…`, `secret: …`), a 30–60-character base64 run is a secret even when it has
// fewer digits than random bytes usually do (AWS's own example key has one).
const KEYWORD_AWS_SECRET =
  /\b((?:key|secret|secret[_-]?access[_-]?key|aws[_-]?secret)(?:\s*[:=]\s*|\s+))(?![./~])([A-Za-z0-9/+]{30,60})(?![A-Za-z0-9/+=])/gi;

/** Replaces every secret in `input` with [REDACTED]; returns the text and how many were replaced. */
export function redactSecrets(input: string): RedactionResult {
  let count = 0;
  const mark = () => {
    count++;
    return MARK;
  };
  let text = input.replace(PRIVATE_KEY, (_m, kind: string) => {
    count++;
    return `-----BEGIN ${kind}-----\n${MARK}\n-----END ${kind}-----`;
  });
  for (const re of TOKEN_PATTERNS) text = text.replace(re, mark);
  text = text.replace(WEBHOOK_URL, (_m, head: string) => `${head}${mark()}`);
  text = text.replace(URL_CREDENTIALS, (m, head: string, secret: string) =>
    secret === MARK ? m : `${head}${mark()}@`,
  );
  // A credential after Bearer/Basic is random (has digits); `Basic targetOptionDeclaration` in a comment is not.
  text = text.replace(AUTH_HEADER, (m, kind: string, secret: string) =>
    secret.includes('REDACTED') || !/\d/.test(secret) ? m : `${kind} ${mark()}`,
  );
  text = text.replace(MYSQL_PASSWORD, (_m, head: string) => `${head}${mark()}`);
  text = text.replace(SECRET_FLAG, (m, head: string, value: string) =>
    isPlaceholder(value.replace(/^["']|["']$/g, '')) ? m : `${head}${mark()}`,
  );
  text = text.replace(QUOTED_ASSIGN, (m, head: string, key: string, quote: string, value: string) =>
    !isSecretKey(key) || isPlaceholder(value) ? m : `${head}${quote}${mark()}${quote}`,
  );
  text = text.replace(
    BARE_ASSIGN,
    (m, lead: string, head: string, key: string, value: string, offset: number, all: string) => {
      const next = all[offset + m.length];
      if (!isSecretKey(key) || isPlaceholder(value) || next === '(' || next === '<') return m;
      // `contextToken = parent2;` is a statement in code; a secret in an env file or a command ends the line.
      if (next === ';' && /^[A-Za-z_$][\w$]*$/.test(value)) return m;
      return `${lead}${head}${mark()}`;
    },
  );
  text = text.replace(YAML_ASSIGN, (m, head: string, key: string, value: string) =>
    !isSecretKey(key) || isPlaceholder(value) || /[({;,]$/.test(value) ? m : `${head}${mark()}`,
  );
  text = text.replace(PROSE_PASSWORD, (m, word: string, sep: string, value: string) =>
    (/^pass$/i.test(word) ? looksLikeBarePassword(value) : looksRandom(value)) ? `${word}${sep}${mark()}` : m,
  );
  text = text.replace(KEYWORD_AWS_SECRET, (m, head: string, value: string) =>
    /[A-Z]/.test(value) && /[a-z]/.test(value) && /[\d/+]/.test(value) ? `${head}${mark()}` : m,
  );
  text = text.replace(BARE_AWS_SECRET, (m) => (looksLikeAwsSecret(m) ? mark() : m));
  return { text, count };
}

/** Convenience for callers that only need the text. */
export function redactText(text: string): string {
  return redactSecrets(text).text;
}

/**
 * For a shell command recorded as an environment change (session memory): every assigned value is replaced
 * (`export A=[REDACTED]`, `A=[REDACTED] cmd`), since a value exported in a shell is a secret more often than
 * not, then the secret patterns.
 */
export function redactShellAssignments(command: string): string {
  const assigned = command.replace(
    /(^|[\s;&|(]|\bexport\s+|\bset\s+)([A-Za-z_][A-Za-z0-9_]*)=("[^"]*"|'[^']*'|[^\s;&|)]+)/g,
    (_m, lead: string, name: string) => `${lead}${name}=${MARK}`,
  );
  return redactText(assigned);
}
