import { argFieldsOfAnyHost } from '@context-mode/shared/platforms/any-host-fields';
import { builtinToolRole } from '@context-mode/shared/platforms/tool-names';
import type { ToolRole } from '@context-mode/shared/platforms/types';

/**
 * Hosts name the same built-in tools differently (Gemini's `run_shell_command`, Codex's `exec_command`, …).
 * Routing and memory extraction are written once against the canonical names Bash, Read, Grep and WebFetch;
 * every spelling comes from the host table's `tools` facts (shared/src/platforms). Names not listed pass unchanged.
 */
type CanonicalTool = 'Bash' | 'Read' | 'Grep' | 'WebFetch';

const CANONICAL: Partial<Record<ToolRole, CanonicalTool>> = {
  shell: 'Bash',
  read: 'Read',
  grep: 'Grep',
  'web-fetch': 'WebFetch',
};

/** The canonical name for a host tool name, or the name itself when it is not one of the aliased built-ins. */
export function canonicalToolName(name: string): string {
  const role = builtinToolRole(name);
  return (role && CANONICAL[role]) ?? name;
}

/** The first non-empty string (or argv, joined) among `fields`, and the field it came from. */
function firstString(
  input: Record<string, unknown> | undefined,
  fields: readonly string[],
): { field: string; value: string } | undefined {
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

const WEB_URL = /https?:\/\/[^\s"'<>]+/;

/**
 * A URL from one argument value: a bare token as it is, the first web URL in free text (Gemini's `web_fetch`
 * takes a `prompt` naming the URLs), the first of a list (Copilot's `urls`).
 */
function urlIn(value: unknown): string | undefined {
  if (Array.isArray(value)) return value.map(urlIn).find((u) => u !== undefined);
  if (typeof value !== 'string' || value === '') return undefined;
  return /\s/.test(value) ? WEB_URL.exec(value)?.[0] : value;
}

// Every host's argument spellings, from the host table's `tools.args` (shared/src/platforms/hosts).
const COMMAND_FIELDS = argFieldsOfAnyHost('command');
const PATH_FIELDS = argFieldsOfAnyHost('filePath');
const URL_FIELDS = argFieldsOfAnyHost('url');

/** The shell command of a Bash-like call and the input field it came from. */
export function shellCommandOf(
  input: Record<string, unknown> | undefined,
): { field: string; value: string } | undefined {
  return firstString(input, COMMAND_FIELDS);
}

/** The file path of a Read-like call. */
export function filePathOf(input: Record<string, unknown> | undefined): string | undefined {
  return firstString(input, PATH_FIELDS)?.value;
}

/** The URL of a WebFetch-like call. */
export function urlOf(input: Record<string, unknown> | undefined): string | undefined {
  if (!input) return undefined;
  for (const field of URL_FIELDS) {
    const url = urlIn(input[field]);
    if (url !== undefined) return url;
  }
  return undefined;
}
