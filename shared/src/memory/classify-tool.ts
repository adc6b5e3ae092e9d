/**
 * What a tool call is, for memory purposes. The hook runtime normalises tool names to the Claude spelling;
 * the host's own spellings are accepted too so extraction stays correct if a name slips through un-normalised
 * (the MCP server and tests call extraction directly).
 */
export type ToolKind =
  | 'shell'
  | 'read'
  | 'edit'
  | 'write'
  | 'patch'
  | 'search'
  | 'web'
  | 'todo'
  | 'task-create'
  | 'task-update'
  | 'plan-enter'
  | 'plan-exit'
  | 'skill'
  | 'subagent'
  | 'question'
  | 'worktree-enter'
  | 'worktree-exit'
  | 'own'
  | 'mcp'
  | 'other';

const BY_NAME: Record<string, ToolKind> = {
  bash: 'shell',
  run_shell_command: 'shell',
  run_in_terminal: 'shell',
  run_command: 'shell',
  shell: 'shell',
  shell_command: 'shell',
  exec_command: 'shell',
  local_shell: 'shell',
  execute_bash: 'shell',
  exec: 'shell',
  read: 'read',
  read_file: 'read',
  read_many_files: 'read',
  view: 'read',
  view_file: 'read',
  fs_read: 'read',
  edit: 'edit',
  multiedit: 'edit',
  notebookedit: 'edit',
  replace: 'edit',
  replace_string_in_file: 'edit',
  multi_replace_string_in_file: 'edit',
  insert_edit_into_file: 'edit',
  edit_file: 'edit',
  editfiles: 'edit',
  str_replace_editor: 'edit',
  write: 'write',
  write_file: 'write',
  create_file: 'write',
  fs_write: 'write',
  apply_patch: 'patch',
  glob: 'search',
  grep: 'search',
  grep_search: 'search',
  file_search: 'search',
  search_file_content: 'search',
  list_directory: 'search',
  ls: 'search',
  semantic_search: 'search',
  webfetch: 'web',
  web_fetch: 'web',
  fetch: 'web',
  fetch_webpage: 'web',
  websearch: 'web',
  web_search: 'web',
  google_web_search: 'web',
  todowrite: 'todo',
  write_todos: 'todo',
  manage_todo_list: 'todo',
  update_plan: 'todo',
  taskcreate: 'task-create',
  taskupdate: 'task-update',
  enterplanmode: 'plan-enter',
  exitplanmode: 'plan-exit',
  skill: 'skill',
  activate_skill: 'skill',
  task: 'subagent',
  agent: 'subagent',
  runsubagent: 'subagent',
  run_subagent: 'subagent',
  askuserquestion: 'question',
  ask_user: 'question',
  enterworktree: 'worktree-enter',
  exitworktree: 'worktree-exit',
};

/** Our own MCP tools as any host names them: `ctx_x`, `mcp__…__ctx_x`, `context-mode_ctx_x`, `@context-mode/ctx_x`. */
export function ownToolName(name: string): string | undefined {
  const m = /(?:^|[_/:])(ctx_[a-z_]+)$/.exec(name);
  if (!m) return undefined;
  if (name === m[1] || /context[-_]mode/i.test(name)) return m[1];
  return undefined;
}

export function classifyTool(name: string | undefined): ToolKind {
  if (!name) return 'other';
  if (ownToolName(name)) return 'own';
  const kind = BY_NAME[name.toLowerCase()];
  if (kind) return kind;
  if (/^mcp__|^mcp:|^@[^/]+\/|^mcp_/i.test(name)) return 'mcp';
  return 'other';
}

/** The first present string field among `names`. */
export function pick(input: Record<string, unknown> | undefined, ...names: string[]): string | undefined {
  if (!input) return undefined;
  for (const n of names) {
    const v = input[n];
    if (typeof v === 'string' && v.length > 0) return v;
  }
  return undefined;
}

export const PATH_FIELDS = ['file_path', 'path', 'filePath', 'absolute_path', 'AbsolutePath', 'FilePath', 'notebook_path', 'target_file', 'file'];
export const COMMAND_FIELDS = ['command', 'cmd', 'CommandLine', 'commandLine', 'script'];
