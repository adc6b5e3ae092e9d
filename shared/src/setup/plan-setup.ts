import { createTwoFilesPatch } from 'diff';
import { join } from 'node:path';
import { allHosts } from '../platforms/host-table.js';
import { hostFilePath, type PathContext } from '../platforms/host-paths.js';
import type { HostRecord } from '../platforms/types.js';
import { renderInstructionBlock, renderInstructionFile } from '../instructions/render-instructions.js';
import type { SetupFileError, SetupFilePlan, SetupHostPlan, SetupPart } from '../protocol/setup.js';
import { isStaleContextModeCommand, serverLaunch, type Launcher } from './hook-command.js';
import { hookEntriesFor } from './hook-entries.js';
import {
  mcpUserAdditions,
  mergeHooksJson,
  mergeMcpJson,
  unmergeJson,
  type DroppedEntry,
  type JsonMerge,
} from './json-merge.js';
import { parseJsonObject, stringsIn, valueAt, type JsonPath } from './jsonc-edit.js';
import { currentInstructionBlock, mergeInstructionBlock, removeInstructionBlock } from './instruction-block.js';
import { DATA_HOME_VAR } from './mcp-entry-fields.js';
import { mergePluginFile, removePluginFile } from './plugin-file.js';
import { INSTALL_COMMAND, MCP_SERVER_NAME } from './product.js';
import { SetupError } from './setup-error.js';
import { mergeTomlBlock, mergeTomlHooks, removeTomlBlock, unmergeTomlEntry } from './toml-block.js';
import { errorMessage } from '../errors/error-message.js';

export type Scope = 'user' | 'project';

/** A file change with the texts the writer needs; `after` undefined means delete the file. */
export interface PlannedFile extends SetupFilePlan {
  before: string | undefined;
  after: string | undefined;
  /** JSON paths this setup created (recorded so uninstall can remove them again). */
  created: JsonPath[];
  /** Scalar settings this setup changed, with their earlier values. */
  replaced: { path: JsonPath; value: unknown }[];
  /** Uninstall: our MCP entry goes with fields the user added to it (named, and the entry kept for a copy). */
  dropped?: DroppedEntry;
}

export interface PlannedHost extends SetupHostPlan {
  files: PlannedFile[];
}

export interface PlanContext {
  scope: Scope;
  /** Absolute project root; project files and instruction files need it. */
  project?: string;
  /** How user-level files start us; project files always use the portable command. */
  launcher: Launcher;
  paths: PathContext & { platform: NodeJS.Platform };
  /** Current text of a file, undefined when it does not exist. Throws SetupError when it cannot be read. */
  read: (path: string) => string | undefined;
  /**
   * Which parts to write (default all). The VS Code extension registers the server through VS Code's own MCP
   * API, so it asks for hooks and instructions only — an mcp.json entry beside it would start a second server.
   */
  parts?: readonly SetupPart[];
}

/** The text a file has at this point of the plan (an earlier host in the same run may have changed it). */
class Workspace {
  private pending = new Map<string, string | undefined>();
  constructor(private readonly read: (path: string) => string | undefined) {}
  get(path: string): string | undefined {
    return this.pending.has(path) ? this.pending.get(path) : this.read(path);
  }
  set(path: string, text: string | undefined): void {
    this.pending.set(path, text);
  }
}

interface Target {
  path: string;
  scope: Scope;
}

/** A host file for the wanted scope, else for the other one (some hosts have only user or only project files). */
function target(host: HostRecord, file: 'mcpConfig' | 'hooksFile', ctx: PlanContext): Target | undefined {
  const other: Scope = ctx.scope === 'user' ? 'project' : 'user';
  const pctx = { ...ctx.paths, ...(ctx.project ? { project: ctx.project } : {}) };
  for (const scope of [ctx.scope, other]) {
    const path = hostFilePath(host, file, scope, pctx);
    if (path) return { path, scope };
  }
  return undefined;
}

function launcherFor(scope: Scope, ctx: PlanContext): Launcher {
  return scope === 'project' ? { kind: 'portable' } : ctx.launcher;
}

function mcpEntry(host: HostRecord, launcher: Launcher): Record<string, unknown> {
  const { command, args } = serverLaunch(launcher);
  const env = launcher.kind === 'pinned' && launcher.dataHome ? { [DATA_HOME_VAR]: launcher.dataHome } : undefined;
  switch (host.paths.value.mcpConfig?.entry) {
    case 'typed-stdio':
      return { type: 'stdio', command, args, ...(env ? { env } : {}) };
    case 'opencode-local':
      return { type: 'local', command: [command, ...args], enabled: true, ...(env ? { environment: env } : {}) };
    default:
      return { command, args, ...(env ? { env } : {}) };
  }
}

