import { shapeOutput } from '@context-mode/shared/budget/shape-output';
import { resultBudget } from '@context-mode/shared/budget/result-budget';
import { openKnowledgeBase } from '@context-mode/shared/knowledge/open-knowledge-base';
import { recordLedger } from '@context-mode/shared/ledger/record';
import { hostToolName } from '@context-mode/shared/platforms/resolve-host';
import { isMcpToolName, isOwnTool } from '@context-mode/shared/platforms/tool-names';
import { ensureProject, findProjectRoot } from '@context-mode/shared/project/project-identity';
import { bookedRawBytes } from './booked-raw.js';
import { envelopeText } from '../wire/response-envelope.js';
import type { Envelope, HookContext, Outcome } from '../core/types.js';

/**
 * Transparent interception: on hosts whose post-tool hook can replace a tool's output, output above the
 * budget is indexed whole and replaced by the digest, so the model never sees the flood whichever tool it
 * chose. Our own ctx_* tools are already budgeted and pass through.
 */
export function interceptOutput(envelope: Envelope, ctx: HookContext): Outcome {
  const tool = envelope.toolName ?? 'tool';
  if (isOwnTool(tool)) return { kind: 'none' };
  const scope = envelope.host.outputReplacement?.value ?? 'all-tools';
  if (scope === 'mcp-tools' && !isMcpToolName(tool)) return { kind: 'none' };
  const { text, stderr, hostReportedBytes } = envelopeText(envelope.toolResponse, envelope.host.savedOutput?.value);
  const budget = resultBudget(ctx.env);
  if (Buffer.byteLength(text, 'utf8') + Buffer.byteLength(stderr ?? '', 'utf8') <= budget) return { kind: 'none' };
  const root = findProjectRoot(envelope.projectDir);
  const paths = ensureProject(root, ctx.env);
  const kb = openKnowledgeBase({ path: paths.knowledgeDb });
  try {
    const shaped = shapeOutput({
      text,
      ...(stderr ? { stderr } : {}),
      budget,
      sourceLabel: `hook:${tool}`,
      kb,
      sessionId: envelope.sessionId,
      kind: 'hook',
      searchTool: hostToolName(envelope.host, 'ctx_search'),
    });
    // Saved only where the suite saw this host apply the replacement; otherwise the model may still get it all.
    // Raw is capped at what the host itself would have passed on (its own cut of long output).
    const rawBytes = bookedRawBytes(envelope.host, tool, Math.max(shaped.rawBytes, hostReportedBytes ?? 0));
    const replacement = `context-mode kept this ${tool} output out of the context window.\n${shaped.text}`;
    if (envelope.host.outputReplacementObserved)
      recordLedger(
        root,
        {
          sessionId: envelope.sessionId,
          host: envelope.host.id,
          tool,
          kind: 'hook-replace',
          rawBytes,
          // All that reaches the model, our note included (on a host with a tight cut it decides the saving).
          returnedBytes: Buffer.byteLength(replacement, 'utf8'),
          ...(shaped.indexedSource ? { sourceId: shaped.indexedSource } : {}),
        },
        ctx.env,
      );
    return {
      kind: 'replace-output',
      text: replacement,
      original: envelope.toolResponse,
    };
  } finally {
    kb.close();
  }
}
