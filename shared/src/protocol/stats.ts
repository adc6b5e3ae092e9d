/**
 * The JSON printed by `context-mode stats --json` and returned in ctx_stats' structured content; the IDE
 * dashboards consume exactly this. Every byte figure comes from the one ledger formula (docs/architecture.md#ledger):
 * saved = raw − returned, for bytes produced in the sandbox or replaced by a hook; own cost = what the product
 * itself injected (tools/list, routing blocks, snapshots); net = saved − own cost.
 */
export interface StatsTotals {
  /** Ledger rows counted (tool calls and injections). */
  entries: number;
  rawBytes: number;
  returnedBytes: number;
  /** Gross bytes kept out of the context window. */
  savedBytes: number;
  /** Bytes the product itself put into the context window. */
  ownCostBytes: number;
  /** savedBytes − ownCostBytes (may be negative early in a session). */
  netBytes: number;
  /** Pre-tool redirects: an estimate of what the redirected call would have returned, reported apart, never in savedBytes. */
  redirectEstimateBytes: number;
  /** Token figures are estimates: bytes ÷ StatsReport.bytesPerToken, rounded down. */
  estimatedTokens: { saved: number; ownCost: number; net: number };
}

export interface ToolStats {
  tool: string;
  calls: number;
  rawBytes: number;
  returnedBytes: number;
  savedBytes: number;
  ownCostBytes: number;
}

export interface StatsReport {
  schema: 'context-mode.stats/1';
  generatedAt: string;
  /** The ratio used for every estimatedTokens figure. */
  bytesPerToken: number;
  tokensAreEstimates: true;
  formula: string;
  project: { id: string; root: string; name: string };
  /** The session reported on: the one asked for, else the project's most recent one; null when none. */
  session: (StatsTotals & { id: string; host: string; firstTime: string; lastTime: string }) | null;
  projectTotals: StatsTotals;
  allTime: StatsTotals & { projects: number };
  /** Per tool for the project, most saved first. */
  tools: ToolStats[];
}
