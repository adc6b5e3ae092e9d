import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { hostPermissionFiles } from '../platforms/host-paths.js';
import { getHost } from '../platforms/host-table.js';
// The ESM build: the package's UMD main requires its files dynamically, which a bundle cannot follow.
import { parse as parseJsonc } from 'jsonc-parser/lib/esm/main.js';
import { effectiveCommands, type EffectiveCommand } from '../shell/effective-commands.js';
import { extractShellStrings } from '../shell/shell-strings.js';
import { matchesNormalised } from './normalised-rule.js';
import { listCommands, undecidableReason } from './undecidable-code.js';
import { sharedRulesFile } from './path-boundary.js';

/** The host whose permission-rule syntax and settings files the sandbox honours (shared/src/platforms). */
const RULES_HOST = 'claude-code';

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
  const files = hostPermissionFiles(getHost(RULES_HOST), { project: projectRoot, env, home: env.HOME || homedir() });
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

function globToRegExp(glob: string): RegExp {
  const esc = glob
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
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

/**
 * Any deny wins, then ask; `allow` only when every command is allowed as written. Deny and ask rules are
 * matched against each program the line would run, as written and normalised (see matchesNormalised), so
 * `FOO=1 rm -fr x`, `/bin/rm -r -f x`, `\rm`, `env rm`, `sh -c 'rm -rf x'`, `eval`, `xargs rm -rf`, subshells
 * and substitutions all meet `Bash(rm -rf:*)`. This guards against accidents, not against hostile code.
 */
export function evaluateShell(code: string, rules: PermissionRules): Verdict {
  const commands = effectiveCommands(code);
  const hits = (rule: string, c: EffectiveCommand) => bashRuleMatches(rule, c.text) || matchesNormalised(rule, c.argv);
  for (const c of commands) {
    const rule = rules.deny.find((r) => hits(r, c));
    if (rule) return { verdict: 'deny', rule, command: c.text };
  }
  for (const c of commands) {
    const rule = rules.ask.find((r) => hits(r, c));
    if (rule) return { verdict: 'ask', rule, command: c.text };
  }
  if (commands.length && commands.every((c) => rules.allow.some((r) => bashRuleMatches(r, c.text))))
    return { verdict: 'allow' };
  return { verdict: 'none' };
}

/**
 * The refusal shown when code trips a deny rule (shell code, or shell strings inside code in another
 * language). It says plainly what the rules are: a guard against accidents, not a security boundary.
 */
export function denyMessage(language: string, code: string, rules: PermissionRules): string | undefined {
  if (rules.deny.length === 0) return undefined;
  const pieces =
    language === 'shell' ? [code] : [...extractShellStrings(language, code), ...listCommands(language, code)];
  for (const piece of pieces) {
    const v = evaluateShell(piece, rules);
    if (v.verdict === 'deny') {
      return (
        `Command blocked by a deny rule: "${v.command}" matches ${v.rule} (from ${sharedRulesFile()} or the other settings files beside it). ` +
        'Do something else, or ask the user to change the rule. Deny rules guard against accidents; they are not ' +
        'a security boundary against code written to get around them.'
      );
    }
  }
  // What cannot be read is unknown, not allowed: with deny rules in force, such code is refused with the reason.
  const why = undecidableReason(language, code, rules.deny);
  if (why) {
    return (
      `Command blocked: deny rules are in force (${sharedRulesFile()} or the settings files beside it) and this code ` +
      `cannot be checked against them by reading it: ${why}. Write the command out literally (e.g. \`rm -r dir\` ` +
      'rather than a variable, a piped script or a library call that deletes), or ask the user to change the rules.'
    );
  }
  return undefined;
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
