/**
 * Lines a digest must never drop: compiler errors, failing tests, stack traces, panics, warnings. Written for
 * the output of real tools (tsc, eslint, vitest/jest/mocha/pytest, go test, cargo, npm, Python and JS traces).
 */
const IMPORTANT: RegExp[] = [
  /\berror\b|\bERR!|\bERROR\b|\bfatal\b|\bFATAL\b/i,
  /\bwarn(ing)?\b/i,
  /\bfail(ed|ure|ing|s)?\b|\bFAIL\b/i,
  /[✗✖×❌]/u,
  /\bpanic(ked)?\b|\bsegmentation fault\b|\bcore dumped\b/i,
  /^Traceback \(most recent call last\)|^\s+File ".+", line \d+/,
  /^\s+at .+[(:]\d+(:\d+)?\)?$/, // JS stack frame
  /\bexception\b|\bException\b/,
  /\bassert(ion)?(Error)?\b/i,
  /\bexpected\b.*\b(received|got|actual)\b/i,
  /\bnot found\b|\bno such file\b|\bpermission denied\b|\bcannot\b|\bundefined reference\b/i,
  /\bexit (code|status) [1-9]/i,
];

/** Lines matching none of these are noise even when they contain a trigger word ("0 errors", "no warnings"). */
const CLEAN = /\b(0|no) (errors?|failures?|warnings?|failed)\b|\bfailed: 0\b|\berrors?: 0\b/i;

export function isImportantLine(line: string): boolean {
  if (line.length === 0 || line.length > 2000) return false;
  if (CLEAN.test(line) && !/[✗✖×❌]/u.test(line)) return false;
  return IMPORTANT.some((re) => re.test(line));
}
