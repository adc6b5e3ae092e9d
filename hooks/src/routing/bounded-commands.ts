import { parseShell } from '@context-mode/shared/shell/parse-shell';
import { unwrapCommand } from '@context-mode/shared/shell/unwrap-command';
import { readSetting } from '@context-mode/shared/settings/settings';

/**
 * Commands whose output is a line or two: they never earn the one-time "use the sandbox" nudge
 * (context-mode 1.0.169's bounded allowlist, docs/hosts.md#tool-names-and-routing, read through the shell parser so that a newline or
 * `;` cannot smuggle another command past it).
 */
const SMALL = new Set([
  'pwd',
  'whoami',
  'hostname',
  'uname',
  'id',
  'date',
  'echo',
  'printf',
  'which',
  'type',
  'readlink',
  'basename',
  'dirname',
  'realpath',
  'cd',
  'mkdir',
  'touch',
  'mv',
  'cp',
  'rm',
  'ln',
  'ls',
  'true',
  'false',
  'test',
  'export',
  'source',
  '.',
  'chmod',
  'chown',
  'kill',
  'sleep',
  'wc',
  'stat',
  'file',
  'df',
  'uptime',
  'free',
  'command',
]);
const SMALL_GIT = new Set([
  'status',
  'rev-parse',
  'remote',
  'branch',
  'config',
  'stash',
  'tag',
  'add',
  'commit',
  'checkout',
  'switch',
  'push',
  'pull',
  'fetch',
  'init',
  'mv',
  'rm',
  'restore',
]);

function verbose(args: string[]): boolean {
  return args.some((a) => a === '--verbose' || /^-[a-zA-Z]*v/.test(a));
}

export function isBoundedCommand(command: string, env: NodeJS.ProcessEnv = {}): boolean {
  const min = readSetting('bashNudgeMinCommandBytes', env);
  if (min !== undefined && command.length < min) return true;
  const pipelines = parseShell(command);
  if (pipelines.length === 0) return true;
  for (const p of pipelines) {
    for (const cmd of p.commands) {
      const [name, ...args] = unwrapCommand(cmd.words).argv;
      if (!name) continue;
      if (args.includes('--version') || (args.length === 1 && args[0] === '-V')) continue;
      if (name === 'git') {
        if (!SMALL_GIT.has(args[0] ?? '')) {
          if (args[0] === 'log' && args.some((a) => /^-\d{1,2}$/.test(a))) continue;
          if (args[0] === 'diff' && (args.includes('--stat') || args.includes('--name-only'))) continue;
          return false;
        }
        continue;
      }
      if (!SMALL.has(name)) return false;
      if (['mv', 'cp', 'rm', 'ln'].includes(name) && verbose(args)) return false;
      if (name === 'ls' && args.some((a) => a === '--recursive' || /^-[a-zA-Z]*R/.test(a))) return false;
    }
  }
  return true;
}
