/**
 * Owns the engine for one window: which Node and which engine CLI run, the MCP server definition VS Code
 * spawns, and everything disposable. Start, stop and restart go through here (rust-analyzer's client Ctx is
 * the model), so no other module keeps a stale path.
 */
import { homedir } from 'node:os';
import { join } from 'node:path';
import { existsSync, readFileSync } from 'node:fs';
import * as vscode from 'vscode';
import { findNode } from './runtime/find-node.js';
import { locateEngine, type LocatedEngine } from './runtime/locate-engine.js';
import { engineProbe, nodeProbe } from './runtime/probes.js';
import { buildServerDefinition } from './engine/server-definition.js';
import { runEngine, type EngineCommand, type EngineResult, type RunOptions } from './engine/engine-cli.js';
import { OnDemandRegistration } from './engine/on-demand-registration.js';
import { readSettings, SECTION, type ExtensionSettings } from './settings.js';

export interface EngineInfo {
  node: string;
  nodeVersion: string;
  engine: Extract<LocatedEngine, { ok: true }>;
}

export class EngineContext implements vscode.Disposable {
  private info: EngineInfo | undefined;
  private problem: string | undefined;
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly disposables: vscode.Disposable[] = [this.changed];
  private onDemand: OnDemandRegistration | undefined;

  constructor(
    private readonly ext: vscode.ExtensionContext,
    readonly log: vscode.LogOutputChannel,
  ) {}

  get settings(): ExtensionSettings {
    const cfg = vscode.workspace.getConfiguration(SECTION);
    return readSettings((k) => cfg.get(k));
  }

  get dataHome(): string {
    const env = process.env.CONTEXT_MODE_HOME;
    return env && env.trim() ? env : join(homedir(), '.context-mode');
  }

  get workspaceDir(): string | undefined {
    return vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  }

  get engine(): EngineInfo | undefined {
    return this.info;
  }

  get lastProblem(): string | undefined {
    return this.problem;
  }

  /** Locates Node and the engine; on failure records the problem (shown by the caller) and leaves no engine. */
  async start(): Promise<EngineInfo | undefined> {
    const settings = this.settings;
    const node = await findNode({
      setting: settings.nodePath,
      pathEnv: process.env.PATH ?? '',
      home: homedir(),
      platform: process.platform,
      probe: nodeProbe,
    });
    if (!node.ok) {
      this.fail(node.message + (node.tried.length ? ` Tried: ${node.tried.join(', ')}.` : ''));
      return undefined;
    }
    const bundledCli = this.ext.asAbsolutePath(join('engine', 'bin', 'context-mode.cjs'));
    const engine = await locateEngine(
      {
        setting: settings.enginePath,
        dataHome: this.dataHome,
        packageName: this.bundledPackageName(),
        bundledCli: existsSync(bundledCli) ? bundledCli : undefined,
      },
      engineProbe(node.path),
    );
    if (!engine.ok) {
      this.fail(engine.message);
      return undefined;
    }
    this.info = { node: node.path, nodeVersion: node.version, engine };
    this.problem = undefined;
    this.log.info(`engine ${engine.version} (${engine.source}: ${engine.cli}) on Node ${node.version} (${node.path})`);
    this.offerOnDemand(this.workspaceDir);
    this.changed.fire();
    return this.info;
  }

  async restart(): Promise<void> {
    this.info = undefined;
    await this.start();
  }

  /** The MCP server VS Code should spawn, or none when the engine could not be located. */
  serverDefinitions(): vscode.McpStdioServerDefinition[] {
    if (!this.info) return [];
    const def = buildServerDefinition({
      node: this.info.node,
      cli: this.info.engine.cli,
      engineVersion: this.info.engine.version,
      extensionVersion: String(this.ext.extension.packageJSON.version ?? '0'),
      workspaceDir: this.workspaceDir,
      resultBudget: this.settings.resultBudget,
      ...(process.env.CONTEXT_MODE_HOME ? { dataHome: process.env.CONTEXT_MODE_HOME } : {}),
    });
    const server = new vscode.McpStdioServerDefinition(def.label, def.command, def.args, def.env, def.version);
    if (def.cwd) server.cwd = vscode.Uri.file(def.cwd);
    return [server];
  }

  /** Runs one engine CLI command with `--json` semantics for the current workspace. */
  async run<T>(args: string[], opts: Omit<RunOptions, 'input'> = {}): Promise<EngineResult<T>> {
    const info = this.info ?? (await this.start());
    if (!info)
      return {
        ok: false,
        error: { code: 'no-engine', message: this.problem ?? 'The context-mode engine is not available.' },
      };
    const cmd: EngineCommand = {
      node: info.node,
      cli: info.engine.cli,
      env: { CONTEXT_MODE_PLATFORM: 'vscode-copilot' },
      ...(this.workspaceDir ? { cwd: this.workspaceDir } : {}),
    };
    this.log.debug(`engine ${args.join(' ')}`);
    const result = await runEngine<T>(cmd, args, opts);
    if (!result.ok)
      this.log.warn(
        `engine ${args[0]} failed: ${result.error.message}${result.error.hint ? ` (${result.error.hint})` : ''}`,
      );
    return result;
  }

  private bundledPackageName(): string {
    try {
      const pkg = JSON.parse(readFileSync(this.ext.asAbsolutePath(join('engine', 'package.json')), 'utf8')) as {
        name?: string;
      };
      return pkg.name ?? 'context-mode';
    } catch {
      return 'context-mode';
    }
  }

  /**
   * The server is offered to VS Code, which starts it at the first tool call: from now on the hooks may redirect to
   * it (see on-demand-registration.ts). Never lets a file problem reach activation.
   */
  private offerOnDemand(workspaceDir: string | undefined): void {
    try {
      this.onDemand ??= new OnDemandRegistration(this.dataHome, process.pid, (m) => this.log.warn(m));
      this.onDemand.set(workspaceDir);
    } catch (err) {
      this.log.warn(`on-demand registration: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  private fail(message: string): void {
    this.offerOnDemand(undefined);
    this.info = undefined;
    this.problem = message;
    this.log.error(message);
    this.changed.fire();
  }

  register(d: vscode.Disposable): void {
    this.disposables.push(d);
  }

  dispose(): void {
    this.offerOnDemand(undefined);
    for (const d of this.disposables.splice(0).reverse()) d.dispose();
  }
}
