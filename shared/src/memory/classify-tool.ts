import { builtinToolRole, isMcpToolName, ownToolName } from '../platforms/tool-names.js';
import type { ToolRole } from '../platforms/types.js';
import { argFieldsOfAnyHost } from '../platforms/any-host-fields.js';

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

/** Kinds of the built-in roles the host table names per host (shared/src/platforms). */
const KIND_OF_ROLE: Record<ToolRole, ToolKind> = {
  shell: 'shell',
  read: 'read',
  grep: 'search',
  'web-fetch': 'web',
  agent: 'subagent',
};

/**
 * Tools memory cares about that routing does not, so the host table has no role for them yet (edits, writes,
 * plans, todos, …), by lower-cased name.
 */
const OTHER_KINDS: Record<string, ToolKind> = {
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
  file_search: 'search',
  list_directory: 'search',
  ls: 'search',
  semantic_search: 'search',
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
  askuserquestion: 'question',
  ask_user: 'question',
  enterworktree: 'worktree-enter',
  exitworktree: 'worktree-exit',
};

export function classifyTool(name: string | undefined): ToolKind {
  if (!name) return 'other';
  if (ownToolName(name)) return 'own';
  const role = builtinToolRole(name);
  if (role) return KIND_OF_ROLE[role];
  const kind = OTHER_KINDS[name.toLowerCase()];
  if (kind) return kind;
  if (isMcpToolName(name)) return 'mcp';
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

// Where a call names its file or command: every host's read and shell argument spellings from the host table, plus
// the fields of edit, write and script tools the table has no role for yet.
export const PATH_FIELDS: readonly string[] = [
  ...argFieldsOfAnyHost('filePath'),
  'notebook_path',
  'target_file',
  'file',
];
export const COMMAND_FIELDS: readonly string[] = [...argFieldsOfAnyHost('command'), 'script'];
