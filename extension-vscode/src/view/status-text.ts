/**
 * The status-bar item's text from the engine's state: the session's net savings as the engine computed them.
 * No arithmetic here beyond choosing which figure to show and formatting it.
 */
import { formatBytes } from '../../../shared/src/ledger/format-stats.js';

export interface SavingsFigure {
  netBytes?: number;
  grossBytes?: number;
}

export function statusText(
  session: SavingsFigure | undefined,
  problem: string | undefined,
): { text: string; tooltip: string } {
  if (problem) return { text: '$(warning) context-mode', tooltip: problem };
  if (!session || session.netBytes === undefined)
    return {
      text: '$(archive) context-mode',
      tooltip: 'context-mode: nothing kept out of the context yet in this session',
    };
  const gross = session.grossBytes !== undefined ? ` (${formatBytes(session.grossBytes)} gross kept out)` : '';
  // Early in a session our own context (instructions, tool list) can outweigh what was kept out so far: a
  // negative "saved" would read as a contradiction, so it is said as what it is.
  if (session.netBytes < 0)
    return {
      text: `$(archive) ${formatBytes(-session.netBytes)} net cost`,
      tooltip:
        `context-mode: its instructions and tools have so far added ${formatBytes(-session.netBytes)} more to the context window than it kept out this session` +
        gross +
        '. Click to open the dashboard.',
    };
  return {
    text: `$(archive) ${formatBytes(session.netBytes)} saved`,
    tooltip: `context-mode: ${formatBytes(session.netBytes)} net kept out of the context window this session${gross}. Click to open the dashboard.`,
  };
}
