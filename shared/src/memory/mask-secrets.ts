// Secrets never enter memory: they would be replayed into the context window after every compaction.
const SECRET_PATTERNS: Array<[RegExp, string]> = [
  [/-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(-----END [A-Z ]*PRIVATE KEY-----|$)/g, '[private key]'],
  [/\b(gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})\b/g, '***'],
  [/\b(sk|pk|rk)-[A-Za-z0-9_-]{16,}\b/g, '***'],
  [/\bAKIA[0-9A-Z]{16}\b/g, '***'],
  [/\bxox[abprs]-[A-Za-z0-9-]{10,}\b/g, '***'],
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{12,}/gi, '$1 ***'],
  [
    /("?\b(?:password|passwd|pwd|secret|token|api[_-]?key|access[_-]?key|auth[_-]?token|client[_-]?secret)"?\s*[:=]\s*)("[^"]*"|'[^']*'|[^\s,;&}]+)/gi,
    '$1***',
  ],
  [/(--(?:password|token|secret|api-key)[= ])\S+/gi, '$1***'],
  [/(\/\/[^/\s:@]+:)[^@\s/]+@/g, '$1***@'],
];

/** Masks tokens, keys, passwords and URL credentials in free text; ordinary text is left alone. */
export function maskSecrets(text: string): string {
  let out = text;
  for (const [re, rep] of SECRET_PATTERNS) out = out.replace(re, rep);
  return out;
}

/**
 * For a shell command recorded as an environment change: every assigned value is masked (`export A=***`,
 * `A=*** cmd`), since a value exported in a shell is a secret more often than not, then the secret patterns.
 */
export function maskExports(command: string): string {
  const assigned = command.replace(
    /(^|[\s;&|(]|\bexport\s+|\bset\s+)([A-Za-z_][A-Za-z0-9_]*)=("[^"]*"|'[^']*'|[^\s;&|)]+)/g,
    '$1$2=***',
  );
  return maskSecrets(assigned);
}