/** Unified diff between two versions of a file (undefined = absent). */
export function diffOf(path: string, before: string | undefined, after: string | undefined): string {
  if (before === after) return '';
  return createTwoFilesPatch(
    before === undefined ? '/dev/null' : path,
    after === undefined ? '/dev/null' : path,
    before ?? '',
    after ?? '',
    '',
    '',
    { context: 3 },
  )
    .split('\n')
    .slice(1) // drop the "====" header line
    .join('\n');
}

function toFileError(err: unknown): SetupFileError {
  if (err instanceof SetupError) return { code: err.code, message: err.message, ...(err.fix ? { fix: err.fix } : {}) };
  return { code: 'io', message: errorMessage(err) };
}

type Edit = (text: string, m: JsonMerge) => string;

/** Collects the edits each part makes to one file, then applies them in order to the file's current text. */
class HostPlanner {
  private files = new Map<
    string,
    { scope: Scope; format: SetupFilePlan['format']; parts: SetupPart[]; edits: Edit[]; deleteIfEmpty?: boolean }
  >();
  constructor(
    private readonly ws: Workspace,
    private readonly command: 'setup' | 'uninstall',
  ) {}

  add(
    path: string,
    scope: Scope,
    format: SetupFilePlan['format'],
    part: SetupPart,
    edit: Edit,
    deleteIfEmpty = false,
  ): void {
    const f = this.files.get(path) ?? { scope, format, parts: [], edits: [], deleteIfEmpty };
    if (!f.parts.includes(part)) f.parts.push(part);
    f.edits.push(edit);
    this.files.set(path, f);
  }

  finish(): PlannedFile[] {
    const out: PlannedFile[] = [];
    for (const [path, f] of this.files) {
      const base = { path, scope: f.scope, format: f.format, parts: f.parts };
      let before: string | undefined;
      try {
        before = this.ws.get(path);
        const m: JsonMerge = { text: before ?? '', created: [] };
        for (const edit of f.edits) m.text = edit(m.text, m);
        let after: string | undefined = m.text;
        // An emptied file goes only when setup created it (a user's own `{}` stays); our instruction-only file too.
        // A file nothing was taken out of stays as it is, however empty (a user's own empty config.toml).
        if (
          this.command === 'uninstall' &&
          after !== (before ?? '') &&
          (after.trim() === '' || (f.deleteIfEmpty && f.format !== 'markdown' && after.replace(/\s/g, '') === '{}'))
        ) {
          after = undefined;
        }
        if (this.command === 'setup' && before === undefined && after === '') after = undefined;
        const action: SetupFilePlan['action'] =
          after === before ? 'unchanged' : after === undefined ? 'delete' : before === undefined ? 'create' : 'update';
        if (after !== before && !(before === undefined && after === undefined)) this.ws.set(path, after);
        out.push({
          ...base,
          action,
          diff: diffOf(path, before, after),
          before,
          after: action === 'unchanged' ? before : after,
          created: m.created,
          replaced: m.replaced ?? [],
          ...(m.dropped && after !== before ? { dropped: m.dropped } : {}),
        });
      } catch (err) {
        out.push({
          ...base,
          action: 'error',
          diff: '',
          error: toFileError(err),
          before,
          after: before,
          created: [],
          replaced: [],
        });
      }
    }
    return out;
  }
}

function noteList(host: HostRecord, ctx: PlanContext, command: 'setup' | 'uninstall'): string[] {
  const notes: string[] = [];
  if (command === 'setup' && host.setupNote) notes.push(host.setupNote.value);
  if (command === 'setup' && host.hookSetupSkipped) notes.push(`Hooks not written: ${host.hookSetupSkipped}`);
  if (!ctx.project && host.instructionFile.value)
    notes.push(`No project given: ${host.instructionFile.value} not written (pass --project DIR).`);
  return notes;
}

/**
 * The block for a host's instruction file. Several hosts read AGENTS.md (Codex, OpenCode, Zed, Kimi, Pi) and name
 * our tools differently; when the file already holds another such host's block, or the shared one, it gets the
 * shared block with bare tool names (`ctx_execute`, which every host's name for the tool contains), so setting
 * up a second host never rewrites the first one's names.
 */
