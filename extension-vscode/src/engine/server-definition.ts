/**
 * What VS Code is asked to spawn as the context-mode MCP server. The label is what VS Code puts in tool names
 * (`mcp_<label>_<tool>`), so it must stay `context-mode`; CONTEXT_MODE_PLATFORM tells the engine it runs
 * under VS Code, so every text it writes names tools the way VS Code shows them.
 */
export const SERVER_LABEL = 'context-mode';
const HOST_ID = 'vscode-copilot';

export interface ServerDefinitionInput {
  node: string;
  cli: string;
  engineVersion: string;
  extensionVersion: string;
  workspaceDir: string | undefined;
  resultBudget: number;
  /** What the runtime needs to run as Node (ELECTRON_RUN_AS_NODE for the editor's own). */
  runtimeEnv?: Record<string, string>;
  dataHome?: string;
}

export interface ServerDefinition {
  label: string;
  command: string;
  args: string[];
  cwd: string | undefined;
  env: Record<string, string>;
  /** VS Code re-reads the tool list when this changes: an engine upgrade or a restart-worthy setting. */
  version: string;
}

export function buildServerDefinition(input: ServerDefinitionInput): ServerDefinition {
  const env: Record<string, string> = {
    ...input.runtimeEnv,
    CONTEXT_MODE_PLATFORM: HOST_ID,
    CONTEXT_MODE_RESULT_BUDGET: String(input.resultBudget),
  };
  if (input.workspaceDir) env.CONTEXT_MODE_PROJECT_DIR = input.workspaceDir;
  if (input.dataHome) env.CONTEXT_MODE_HOME = input.dataHome;
  return {
    label: SERVER_LABEL,
    command: input.node,
    args: [input.cli, 'serve'],
    cwd: input.workspaceDir,
    env,
    version: `${input.engineVersion.trim()}+ext${input.extensionVersion}.b${input.resultBudget}`,
  };
}
