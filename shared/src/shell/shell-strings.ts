/**
 * Shell command strings handed to a shell from code in another language (`os.system("…")`, `execSync(\`…\`)`,
 * Ruby backquotes, …), so the permission check judges them like shell code. Only literal strings are seen:
 * a command built at run time cannot be known without running the code.
 */
const STRING = String.raw`(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|\x60([^\x60]*)\x60)`;
const CALLS: Record<string, RegExp[]> = {
  python: [new RegExp(String.raw`\b(?:os\.system|os\.popen|subprocess\.\w+)\(\s*` + STRING, 'g')],
  javascript: [new RegExp(String.raw`\b(?:exec|execSync|spawn|spawnSync|execFile|execFileSync)\(\s*` + STRING, 'g')],
  typescript: [new RegExp(String.raw`\b(?:exec|execSync|spawn|spawnSync|execFile|execFileSync)\(\s*` + STRING, 'g')],
  ruby: [new RegExp(String.raw`\b(?:system|exec|spawn)\(?\s*` + STRING, 'g'), /`([^`]*)`/g, /%x\{([^}]*)\}/g],
  go: [new RegExp(String.raw`exec\.Command\(\s*` + STRING, 'g')],
  php: [new RegExp(String.raw`\b(?:shell_exec|exec|system|passthru|proc_open|popen)\(\s*` + STRING, 'g'), /`([^`]*)`/g],
  rust: [new RegExp(String.raw`Command::new\(\s*` + STRING, 'g')],
  perl: [new RegExp(String.raw`\b(?:system|exec)\(?\s*` + STRING, 'g'), /`([^`]*)`/g, /qx\{([^}]*)\}/g],
};

/** Shell command strings passed to a shell from code in another language, to check against the same rules. */
export function extractShellStrings(language: string, code: string): string[] {
  const found: string[] = [];
  for (const re of CALLS[language] ?? []) {
    for (const m of code.matchAll(re)) {
      const s = m.slice(1).find((g) => g !== undefined);
      if (s) found.push(s);
    }
  }
  return found;
}