function blockFor(host: HostRecord, text: string): string {
  const mine = renderInstructionBlock(host);
  const current = currentInstructionBlock(text);
  if (current === undefined || current === mine) return mine;
  const shared = renderInstructionBlock(undefined);
  if (current === shared) return shared;
  const others = allHosts().filter((h) => h.id !== host.id && h.instructionFile.value === host.instructionFile.value);
  return others.some((h) => renderInstructionBlock(h) === current) ? shared : mine;
}

/** What `setup` would write for one host: MCP registration, hooks, instruction block. Pure given `ctx.read`. */
export function planHostSetup(host: HostRecord, ctx: PlanContext, ws = new Workspace(ctx.read)): PlannedHost {
  const hp = new HostPlanner(ws, 'setup');
  const wants = (part: SetupPart) => !ctx.parts || ctx.parts.includes(part);
  const mcp = wants('mcp') ? host.paths.value.mcpConfig : undefined;
  const mcpAt = target(host, 'mcpConfig', ctx);
  if (mcp && mcpAt) {
    const entry = mcpEntry(host, launcherFor(mcpAt.scope, ctx));
    if (mcp.format === 'toml')
      hp.add(mcpAt.path, mcpAt.scope, 'toml', 'mcp', (t) =>
        mergeTomlBlock(t, mcpAt.path, mcp.key, MCP_SERVER_NAME, entry),
      );
    else
      hp.add(
        mcpAt.path,
        mcpAt.scope,
        mcp.format,
        'mcp',
        (t, m) => mergeMcpJson(t, mcpAt.path, mcp.key, MCP_SERVER_NAME, entry, m).text,
      );
  }
  const hooksAt = host.hookSetup && wants('hooks') ? target(host, 'hooksFile', ctx) : undefined;
  if (hooksAt && host.hookSetup?.value.layout === 'opencode-plugin') {
    const launcher = launcherFor(hooksAt.scope, ctx);
    hp.add(hooksAt.path, hooksAt.scope, 'typescript', 'hooks', (t) => mergePluginFile(t, hooksAt.path, launcher));
  } else if (hooksAt && host.hookSetup?.value.layout === 'toml-array') {
    const entries = Object.values(
      hookEntriesFor(host, launcherFor(hooksAt.scope, ctx), ctx.paths.platform)?.events ?? {},
    ) as Record<string, unknown>[];
    hp.add(hooksAt.path, hooksAt.scope, 'toml', 'hooks', (t) => mergeTomlHooks(t, hooksAt.path, entries));
  } else if (hooksAt) {
    const entries = hookEntriesFor(host, launcherFor(hooksAt.scope, ctx), ctx.paths.platform);
    if (entries) {
      const format = hooksAt.path === mcpAt?.path && mcp ? mcp.format : 'json';
      hp.add(
        hooksAt.path,
        hooksAt.scope,
        format,
        'hooks',
        (t, m) => mergeHooksJson(t, hooksAt.path, entries, host.hookSetup?.value.enable, m).text,
      );
    }
  }
  if (ctx.project && host.instructionFile.value && wants('instructions')) {
    const path = join(ctx.project, host.instructionFile.value);
    const whole = renderInstructionFile(host);
    hp.add(path, 'project', 'markdown', 'instructions', (t) => mergeInstructionBlock(t, blockFor(host, t), whole));
  }
  const files = hp.finish();
  const shared = files.filter(
    (f) => f.scope === 'project' && f.parts.some((p) => p !== 'instructions') && f.action !== 'unchanged',
  );
  const teammates = shared.length
    ? [
        `${shared.map((f) => f.path).join(', ')} can be committed: teammates get the tool with \`${INSTALL_COMMAND}\` (without it the hooks print one hint line and do nothing).`,
      ]
    : [];
  return {
    host: host.id,
    displayName: host.displayName,
    files,
    notes: [...noteList(host, ctx, 'setup'), ...staleNotes(files), ...teammates],
  };
}

/** Older hand-written context-mode hooks left in a file setup merged into: they would run beside ours. */
function staleNotes(files: PlannedFile[]): string[] {
  return files
    .filter((f) => f.parts.includes('hooks') && f.after && (f.format === 'json' || f.format === 'jsonc'))
    .filter((f) => {
      try {
        return stringsIn(parseJsonObject(f.after!, f.path)).some(isStaleContextModeCommand);
      } catch {
        return false;
      }
    })
    .map(
      (f) =>
        `${f.path} still has older hand-written context-mode hooks beside ours; \`ctxmode doctor --fix\` removes them.`,
    );
}

export interface UninstallRecord {
  /** JSON paths setup created in this file. */
  created: JsonPath[];
  replaced?: { path: JsonPath; value: unknown }[];
  /** The file did not exist before setup. */
  fileCreated?: boolean;
}

