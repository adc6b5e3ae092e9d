import { hostSupports } from '@context-mode/shared/platforms/host-capabilities';
import { formatClaude } from './claude-family.js';
import { json, NOTHING, type DialectFormatter } from './types.js';

/**
 * Qwen Code: Claude Code's answer shapes, except for replaced output. Qwen Code 0.24.4 reads neither
 * `updatedToolOutput` nor a PostToolUse `decision: "block"`; only `continue: false` changes the result, which then
 * becomes a tool error whose text is `stopReason` — so the digest goes there (test/hosts/qwen-code.test.ts). The
 * session goes on: in Qwen a PostToolUse stop ends only that tool call. Not version-gated: hooks are never told
 * Qwen's version, and a gate would turn this off for every user; the real-host suite pins the version it holds for.
 */
export const formatQwen: DialectFormatter = (req) => {
  if (req.outcome.kind !== 'replace-output') return formatClaude(req);
  if (req.event !== 'post-tool' || !hostSupports(req.host, 'modifyOutput', req.options.hostVersion)) return NOTHING;
  return json({ continue: false, stopReason: req.outcome.text });
};
