import type { Capabilities, GatedCapability, HostRecord, HostTools, Paradigm, ToolRole } from './types.js';

/** How the product plugs into `host`; derived from the dialect when the record does not say. */
export function paradigmOf(host: HostRecord): Paradigm {
  if (host.paradigm) return host.paradigm;
  if (host.dialect.value === 'none') return 'mcp-only';
  if (host.dialect.value === 'opencode-plugin') return 'ts-plugin';
  return 'json-stdio';
}

/**
 * Whether `host` can do `capability`, honouring version gates: with a gate and a known `version` below it the
 * answer is false; with a gate and an unknown version it is false too (fail closed, as context-mode 1.0.169 does).
 */
export function hostSupports(host: HostRecord, capability: GatedCapability, version?: string): boolean {
  const base: keyof Capabilities = capability === 'preToolContext' ? 'injectContext' : capability;
  if (!host.capabilities.value[base]) return false;
  const gate = host.versionGates?.value[capability];
  if (!gate) return true;
  if (!version) return false;
  return compareVersions(version, gate) >= 0;
}

/** Compares dotted numeric versions (`0.141.0`, `v1.2`, `0.141.0-alpha.1` → its numeric head); NaN parts count as 0. */
export function compareVersions(a: string, b: string): number {
  const pa = numericParts(a);
  const pb = numericParts(b);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  return 0;
}

function numericParts(version: string): number[] {
  const match = /(\d+(?:\.\d+)*)/.exec(version);
  if (!match) return [];
  return match[1]!.split('.').map((p) => Number.parseInt(p, 10) || 0);
}

/** The role of a host's built-in tool (`Bash` → shell, `webfetch` → web-fetch); undefined for other tools. */
export function toolRoleFor(host: HostRecord, toolName: string): ToolRole | undefined {
  const names = host.tools?.value.names;
  if (!names) return undefined;
  for (const [role, list] of Object.entries(names) as Array<[ToolRole, string[] | undefined]>) {
    if (list?.includes(toolName)) return role;
  }
  return undefined;
}

/** The first non-empty string among the host's argument fields for `arg` (e.g. `filePath` → `file_path`). */
export function toolArg(
  host: HostRecord,
  input: Record<string, unknown> | undefined,
  arg: keyof HostTools['args'],
): string | undefined {
  if (!input) return undefined;
  for (const field of host.tools?.value.args[arg] ?? []) {
    const value = input[field];
    if (typeof value === 'string' && value !== '') return value;
    if (Array.isArray(value) && typeof value[0] === 'string' && value[0] !== '') return value[0];
  }
  return undefined;
}
