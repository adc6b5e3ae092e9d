import type { Command } from 'commander';
import { allHosts, findHostByName, unknownHostMessage } from '@context-mode/shared/platforms/host-table';
import type { HostRecord } from '@context-mode/shared/platforms/types';
import type { SetupPart, SetupPlan } from '@context-mode/shared/protocol/setup';
import { findProjectRoot } from '@context-mode/shared/project/project-identity';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { usageError } from '../cli-output.js';
import { isProductClone, nextSteps, wroteNothing } from '../setup-next-steps.js';

interface SetupFlags {
  host?: string[];
  allDetected?: boolean;
  project?: string;
  scope?: string;
  dryRun?: boolean;
  json?: boolean;
  parts?: string[];
}

const PARTS: readonly SetupPart[] = ['mcp', 'hooks', 'instructions'];

/** `--parts hooks,instructions` → the parts, or undefined for all; anything else is a usage error. */
function partsFrom(values: string[] | undefined): SetupPart[] | undefined {
  if (!values?.length) return undefined;
  const parts = values
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);
  const bad = parts.filter((p) => !PARTS.includes(p as SetupPart));
  if (bad.length) throw new UsageError(`--parts takes ${PARTS.join(', ')} (got ${bad.join(', ')})`);
  return parts as SetupPart[];
}

class UsageError extends Error {}

const collect = (value: string, prev: string[] = []): string[] => [
  ...prev,
  ...value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
];

function hostsFrom(names: string[]): HostRecord[] {
  return names.map((n) => {
    const h = findHostByName(n);
    if (!h) throw new UsageError(unknownHostMessage(n));
    return h;
  });
}

/** The project: --project DIR, else the git repository around the current directory (none outside one). */
function projectFrom(flag: string | undefined): string | undefined {
  if (flag) {
    const dir = resolve(flag);
    if (!existsSync(dir)) throw new UsageError(`--project ${flag}: no such directory`);
    return findProjectRoot(dir);
  }
  const root = findProjectRoot(process.cwd());
  return existsSync(join(root, '.git')) ? root : undefined;
}

/**
 * Without --project, a clone of this product's own repository is not the user's project: its CLAUDE.md and
 * .github files are ours. Returns the line that says so (and the project is dropped), or undefined.
 */
function refuseOwnClone(flag: string | undefined, project: string | undefined): string | undefined {
  if (flag || !project || !isProductClone(project)) return undefined;
  return `${project} is a clone of context-mode itself, so no project files (instructions, project hooks) were written there; name your project to get them: ctxmode setup --project <your project dir>`;
}

/** Human-readable plan: one line per file, the diffs on --dry-run, notes and errors with their fixes, next steps. */
function formatPlan(plan: SetupPlan, projectFlag?: string, refusal?: string): string {
  const lines: string[] = [];
  for (const h of plan.hosts) {
    lines.push(`${h.displayName} (${h.host})`);
    if (!h.files.length) lines.push('  nothing to change');
    // Beside a file setup refused, the host's others were not written either.
    const refused = wroteNothing(plan, h);
    for (const f of h.files) {
      const action = refused && f.action !== 'error' ? 'skipped' : f.action;
      lines.push(`  ${action.padEnd(9)} ${f.path}  [${f.parts.join(', ')}; ${f.scope}]`);
      if (f.error) lines.push(`    error: ${f.error.message}${f.error.fix ? `\n    fix: ${f.error.fix}` : ''}`);
      if (plan.dryRun && f.diff) lines.push(f.diff.replace(/^/gm, '    ').trimEnd());
    }
    for (const n of h.notes) lines.push(`  note: ${n}`);
  }
  if (plan.dryRun) lines.push('(dry run: nothing written)');
  // Setup writes a host's files all or none; uninstall takes out what it can, so the user's other files are clean.
  else if (!plan.ok && plan.command === 'uninstall')
    lines.push(
      'Files with an error were not changed; the others were. Fix the files named above and run uninstall again.',
    );
  else if (!plan.ok) lines.push('Hosts with an error were not changed; fix the files named above and run again.');
  if (refusal) lines.push(`note: ${refusal}`);
  lines.push(...nextSteps(plan, projectFlag));
  return lines.join('\n');
}

