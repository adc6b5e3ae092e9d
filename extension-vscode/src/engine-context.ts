/**
 * Owns the engine for one window: which Node and which engine CLI run, the MCP server definition VS Code
 * spawns, and everything disposable. Start, stop and restart go through here (rust-analyzer's client Ctx is
 * the model), so no other module keeps a stale path.
 */
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { existsSync, readFileSync } from 'node:fs';
import * as vscode from 'vscode';
import { findNode } from './runtime/find-node.js';
import { locateEngine, type LocatedEngine } from './runtime/locate-engine.js';
import { driverProbe, engineProbe, nodeProbe } from './runtime/probes.js';
import { chooseRuntime, editorRuntime, type RuntimeCandidate } from './runtime/engine-runtime.js';
import { buildServerDefinition } from './engine/server-definition.js';
import { runEngine, type EngineCommand, type EngineResult, type RunOptions } from './engine/engine-cli.js';
import { OnDemandRegistration } from './engine/on-demand-registration.js';
import { readSettings, SECTION, type ExtensionSettings } from './settings.js';
import { errorMessage } from '../../shared/src/errors/error-message.js';

export interface EngineInfo {
  node: string;
  nodeVersion: string;
  /** Environment the runtime needs on every start (ELECTRON_RUN_AS_NODE for the editor's runtime). */
  nodeEnv: Record<string, string>;
  /** The user's Node, or the editor's own runtime when the user's cannot open a store. */
  runtime: 'user' | 'editor';
  driver: 'node:sqlite' | 'better-sqlite3';
  engine: Extract<LocatedEngine, { ok: true }>;
}

export class EngineContext implements vscode.Disposable {
  private info: EngineInfo | undefined;
  private problem: string | undefined;
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly disposables: vscode.Disposable[] = [this.changed];
  private onDemand: OnDemandRegistration | undefined;
  /** The one start of this activation; restart() replaces it. */
  private starting: Promise<EngineInfo | undefined> | undefined;

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

  /**
   * The engine of this activation, started once however many callers ask at the same time (activation and VS Code
   * asking for the server definition both do).
   */
  ready(): Promise<EngineInfo | undefined> {
    this.starting ??= this.start();
    return this.starting;
  }

  /**
   * Picks the runtime (the user's Node when it can open a store, else the editor's own), then the engine; on
   * failure records the problem (shown by the caller) and leaves no engine, so nothing gets wired.
   */
  private async start(): Promise<EngineInfo | undefined> {
    const settings = this.settings;
    const node = await findNode({
      setting: settings.nodePath,
      pathEnv: process.env.PATH ?? '',
      home: homedir(),
      platform: process.platform,
      probe: nodeProbe,
    });
    const candidates: RuntimeCandidate[] = [
      ...(node.ok ? [{ node: node.path, env: {}, kind: 'user' as const }] : []),
      editorRuntime(process.execPath),
    ];
    const first = candidates[0] as RuntimeCandidate;
    const bundledCli = this.ext.asAbsolutePath(join('engine', 'bin', 'context-mode.cjs'));
    const engine = await locateEngine(
      {
        setting: settings.enginePath,
        dataHome: this.dataHome,
        packageName: this.bundledPackageName(),
        bundledCli: existsSync(bundledCli) ? bundledCli : undefined,
      },
      engineProbe(first.node, first.env),
    );
    if (!engine.ok) {
      this.fail(engine.message);
      return undefined;
    }
    const userProblem = node.ok
      ? undefined
      : node.message + (node.tried.length ? ` Tried: ${node.tried.join(', ')}.` : '');
    const choice = await chooseRuntime(candidates, (c) => driverProbe(c, dirname(engine.cli)), userProblem);
    for (const note of choice.notes) this.log.warn(note);
    if (!choice.ok) {
      this.fail(choice.message);
      return undefined;
    }
    const rt = choice.runtime;
    this.info = {
      node: rt.node,
      nodeVersion: rt.version,
      nodeEnv: rt.env,
      runtime: rt.kind,
      driver: rt.driver,
      engine,
    };
    this.problem = undefined;
    this.log.info(
      `engine ${engine.version} (${engine.source}: ${engine.cli}) on ${rt.kind === 'editor' ? "the editor's runtime, " : ''}Node ${rt.version} (${rt.node}, ${rt.driver})`,
    );
    this.offerOnDemand(this.workspaceDir);
    this.changed.fire();
    return this.info;
  }

  /**
   * Locates the engine again. The running one keeps serving until the new one is found (a failure clears it): a
   * blank in between made the sidebar, the launcher upkeep and commands see no engine for the seconds the probes take.
   */
  async restart(): Promise<void> {
    this.starting = this.start();
    await this.starting;
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
      runtimeEnv: this.info.nodeEnv,
      ...(process.env.CONTEXT_MODE_HOME ? { dataHome: process.env.CONTEXT_MODE_HOME } : {}),
    });
    const server = new vscode.McpStdioServerDefinition(def.label, def.command, def.args, def.env, def.version);
    if (def.cwd) server.cwd = vscode.Uri.file(def.cwd);
    return [server];
  }

  /** Runs one engine CLI command with `--json` semantics for the current workspace. */
  async run<T>(args: string[], opts: Omit<RunOptions, 'input'> = {}): Promise<EngineResult<T>> {
    const info = this.info ?? (await this.ready());
    if (!info)
      return {
        ok: false,
        error: { code: 'no-engine', message: this.problem ?? 'The context-mode engine is not available.' },
      };
    const cmd: EngineCommand = {
      node: info.node,
      cli: info.engine.cli,
      env: { ...info.nodeEnv, CONTEXT_MODE_PLATFORM: 'vscode-copilot' },
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
      this.log.warn(`on-demand registration: ${errorMessage(err)}`);
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
