/**
 * Secret redaction applied to everything before it is stored (knowledge base chunks, and anything else that
 * persists user output). It favours precision: a redaction that eats ordinary prose or code (a TypeScript
 * `password: string` field, a `${PASSWORD}` placeholder) would make the stored text less useful without
 * protecting anything, so those shapes are left alone.
 */
export interface RedactionResult {
  text: string;
  /** How many secrets were replaced. */
  count: number;
}

const MARK = '[REDACTED]';

/** Provider token formats with a recognisable prefix; each match is replaced whole. */
const TOKEN_PATTERNS: RegExp[] = [
  /\bAKIA[0-9A-Z]{16}\b/g, // AWS access key id
  /\bASIA[0-9A-Z]{16}\b/g, // AWS temporary key id
  /\bgh[pousr]_[A-Za-z0-9]{30,}\b/g, // GitHub tokens
  /\bgithub_pat_[A-Za-z0-9_]{22,}\b/g,
  /\bglpat-[A-Za-z0-9_-]{20,}\b/g, // GitLab
  /\bsk-ant-[A-Za-z0-9_-]{20,}/g, // Anthropic
  /\bsk-(?:proj-|live-)?[A-Za-z0-9_-]{20,}/g, // OpenAI-style
  /\b[sr]k_(?:live|test)_[A-Za-z0-9]{16,}\b/g, // Stripe secret / restricted
  /\bxox[abposr]-[A-Za-z0-9-]{10,}/g, // Slack
  /\bAIza[0-9A-Za-z_-]{35}\b/g, // Google API key
  /\bnpm_[A-Za-z0-9]{36}\b/g, // npm
  /\bhf_[A-Za-z0-9]{30,}\b/g, // Hugging Face
  /\beyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/g, // JWT
];

const PRIVATE_KEY = /-----BEGIN ((?:[A-Z0-9]+ )*PRIVATE KEY)-----[\s\S]*?(?:-----END \1-----|$)/g;
const URL_CREDENTIALS = /\b([a-z][a-z0-9+.-]*:\/\/[^\s:@/]+:)([^\s@/]{1,200})@/gi;
const BEARER = /\b(Bearer|Basic|Token)\s+([A-Za-z0-9._~+/=-]{16,})/g;

/** `key = value` / `key: "value"` assignments whose key names a secret. */
// A letter right after the keyword means another word (`tokenizer`, `author`, `maxTokens`), so only a
// separator may follow it.
const SECRET_KEY = String.raw`(?<![A-Za-z0-9_.-])[A-Za-z0-9_.-]*?(?:password|passwd|pwd|secret|token|api[_-]?key|apikey|access[_-]?key|private[_-]?key|client[_-]?secret|auth[_-]?token|credentials?)(?:[_.-][A-Za-z0-9_.-]*)?`;
const QUOTED_ASSIGN = new RegExp(String.raw`(["']?${SECRET_KEY}["']?\s*[:=]\s*)(["'])([^"'\n]{1,500})\2`, 'gi');
const BARE_ASSIGN = new RegExp(String.raw`(^|[\s;,&?{(])(${SECRET_KEY}\s*=\s*)([^\s"'&;,(){}]{1,500})`, 'gim');
// Unquoted YAML values must be one token: `password: the user's password` in prose is documentation.
const YAML_ASSIGN = new RegExp(String.raw`^(\s*-?\s*${SECRET_KEY}:[ \t]+)([^\s"'#{}\[\]]{4,500})[ \t]*$`, 'gim');

/** Values that are clearly not secrets: types, placeholders, references, empty-ish markers. */
function isPlaceholder(value: string): boolean {
  const v = value.trim();
  if (v.length < 4 || /^\d{1,8}$/.test(v)) return true;
  if (/^(?:string|number|boolean|bool|any|unknown|undefined|null|none|nil|true|false|str|int|bytes|required|optional|secret|password|token|changeme|xxx+|\*+|\.\.\.|…)$/i.test(v)) return true;
  if (/^(?:\$|%|<|\{\{|process\.env|os\.environ|env\.|ENV\[|getenv|\[REDACTED)/i.test(v)) return true;
  // Identifiers and calls in code (`token = getToken()`, `password = req.body.password`) are not literals.
  if (/^[A-Za-z_$][\w$]*(?:\.[\w$]+)*(?:\(.*\))?;?$/.test(v) && !/\d/.test(v)) return true;
  return false;
}

export function redactSecrets(input: string): RedactionResult {
  let count = 0;
  let text = input.replace(PRIVATE_KEY, (_m, kind: string) => {
    count++;
    return `-----BEGIN ${kind}-----\n${MARK}\n-----END ${kind}-----`;
  });
  for (const re of TOKEN_PATTERNS) {
    text = text.replace(re, () => {
      count++;
      return MARK;
    });
  }
  text = text.replace(URL_CREDENTIALS, (m, head: string, secret: string) => {
    if (secret === MARK) return m;
    count++;
    return `${head}${MARK}@`;
  });
  text = text.replace(BEARER, (m, kind: string, secret: string) => {
    if (secret.includes('REDACTED')) return m;
    count++;
    return `${kind} ${MARK}`;
  });
  text = text.replace(QUOTED_ASSIGN, (m, head: string, quote: string, value: string) => {
    if (isPlaceholder(value)) return m;
    count++;
    return `${head}${quote}${MARK}${quote}`;
  });
  text = text.replace(BARE_ASSIGN, (m, lead: string, head: string, value: string) => {
    if (isPlaceholder(value)) return m;
    count++;
    return `${lead}${head}${MARK}`;
  });
  text = text.replace(YAML_ASSIGN, (m, head: string, value: string) => {
    if (isPlaceholder(value) || /[({;,]$/.test(value)) return m;
    count++;
    return `${head}${MARK}`;
  });
  return { text, count };
}