function finish(plan: SetupPlan, flags: SetupFlags, refusal?: string): void {
  if (flags.json) process.stdout.write(`${JSON.stringify(plan, null, 2)}\n`);
  else process.stdout.write(`${formatPlan(plan, flags.project, refusal)}\n`);
  // The JSON stays the plan alone (its readers parse stdout); the refusal goes to stderr there.
  if (flags.json && refusal) process.stderr.write(`ctxmode: ${refusal}\n`);
  if (!plan.ok) process.exitCode = 1;
}

function usage(err: unknown): void {
  if (err instanceof UsageError) {
    usageError(err.message, { prefix: 'ctxmode' });
    return;
  }
  throw err;
}

/** Printed after the options of `setup --help` and `uninstall --help`: the ids `--host` takes. */
const hostIdsHelp = (): string =>
  `\nHost ids (for --host): ${allHosts()
    .map((x) => x.id)
    .join(', ')}\n`;

/** `setup` and `uninstall`: register the MCP server, hooks and instruction block per host, or take them out. */
export function registerSetupCommands(program: Command): void {
  program
    .command('setup')
    .description('register the MCP server, hooks and instruction block for hosts (default: every detected host)')
    .option('--host <id>', 'a host id (repeatable or comma-separated), e.g. claude-code', collect)
    .option('--all-detected', 'every host whose config directory exists (the default without --host)')
    .option('--project <dir>', 'project for project files and instruction files (default: the git repository here)')
    .option(
      '--scope <scope>',
      'user (your home, absolute paths) or project (committed files, portable commands)',
      'user',
    )
    .option('--parts <parts>', 'only these parts: mcp, hooks, instructions (comma-separated; default all)', collect)
    .option('--dry-run', 'print the plan and diffs; write nothing')
    .option('--json', 'print the plan as JSON (context-mode.setup-plan/1)')
    .addHelpText('after', hostIdsHelp)
    .action(async (flags: SetupFlags) => {
      try {
        if (flags.scope !== 'user' && flags.scope !== 'project') throw new UsageError('--scope is user or project');
        const parts = partsFrom(flags.parts);
        const { detectedHosts, runSetup } = await import('../../setup/run-setup.js');
        const home = process.env.HOME || homedir();
        const hosts = flags.host?.length ? hostsFrom(flags.host) : detectedHosts(process.env, home);
        if (!hosts.length)
          throw new UsageError(
            `no host detected; name one with --host (${allHosts()
              .map((x) => x.id)
              .join(', ')})`,
          );
        const found = projectFrom(flags.project);
        const refusal = refuseOwnClone(flags.project, found);
        const project = refusal ? undefined : found;
        if (flags.scope === 'project' && refusal) throw new UsageError(refusal);
        if (flags.scope === 'project' && !project)
          throw new UsageError('--scope project needs a project: run inside a git repository or pass --project DIR');
        finish(
          runSetup({
            hosts,
            scope: flags.scope,
            ...(project ? { project } : {}),
            ...(parts ? { parts } : {}),
            dryRun: !!flags.dryRun,
            home,
          }),
          flags,
          refusal,
        );
      } catch (err) {
        usage(err);
      }
    });
  program
    .command('uninstall')
    .description(
      'remove what setup added (default: every host); files setup left untouched since get their original bytes back',
    )
    .option('--host <id>', 'a host id (repeatable or comma-separated)', collect)
    .option('--project <dir>', 'project whose files to clean (default: the git repository here)')
    .option('--dry-run', 'print the plan and diffs; write nothing')
    .option('--json', 'print the plan as JSON (context-mode.setup-plan/1)')
    .addHelpText('after', hostIdsHelp)
    .action(async (flags: SetupFlags) => {
      try {
        const { runUninstall } = await import('../../setup/run-uninstall.js');
        const home = process.env.HOME || homedir();
        const hosts = flags.host?.length ? hostsFrom(flags.host) : [...allHosts()];
        const project = projectFrom(flags.project);
        const plan = runUninstall({
          hosts,
          scope: 'user',
          ...(project ? { project } : {}),
          dryRun: !!flags.dryRun,
          home,
        });
        // Without --host every host is looked at; list only those that had something of ours.
        if (!flags.host?.length) plan.hosts = plan.hosts.filter((h) => h.files.length || h.notes.length);
        finish(plan, flags);
      } catch (err) {
        usage(err);
      }
    });
}
