import { formatBytes } from '../budget/format-bytes.js';
import type { StatsReport, StatsTotals } from '../protocol/stats.js';

// Older import path of the byte formatter (the VS Code status text uses it).
export { formatBytes };

function tokens(n: number): string {
  const a = Math.abs(n);
  const s = a >= 10_000 ? `${(a / 1000).toFixed(0)}k` : a >= 1000 ? `${(a / 1000).toFixed(1)}k` : String(a);
  return `${n < 0 ? '-' : ''}~${s}`;
}

function line(label: string, t: StatsTotals): string {
  return (
    `${label}: saved ${formatBytes(t.savedBytes)} gross, own cost ${formatBytes(t.ownCostBytes)}, ` +
    `net ${formatBytes(t.netBytes)} (${tokens(t.estimatedTokens.net)} tokens, estimated)` +
    (t.redirectEstimateBytes
      ? `; redirects avoided ~${formatBytes(t.redirectEstimateBytes)} (estimate, not counted)`
      : '')
  );
}

/** The plain-text stats shown by ctx_stats and `context-mode stats`: the same numbers as the JSON. */
export function formatStats(r: StatsReport, opts: { maxTools?: number } = {}): string {
  const out = [`context-mode savings — ${r.project.name} (${r.project.root})`];
  out.push(
    r.session ? line(`Session ${r.session.id} (${r.session.host})`, r.session) : 'Session: nothing recorded yet',
  );
  out.push(line('Project', r.projectTotals));
  out.push(line(`All time (${r.allTime.projects} project${r.allTime.projects === 1 ? '' : 's'})`, r.allTime));
  const tools = r.tools.slice(0, opts.maxTools ?? 10);
  if (tools.length) {
    out.push('By tool (project):');
    for (const t of tools) {
      out.push(
        t.ownCostBytes
          ? `- ${t.tool}: ${t.calls}×, own cost ${formatBytes(t.ownCostBytes)}`
          : `- ${t.tool}: ${t.calls}×, ${formatBytes(t.rawBytes)} produced → ${formatBytes(t.returnedBytes)} returned, saved ${formatBytes(t.savedBytes)}`,
      );
    }
  }
  out.push(`How: ${r.formula}.`);
  return out.join('\n');
}
