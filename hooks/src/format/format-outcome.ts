import type { CanonicalEvent, HostRecord, WireDialect } from '@context-mode/shared/platforms/types';
import type { Outcome } from '../core/types.js';
import { formatClaude, formatCodex, formatKimi } from './claude-family.js';
import { formatCopilotCli } from './copilot-cli.js';
import { formatCopilotIde } from './copilot-ide.js';
import { formatCursor } from './cursor.js';
import { formatGemini } from './gemini.js';
import { formatKiro } from './kiro.js';
import { formatQwen } from './qwen.js';
import { NOTHING, type DialectFormatter, type Formatted, type FormatOptions } from './types.js';

export type { Formatted, FormatOptions } from './types.js';

/** MCP-only hosts have no hooks; the OpenCode plugin answers in-process (hooks/src/opencode/plugin.ts). */
const noAnswer: DialectFormatter = () => NOTHING;

const FORMATTERS: Record<WireDialect, DialectFormatter> = {
  claude: formatClaude,
  qwen: formatQwen,
  gemini: formatGemini,
  'copilot-ide': formatCopilotIde,
  'copilot-cli': formatCopilotCli,
  cursor: formatCursor,
  codex: formatCodex,
  kimi: formatKimi,
  kiro: formatKiro,
  'opencode-plugin': noAnswer,
  none: noAnswer,
};

/**
 * How `host` must be told `outcome` for canonical `event`: stdout, exit code and (for a deliberate block on
 * hosts that use exit 2) stderr. Pure: everything it needs comes in as arguments, including the host version
 * for version-gated capabilities. What a host cannot express is downgraded to its no-op, never escalated.
 */
export function formatOutcome(
  host: HostRecord,
  event: CanonicalEvent,
  outcome: Outcome,
  opts: FormatOptions = {},
): Formatted {
  const formatter = FORMATTERS[host.dialect.value] ?? noAnswer;
  return formatter({ host, event, outcome, options: opts });
}
