/**
 * What the redactor recognises as a secret: provider token formats (each has a fixed, recognisable prefix or
 * shape, so a match is a secret with very high probability) and the key names under which a value is a secret.
 * Data only; redact.ts applies it. Formats from the providers' public documentation of their key formats.
 */

/** Provider token formats; each match is replaced whole. */
export const TOKEN_PATTERNS: readonly RegExp[] = [
  /\b(?:AKIA|ASIA|AGPA|AIDA|AROA|ANPA|ANVA|AIPA)[0-9A-Z]{16}\b/g, // AWS access key ids (long-term, temporary, …)
  /\bgh[pousr]_[A-Za-z0-9]{30,}\b/g, // GitHub tokens
  /\bgithub_pat_[A-Za-z0-9_]{22,}\b/g,
  /\bglpat-[A-Za-z0-9_-]{20,}/g, // GitLab personal access token
  /\bsk-ant-[A-Za-z0-9_-]{20,}/g, // Anthropic
  /\bsk-(?:proj-|live-|svcacct-)?[A-Za-z0-9_-]{20,}/g, // OpenAI-style
  /\b[sr]k_(?:live|test)_[A-Za-z0-9]{16,}\b/g, // Stripe secret / restricted
  /\bxox[abposre]-[A-Za-z0-9-]{10,}/g, // Slack tokens
  /\bAIza[0-9A-Za-z_-]{35}(?![0-9A-Za-z_-])/g, // Google API key
  /\bnpm_[A-Za-z0-9]{36}\b/g, // npm
  /\bhf_[A-Za-z0-9]{30,}\b/g, // Hugging Face
  /\bSG\.[A-Za-z0-9_-]{16,32}\.[A-Za-z0-9_-]{30,64}/g, // SendGrid
  /\beyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/g, // JWT
  /\bdop_v1_[a-f0-9]{64}\b/g, // DigitalOcean
  /\bpypi-AgE[A-Za-z0-9_-]{50,}/g, // PyPI upload token
  /\bshpat_[a-fA-F0-9]{32}\b/g, // Shopify
];

/** Webhook URLs whose path is the credential: the host is kept, the secret path replaced. */
export const WEBHOOK_URL =
  /\b(https:\/\/(?:hooks\.slack\.com\/(?:services|workflows|triggers)|discord(?:app)?\.com\/api\/webhooks|[a-z0-9-]+\.webhook\.office\.com\/webhookb2)\/)[A-Za-z0-9_/@.-]{16,}/gi;

export const PRIVATE_KEY = /-----BEGIN ((?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?)-----[\s\S]*?(?:-----END \1-----|$)/g;
export const URL_CREDENTIALS = /\b([a-z][a-z0-9+.-]*:\/\/[^\s:@/]+:)([^\s@/]{1,200})@/gi;
export const AUTH_HEADER = /\b(Bearer|Basic|Token)[ \t]+([A-Za-z0-9._~+/=-]{16,})/g;

/** A bare AWS secret access key: 40 characters of base64 alphabet standing alone. */
export const BARE_AWS_SECRET = /(?<![A-Za-z0-9/+=])[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+=])/g;

/** `mysql -p<password>` (and mysqldump/mysqladmin): the password is glued to -p. */
export const MYSQL_PASSWORD =
  /\b(mysql(?:dump|admin|import|sh)?\b[^\n|;&]*?\s-p)([^\s'"-][^\s'"]{2,}|'[^'\n]{3,}'|"[^"\n]{3,}")/g;

/** `--password=x`, `--token x` and similar command-line flags. */
export const SECRET_FLAG =
  /(--(?:password|passwd|token|secret|api-key|apikey|access-token|auth-token|client-secret)(?:=|\s+))(?!-)("[^"\n]*"|'[^'\n]*'|\S+)/gi;

/** Words that, as a part of a key name (split at `_ . -` and camelCase), make the key's value a secret. */
export const SECRET_KEY_PARTS = new Set([
  'password',
  'passwd',
  'pwd',
  'pass',
  'passphrase',
  'secret',
  'secrets',
  'token',
  'apikey',
  'credential',
  'credentials',
  'privatekey',
  'accesskey',
  'secretkey',
  'accountkey',
  'signingkey',
  'authtoken',
  'clientsecret',
  'sas',
]);

/** A key-name part that ends in one of these is a secret even with a prefix glued on (`PGPASSWORD`, `APPSECRET`). */
export const SECRET_KEY_SUFFIX = /^[a-z0-9]{1,12}(?:password|passwd|passphrase|secret)$/;

/** Two-part key names that are secrets together (`api_key`, `signing-key`, `AccountKey`). */
export const SECRET_KEY_PAIRS = new Set([
  'api key',
  'access key',
  'secret key',
  'private key',
  'account key',
  'signing key',
  'encryption key',
  'master key',
  'auth key',
  'client secret',
  'shared key',
  'session key',
  'app key',
  'license key',
  'webhook secret',
  'sas token',
]);

/** Values that are clearly not secrets: types, placeholders, references, empty-ish markers. */
export const PLACEHOLDER_WORD =
  /^(?:string|number|boolean|bool|any|unknown|undefined|null|none|nil|true|false|str|int|bytes|required|optional|secret|password|token|changeme|example|redacted|hidden|masked|xxx+|\*+|\.\.\.|…)$/i;
export const REFERENCE_PREFIX = /^(?:\$|%|<|\{\{|process\.env|os\.environ|env\.|ENV\[|getenv|\[REDACTED)/i;
