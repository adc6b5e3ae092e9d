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
