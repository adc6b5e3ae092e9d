import { effectiveCommands } from '../shell/effective-commands.js';
import type { ExtractedEvent } from './event-types.js';
import { redactShellAssignments } from '../policy/redact.js';

const GIT_OPS = new Set([
  'checkout',
  'switch',
  'commit',
  'merge',
  'rebase',
  'stash',
  'push',
  'pull',
  'log',
  'diff',
  'status',
  'branch',
  'reset',
  'add',
  'cherry-pick',
  'tag',
  'fetch',
  'clone',
  'worktree',
  'revert',
  'restore',
  'rm',
  'mv',
]);

// Commands that change what the environment is, recorded so a resumed agent knows what was installed/activated.
const ENV_COMMAND =
  /^(source\s+\S*activate|\.\s+\S*activate|conda\s+(activate|install|create)|nvm\s+(use|install)|pyenv\s+(local|global|shell|install)|rbenv\s+(local|global|install)|asdf\s+(install|local|global)|volta\s+(install|pin)|rustup\s+(default|install|toolchain)|(npm|pnpm|yarn|bun)\s+(i|install|add|ci|remove|uninstall)\b|pip3?\s+(install|uninstall)|uv\s+(pip|add|sync)|poetry\s+(add|install)|cargo\s+(install|add)|go\s+(install|get)|deno\s+install|gem\s+install|apt(-get)?\s+install|brew\s+install)/;

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
  // The one shell reader: wrappers (`sudo`, `env`, `VAR=1`, …) are seen through and nested scripts
  // (`sh -c '…'`) are read too, so `sh -c 'cd web && git pull'` still records the cd and the pull.
  for (const { argv: words, text: segment } of effectiveCommands(command)) {
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
          events.push({
            category: 'env',
            type: 'worktree',
            priority: 2,
            data: redactShellAssignments(segment).slice(0, 300),
            key: 'worktree',
          });
        } else {
          events.push({
            category: 'git',
            type: 'git',
            priority: 2,
            data: redactShellAssignments(segment).slice(0, 300),
            key: `git:${op}`,
          });
        }
      }
      continue;
    }
    if (head === 'export' || head === 'unset') {
      events.push({
        category: 'env',
        type: 'env',
        priority: 2,
        data: redactShellAssignments(segment).slice(0, 300),
        key: 'env',
      });
      continue;
    }
    if (ENV_COMMAND.test(words.join(' '))) {
      events.push({
        category: 'env',
        type: 'env',
        priority: 2,
        data: redactShellAssignments(segment).slice(0, 300),
        key: `env:${head}`,
      });
    }
  }
  return events;
}
