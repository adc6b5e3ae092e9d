import type { ExtractedEvent } from './event-types.js';
import { redactShellAssignments } from '../policy/redact.js';

const GIT_OPS = new Set([
  'checkout', 'switch', 'commit', 'merge', 'rebase', 'stash', 'push', 'pull', 'log', 'diff', 'status', 'branch',
  'reset', 'add', 'cherry-pick', 'tag', 'fetch', 'clone', 'worktree', 'revert', 'restore', 'rm', 'mv',
]);

// Commands that change what the environment is, recorded so a resumed agent knows what was installed/activated.
const ENV_COMMAND =
  /^(source\s+\S*activate|\.\s+\S*activate|conda\s+(activate|install|create)|nvm\s+(use|install)|pyenv\s+(local|global|shell|install)|rbenv\s+(local|global|install)|asdf\s+(install|local|global)|volta\s+(install|pin)|rustup\s+(default|install|toolchain)|(npm|pnpm|yarn|bun)\s+(i|install|add|ci|remove|uninstall)\b|pip3?\s+(install|uninstall)|uv\s+(pip|add|sync)|poetry\s+(add|install)|cargo\s+(install|add)|go\s+(install|get)|deno\s+install|gem\s+install|apt(-get)?\s+install|brew\s+install)/;

/** Splits a command line on `&&`, `||`, `;`, `|` and newlines, outside quotes. */
export function splitSegments(command: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quote: string | undefined;
  for (let i = 0; i < command.length; i++) {
    const c = command[i]!;
    if (quote) {
      cur += c;
      if (c === quote && command[i - 1] !== '\\') quote = undefined;
      continue;
    }
    if (c === '"' || c === "'") {
      quote = c;
      cur += c;
      continue;
    }
    const two = command.slice(i, i + 2);
    if (two === '&&' || two === '||') {
      out.push(cur);
      cur = '';
      i++;
      continue;
    }
    if (c === ';' || c === '|' || c === '\n') {
      out.push(cur);
      cur = '';
      continue;
    }
    cur += c;
  }
  out.push(cur);
  return out.map((s) => s.trim()).filter(Boolean);
}

/** Shell words of one segment, quotes removed (good enough for flags and messages; not a full shell parser). */
export function shellWords(segment: string): string[] {
  const words: string[] = [];
  const re = /"((?:[^"\\]|\\.)*)"|'([^']*)'|(\S+)/g;
  for (let m = re.exec(segment); m; m = re.exec(segment)) {
    words.push(m[1] !== undefined ? m[1].replace(/\\(.)/g, '$1') : (m[2] ?? m[3]!));
  }
  return words;
}

/** Drops leading `VAR=value`, `sudo`, `env`, `exec`, `time`, `nohup` so the real command comes first. */
function stripPrefixes(words: string[]): string[] {
  let i = 0;
  while (i < words.length) {
    const w = words[i]!;
    if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(w) || ['sudo', 'doas', 'env', 'exec', 'time', 'nohup', 'command'].includes(w)) {
      i++;
      continue;
    }
    break;
  }
  return words.slice(i);
}

function commitMessage(words: string[]): string | undefined {
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if (w === '-m' || w === '--message') return words[i + 1];
    if (w.startsWith('--message=')) return w.slice('--message='.length);
    if (/^-[a-zA-Z]*m$/.test(w)) return words[i + 1];
    if (/^-m.+/.test(w)) return w.slice(2);
  }
  return undefined;
}

/** Events a shell command implies by itself (cwd, git, environment), before looking at its output. */
export function shellCommandEvents(command: string): ExtractedEvent[] {
  const events: ExtractedEvent[] = [];
  for (const segment of splitSegments(command)) {
    const words = stripPrefixes(shellWords(segment));
    const head = words[0];
    if (!head) continue;
    if (head === 'cd' && words[1]) {
      events.push({ category: 'env', type: 'cwd', priority: 2, data: `cd ${words[1]}`, key: 'cwd' });
      continue;
    }
    if (head === 'git') {
      let i = 1;
      let dir: string | undefined;
      while (i < words.length && words[i]!.startsWith('-')) {
        if (words[i] === '-C' || words[i] === '--git-dir' || words[i] === '--work-tree') {
          if (words[i] === '-C') dir = words[i + 1];
          i += 2;
        } else i++;
      }
      if (dir) events.push({ category: 'env', type: 'cwd', priority: 2, data: `git -C ${dir}`, key: 'cwd' });
      const op = words[i];
      if (op && GIT_OPS.has(op)) {
        if (op === 'commit') {
          const msg = commitMessage(words.slice(i + 1));
          events.push({
            category: 'git',
            type: 'git_commit',
            priority: 3,
            data: msg ? `commit: ${msg.split('\n')[0]}` : 'commit',
            key: 'git:commit',
          });
        } else if (op === 'worktree') {
          events.push({ category: 'env', type: 'worktree', priority: 2, data: redactShellAssignments(segment).slice(0, 300), key: 'worktree' });
        } else {
          events.push({ category: 'git', type: 'git', priority: 2, data: redactShellAssignments(segment).slice(0, 300), key: `git:${op}` });
        }
      }
      continue;
    }
    if (head === 'export' || head === 'unset' || /^[A-Za-z_][A-Za-z0-9_]*=/.test(segment.trim().split(/\s+/)[0] ?? '')) {
      if (head === 'export' || head === 'unset') {
        events.push({ category: 'env', type: 'env', priority: 2, data: redactShellAssignments(segment).slice(0, 300), key: 'env' });
      }
      continue;
    }
    if (ENV_COMMAND.test(words.join(' '))) {
      events.push({ category: 'env', type: 'env', priority: 2, data: redactShellAssignments(segment).slice(0, 300), key: `env:${head}` });
    }
  }
  return events;
}
