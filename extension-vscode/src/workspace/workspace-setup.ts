/**
 * Offers, once per workspace, to write the Copilot hook file and instruction block through the engine's own
 * setup (plan shown first), and removes them on request. The merge rules are the engine's; nothing here edits
 * a file.
 */
import { existsSync } from 'node:fs';
import * as vscode from 'vscode';
import type { EngineContext } from '../engine-context.js';
import { afterAnswer, decideSetup, type SetupAnswer, type WorkspaceSetupState } from './setup-decision.js';
import { describePlan, isInGitRepo, isSetupPlan, summarisePlan, type PlanSummary } from './setup-plan.js';
import { SECTION } from '../settings.js';
import type { SetupPlan } from '../../../shared/src/protocol/setup.js';
import { ensureHookCommand } from '../runtime/runtime-upkeep.js';

const STATE_KEY = 'context-mode.workspaceSetup';

function hostArgs(hosts: string[]): string[] {
  return hosts.flatMap((h) => ['--host', h]);
}

/**
 * The extension registers the MCP server through VS Code's API, so setup writes only the hook file and the
 * instruction block; an mcp.json entry beside the provider would start a second server.
 */
const SETUP_PARTS = ['--parts', 'hooks,instructions'];

export class WorkspaceSetup {
  constructor(
    private readonly ext: vscode.ExtensionContext,
    private readonly engine: EngineContext,
  ) {}

  /** On activation: apply, offer or skip according to the setting and what this workspace answered before. */
  async onWorkspaceOpened(): Promise<void> {
    const dir = this.engine.workspaceDir;
    const settings = this.engine.settings;
    if (!dir || settings.autoSetup === 'never') return;
    const state = this.ext.workspaceState.get<WorkspaceSetupState>(STATE_KEY);
    if (settings.autoSetup === 'ask' && state !== undefined) return;
    const plan = await this.plan(dir, settings.hosts);
    if (!plan || this.refused(plan, dir)) return;
    const action = decideSetup({
      autoSetup: settings.autoSetup,
      workspaceState: state,
      hasWorkspace: true,
      upToDate: plan.upToDate,
    });
    if (action === 'apply') {
      await this.apply(dir, settings.hosts);
      return;
    }
    if (action !== 'offer') return;
    const choice = await vscode.window.showInformationMessage(this.describe(plan, dir), 'Set up', 'Always', 'Not now');
    const answer: SetupAnswer | undefined =
      choice === 'Set up' ? 'set-up' : choice === 'Always' ? 'always' : choice === 'Not now' ? 'not-now' : undefined;
    const next = afterAnswer(answer);
    await this.ext.workspaceState.update(STATE_KEY, next.state);
    if (next.setAlways)
      await vscode.workspace.getConfiguration(SECTION).update('autoSetup', 'always', vscode.ConfigurationTarget.Global);
    if (next.apply) await this.apply(dir, settings.hosts);
  }

  /** Whether this workspace accepted setup (now or earlier). */
  isSetUp(): boolean {
    return this.ext.workspaceState.get<WorkspaceSetupState>(STATE_KEY) === 'done';
  }

  /** The Set Up Workspace command: shows the plan and asks before writing. */
  async setUpInteractively(confirmed = false): Promise<boolean> {
    const dir = this.requireWorkspace();
    if (!dir) return false;
    const hosts = this.engine.settings.hosts;
    const plan = await this.plan(dir, hosts);
    if (!plan || this.refused(plan, dir)) return false;
    if (plan.upToDate) {
      void vscode.window.showInformationMessage(this.describe(plan, dir));
      return true;
    }
    const ok = confirmed
      ? 'Set up'
      : await vscode.window.showInformationMessage(this.describe(plan, dir), { modal: true }, 'Set up');
    if (ok !== 'Set up') return false;
    return this.apply(dir, hosts);
  }

  async remove(): Promise<boolean> {
    const dir = this.requireWorkspace();
    if (!dir) return false;
    const result = await this.engine.run<SetupPlan>([
      'uninstall',
      ...hostArgs(this.engine.settings.hosts),
      '--project',
      dir,
      '--json',
    ]);
    if (!result.ok) {
      void vscode.window.showErrorMessage(
        `context-mode: could not remove the workspace setup: ${result.error.message}`,
      );
      return false;
    }
    await this.ext.workspaceState.update(STATE_KEY, 'declined');
    void vscode.window.showInformationMessage(
      'context-mode: removed from this workspace (hook file entries and instruction block).',
    );
    return true;
  }

  private async plan(dir: string, hosts: string[]) {
    const result = await this.engine.run<SetupPlan>(
      ['setup', ...hostArgs(hosts), '--project', dir, '--scope', 'project', ...SETUP_PARTS, '--dry-run', '--json'],
      { acceptOnExit1: isSetupPlan },
    );
    if (!result.ok) {
      void vscode.window.showWarningMessage(
        `context-mode: cannot set up this workspace: ${result.error.message}${result.error.hint ? ` ${result.error.hint}` : ''}`,
      );
      return undefined;
    }
    return summarisePlan(result.value);
  }

  private async apply(dir: string, hosts: string[]): Promise<boolean> {
    // The launcher the hook file calls goes first: written after it, a chat started in between (the first
    // prompt right after accepting) ran hooks that found no launcher and answered nothing.
    ensureHookCommand(this.engine);
    const result = await this.engine.run<SetupPlan>(
      ['setup', ...hostArgs(hosts), '--project', dir, '--scope', 'project', ...SETUP_PARTS, '--json'],
      { acceptOnExit1: isSetupPlan },
    );
    if (!result.ok) {
      void vscode.window.showErrorMessage(
        `context-mode: setup failed: ${result.error.message}${result.error.hint ? ` ${result.error.hint}` : ''}`,
      );
      return false;
    }
    // A file that turned read-only (or malformed) between the plan and now: the engine wrote nothing there.
    const written = summarisePlan(result.value);
    if (written.errors.length) {
      void vscode.window.showErrorMessage(this.describe(written, dir));
      return false;
    }
    await this.ext.workspaceState.update(STATE_KEY, 'done');
    this.engine.log.info(`workspace set up for ${hosts.join(', ')}`);
    return true;
  }

  private describe(plan: PlanSummary, dir: string): string {
    return describePlan(plan, dir, isInGitRepo(dir, existsSync));
  }

  /** A workspace the engine cannot write (read-only files, a conflicting entry): say why once, write nothing. */
  private refused(plan: PlanSummary, dir: string): boolean {
    if (!plan.errors.length) return false;
    void vscode.window.showWarningMessage(this.describe(plan, dir));
    return true;
  }

  private requireWorkspace(): string | undefined {
    const dir = this.engine.workspaceDir;
    if (!dir)
      void vscode.window.showWarningMessage(
        'context-mode: open a folder first; the hook file and instructions go into the workspace.',
      );
    return dir;
  }
}
