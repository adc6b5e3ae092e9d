import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
// The ESM build: the package's UMD main requires its files dynamically, which a bundle cannot follow.
import { parse as parseJsonc } from 'jsonc-parser/lib/esm/main.js';

export interface PermissionRules {
  deny: string[];
  ask: string[];
  allow: string[];
}

/**
 * Claude-style permission rules (`permissions.deny|ask|allow` entries such as `Bash(rm -rf *)`,
 * `Bash(git push:*)`, `Read(./secrets/**)`) from the user's and the project's settings files. Missing or
 * malformed files contribute nothing: a broken settings file must not break the tools.
 */
export function loadPermissions(projectRoot: string, env: NodeJS.ProcessEnv = process.env): PermissionRules {
  const home = env.HOME || homedir();
  const claudeDir = env.CLAUDE_CONFIG_DIR || join(home, '.claude');
  const files = [
    join(projectRoot, '.claude', 'settings.local.json'),
    join(projectRoot, '.claude', 'settings.json'),
    join(claudeDir, 'settings.json'),
  ];
  const rules: PermissionRules = { deny: [], ask: [], allow: [] };
  for (const file of files) {
    let parsed: unknown;
    try {
      parsed = parseJsonc(readFileSync(file, 'utf8'));
    } catch {
      continue;
    }
    const p = (parsed as { permissions?: Record<string, unknown> } | undefined)?.permissions;
    if (!p || typeof p !== 'object') continue;
    for (const key of ['deny', 'ask', 'allow'] as const) {
      const list = p[key];
      if (Array.isArray(list)) for (const r of list) if (typeof r === 'string') rules[key].push(r);
    }
  }
  return rules;
}

/** Splits shell code into simple commands: on && || ; | & and newlines outside quotes; $(…) and `…` bodies too. */
export function splitShell(code: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quote: '"' | "'" | null = null;
  const push = () => {
    if (cur.trim()) out.push(cur.trim());
    cur = '';
  };
  for (let i = 0; i < code.length; i++) {
    const c = code[i]!;
    if (quote) {
      if (c === '\\' && quote === '"') {
        cur += c + (code[++i] ?? '');
        continue;
      }
      if (c === quote) quote = null;
      cur += c;
      continue;
    }
    if (c === '\\') {
      cur += c + (code[++i] ?? '');
      continue;
    }
    if (c === '"' || c === "'") {
      quote = c;
      cur += c;
      continue;
    }
    if (c === '$' && code[i + 1] === '(') {
      let depth = 1;
      let j = i + 2;
      for (; j < code.length && depth > 0; j++) {
        if (code[j] === '(') depth++;
        else if (code[j] === ')') depth--;
      }
      out.push(...splitShell(code.slice(i + 2, j - 1)));
      cur += code.slice(i, j);
      i = j - 1;
      continue;
    }
    if (c === '`') {
      const end = code.indexOf('`', i + 1);
      const body = end > i ? code.slice(i + 1, end) : code.slice(i + 1);
      out.push(...splitShell(body));
      cur += end > i ? code.slice(i, end + 1) : code.slice(i);
      i = end > i ? end : code.length;
      continue;
    }
    if (c === '\n' || c === '\r' || c === ';' || c === '|' || c === '&') {
      push();
      continue;
    }
    cur += c;
  }
  push();
  return out;
}

function globToRegExp(glob: string): RegExp {
  const esc = glob.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.');
  return new RegExp(`^${esc}$`, process.platform === 'win32' || process.platform === 'darwin' ? 'i' : '');
}

/** `Bash(git push:*)` → matches "git push" and "git push origin main"; `Bash(rm -rf *)` is a glob. */
function bashRuleMatches(rule: string, command: string): boolean {
  const m = /^Bash\((.*)\)$/s.exec(rule.trim());
  if (!m) return false;
  const pattern = m[1]!.trim();
  const cmd = command.replace(/\s+/g, ' ').trim();
  if (pattern.endsWith(':*')) {
    const prefix = pattern.slice(0, -2).trim();
    return cmd === prefix || cmd.startsWith(prefix + ' ');
  }
  return globToRegExp(pattern).test(cmd);
}

export type Verdict = { verdict: 'deny' | 'ask' | 'allow' | 'none'; rule?: string; command?: string };

/** Any deny wins, then ask; `allow` only when every simple command is allowed. */
export function evaluateShell(code: string, rules: PermissionRules): Verdict {
  const commands = splitShell(code);
  for (const command of commands) {
    const rule = rules.deny.find((r) => bashRuleMatches(r, command));
    if (rule) return { verdict: 'deny', rule, command };
  }
  for (const command of commands) {
    const rule = rules.ask.find((r) => bashRuleMatches(r, command));
    if (rule) return { verdict: 'ask', rule, command };
  }
  if (commands.length && commands.every((c) => rules.allow.some((r) => bashRuleMatches(r, c)))) return { verdict: 'allow' };
  return { verdict: 'none' };
}

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

/** A path glob as a RegExp: `**` any depth, `*` within one segment, `?` one character. */
function pathGlob(glob: string): RegExp {
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '*' && glob[i + 1] === '*') {
      re += '.*';
      i++;
    } else if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else re += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}

/** `Read(glob)` allow rules, e.g. `Read(/data/**)`, let ctx_execute_file read outside the project. */
export function readAllowed(path: string, rules: PermissionRules): boolean {
  return rules.allow.some((r) => {
    const m = /^Read\((.*)\)$/s.exec(r.trim());
    return m ? pathGlob(m[1]!.trim()).test(path) : false;
  });
}
