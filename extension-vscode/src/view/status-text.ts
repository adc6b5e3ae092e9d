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
  return {
    text: `$(archive) ${formatBytes(session.netBytes)} saved`,
    tooltip:
      `context-mode: ${formatBytes(session.netBytes)} net kept out of the context window this session` +
      (session.grossBytes !== undefined ? ` (${formatBytes(session.grossBytes)} gross)` : '') +
      '. Click to open the dashboard.',
  };
}
