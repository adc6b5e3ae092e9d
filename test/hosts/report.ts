import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LoggedRequest, SeenToolResult } from './fake-model/types.js';
import { REPO_ROOT } from './isolate.js';

/** The tool results in the host's last scripted request: what finally sat in the model's context. */
export function finalToolResults(requests: LoggedRequest[]): SeenToolResult[] {
  let best: SeenToolResult[] = [];
  for (const r of requests) if (r.view && r.view.toolResults.length >= best.length) best = r.view.toolResults;
  return best;
}

export interface HookTiming {
  runs: number;
  medianMs: number;
  maxMs: number;
}

/** Median and maximum per hook event, from the durations a host (or its own timestamps) recorded. */
export function summarizeTimings(by: Record<string, number[]>): Record<string, HookTiming> {
  const out: Record<string, HookTiming> = {};
  for (const [event, list] of Object.entries(by)) {
    if (list.length === 0) continue;
    const s = [...list].sort((a, b) => a - b);
    out[event] = { runs: s.length, medianMs: s[Math.floor(s.length / 2)]!, maxMs: s[s.length - 1]! };
  }
  return out;
}

export function bytes(s: string): number {
  return Buffer.byteLength(s, 'utf8');
}

/** Writes the host's numbers to bench/results/hosts-<host>.json and echoes them to the test output. */
export function writeHostReport(host: string, report: Record<string, unknown>): string {
  const dir = join(REPO_ROOT, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `hosts-${host}.json`);
  writeFileSync(file, JSON.stringify({ host, generatedAt: new Date().toISOString(), ...report }, null, 2) + '\n');
  console.log(`# ${host} report: ${JSON.stringify(report)}`);
  return file;
}
