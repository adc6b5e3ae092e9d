/**
 * Hosts name the same built-in tools differently (Gemini's `run_shell_command`, Codex's `exec_command`, …).
 * Routing and memory extraction are written once against the canonical names Bash, Read, Grep and WebFetch;
 * these tables map every spelling docs/hosts.md#tool-names-and-routing lists onto them. Names not listed pass unchanged.
 */
export type CanonicalTool = 'Bash' | 'Read' | 'Grep' | 'WebFetch';

const ALIASES: Record<CanonicalTool, readonly string[]> = {
  Bash: [
    'bash', 'run_shell_command', 'run_command', 'shell', 'shell_command', 'exec_command', 'container.exec',
    'local_shell', 'exec', 'run_in_terminal', 'execute_bash', 'runterminalcommand', 'run_terminal_cmd',
  ],
  Read: ['read', 'read_file', 'read_many_files', 'view_file', 'view', 'fs_read', 'readfile'],
  Grep: ['grep', 'grep_search', 'search_file_content', 'grep_files', 'search'],
  WebFetch: ['webfetch', 'web_fetch', 'read_url_content', 'fetch', 'mcp_web_fetch', 'mcp_fetch_tool'],
};

const BY_NAME = new Map<string, CanonicalTool>();
for (const [canonical, names] of Object.entries(ALIASES) as [CanonicalTool, readonly string[]][]) {
  for (const name of names) BY_NAME.set(name, canonical);
}

/** The canonical name for a host tool name, or the name itself when it is not one of the aliased built-ins. */
export function canonicalToolName(name: string): string {
  return BY_NAME.get(name.toLowerCase()) ?? name;
}

function firstString(input: Record<string, unknown> | undefined, fields: readonly string[]): { field: string; value: string } | undefined {
  if (!input) return undefined;
  for (const field of fields) {
    const value = input[field];
    if (typeof value === 'string' && value.length > 0) return { field, value };
    // Some hosts send argv arrays (Codex `command: ["bash", "-lc", "…"]`).
    if (Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'string')) {
      const argv = value as string[];
      const shellC = argv.length >= 3 && /(^|\/)(ba|z|da)?sh$/.test(argv[0]!) && /^-l?c$/.test(argv[1]!);
      return { field, value: shellC ? argv.slice(2).join(' ') : argv.join(' ') };
    }
  }
  return undefined;
}

export const COMMAND_FIELDS = ['command', 'cmd', 'CommandLine', 'commandLine'] as const;
export const PATH_FIELDS = ['file_path', 'path', 'AbsolutePath', 'FilePath', 'filePath', 'absolute_path'] as const;
export const URL_FIELDS = ['url', 'URL', 'Url'] as const;

/** The shell command of a Bash-like call and the input field it came from. */
export function shellCommandOf(input: Record<string, unknown> | undefined): { field: string; value: string } | undefined {
  return firstString(input, COMMAND_FIELDS);
}

/** The file path of a Read-like call. */
export function filePathOf(input: Record<string, unknown> | undefined): string | undefined {
  return firstString(input, PATH_FIELDS)?.value;
}

/** The URL of a WebFetch-like call. */
export function urlOf(input: Record<string, unknown> | undefined): string | undefined {
  return firstString(input, URL_FIELDS)?.value;
}
