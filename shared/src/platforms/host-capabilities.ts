import type { Capabilities, GatedCapability, HostRecord, Paradigm } from './types.js';

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