/** What `uninstall` would change for one host: our entries and blocks out of every file setup may have written. */
function planHostUninstall(
  host: HostRecord,
  ctx: PlanContext,
  records: (path: string) => UninstallRecord | undefined = () => undefined,
  ws = new Workspace(ctx.read),
): PlannedHost {
  const hp = new HostPlanner(ws, 'uninstall');
  const mcp = host.paths.value.mcpConfig;
  // The fields our entry has for this host (with every optional one), against which the user's additions show.
  const ourFields = Object.keys(mcpEntry(host, { kind: 'pinned', node: 'node', bin: 'bin', dataHome: '/' }));
  const pctx = { ...ctx.paths, ...(ctx.project ? { project: ctx.project } : {}) };
  const enable = host.hookSetup?.value.enable;
  const header = host.hookSetup && host.hookSetup.value.layout !== 'nested-matchers' ? { version: 1 } : undefined;
  // A path that cannot be read (a directory where the file belongs) is planned anyway: finish() turns the read
  // error into that file's error, naming it and the fix, instead of the whole uninstall throwing.
  const present = (path: string) => {
    try {
      return ws.get(path) !== undefined;
    } catch {
      return true;
    }
  };
  for (const scope of ['project', 'user'] as const) {
    const mcpPath = hostFilePath(host, 'mcpConfig', scope, pctx);
    if (mcp && mcpPath && present(mcpPath)) {
      if (mcp.format === 'toml')
        hp.add(mcpPath, scope, 'toml', 'mcp', (t, m) => {
          const out = unmergeTomlEntry(t, mcpPath, mcp.key, MCP_SERVER_NAME, ourFields);
          if (out.dropped) m.dropped = out.dropped;
          return out.text;
        });
      else
        hp.add(
          mcpPath,
          scope,
          mcp.format,
          'mcp',
          (t, m) => {
            const out = unmergeJson(
              t,
              mcpPath,
              { mcp: { key: mcp.key, name: MCP_SERVER_NAME } },
              records(mcpPath)?.created,
              records(mcpPath)?.replaced,
            );
            const fields = mcpUserAdditions(t, mcp.key, MCP_SERVER_NAME, ourFields);
            if (fields.length) m.dropped = { fields, entry: valueAt(t, [mcp.key, MCP_SERVER_NAME]) };
            return out;
          },
          !!records(mcpPath)?.fileCreated,
        );
    }
    const hooksPath = host.hookSetup ? hostFilePath(host, 'hooksFile', scope, pctx) : undefined;
    if (hooksPath && present(hooksPath) && host.hookSetup?.value.layout === 'opencode-plugin') {
      hp.add(hooksPath, scope, 'typescript', 'hooks', (t) => removePluginFile(t));
    } else if (hooksPath && present(hooksPath) && host.hookSetup?.value.layout === 'toml-array') {
      hp.add(hooksPath, scope, 'toml', 'hooks', (t) => removeTomlBlock(t, hooksPath));
    } else if (hooksPath && present(hooksPath)) {
      const format = hooksPath === mcpPath && mcp ? mcp.format : 'json';
      hp.add(
        hooksPath,
        scope,
        format,
        'hooks',
        (t) =>
          unmergeJson(
            t,
            hooksPath,
            { hooks: true, ...(enable ? { enable } : {}), ...(header ? { header } : {}) },
            records(hooksPath)?.created,
            records(hooksPath)?.replaced,
          ),
        !!records(hooksPath)?.fileCreated,
      );
    }
  }
  if (ctx.project && host.instructionFile.value) {
    const path = join(ctx.project, host.instructionFile.value);
    if (present(path))
      hp.add(path, 'project', 'markdown', 'instructions', (t) =>
        removeInstructionBlock(t, renderInstructionFile(host)),
      );
  }
  return {
    host: host.id,
    displayName: host.displayName,
    files: hp.finish().filter((f) => f.action !== 'unchanged' || f.error),
    notes: [],
  };
}

/** Plans several hosts in order over one view of the files, so two hosts sharing a file see each other's edits. */
export function planSetup(hosts: readonly HostRecord[], ctx: PlanContext): PlannedHost[] {
  const ws = new Workspace(ctx.read);
  return hosts.map((h) => planHostSetup(h, ctx, ws));
}

export function planUninstall(
  hosts: readonly HostRecord[],
  ctx: PlanContext,
  records?: (path: string) => UninstallRecord | undefined,
): PlannedHost[] {
  const ws = new Workspace(ctx.read);
  return hosts.map((h) => planHostUninstall(h, ctx, records, ws));
}
