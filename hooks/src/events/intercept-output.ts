import { shapeOutput } from '@context-mode/shared/budget/shape-output';
import { resultBudget } from '@context-mode/shared/budget/result-budget';
import { openKnowledgeBase } from '@context-mode/shared/knowledge/open-knowledge-base';
import { recordLedger } from '@context-mode/shared/ledger/record';
import { ensureProject, findProjectRoot } from '@context-mode/shared/project/index';
import type { Envelope, HookContext, Outcome } from './types.js';

/** The text a tool produced, from the response shapes hosts send (plain text, MCP content parts, stdout/stderr). */
export function responseText(response: unknown): { text: string; stderr?: string } {
  if (typeof response === 'string') return { text: response };
  if (response && typeof response === 'object') {
    const r = response as Record<string, unknown>;
    if (Array.isArray(r.content)) {
      const parts = r.content
        .map((p) => (p && typeof p === 'object' && typeof (p as { text?: unknown }).text === 'string' ? (p as { text: string }).text : ''))
        .filter(Boolean);
      if (parts.length) return { text: parts.join('\n') };
    }
    if (typeof r.stdout === 'string' || typeof r.stderr === 'string') {
      return { text: typeof r.stdout === 'string' ? r.stdout : '', ...(typeof r.stderr === 'string' && r.stderr ? { stderr: r.stderr } : {}) };
    }
    if (typeof r.output === 'string') return { text: r.output };
  }
  return { text: JSON.stringify(response) ?? '' };
}

/**
 * Transparent interception: on hosts whose post-tool hook can replace a tool's output, output above the
 * budget is indexed whole and replaced by the digest, so the model never sees the flood whichever tool it
 * chose. Our own ctx_* tools are already budgeted and pass through.
 */
export function interceptOutput(envelope: Envelope, ctx: HookContext): Outcome {
  const tool = envelope.toolName ?? 'tool';
  if (/(^|[_:/])ctx_[a-z_]+$/.test(tool)) return { kind: 'none' };
  const scope = envelope.host.outputReplacement?.value ?? 'all-tools';
  if (scope === 'mcp-tools' && !/^mcp(__|:)|^@|_mcp_/i.test(tool)) return { kind: 'none' };
  const { text, stderr } = responseText(envelope.toolResponse);
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
    });
    recordLedger(
      root,
      {
        sessionId: envelope.sessionId,
        host: envelope.host.id,
        tool,
        kind: 'hook-replace',
        rawBytes: shaped.rawBytes,
        returnedBytes: shaped.returnedBytes,
        ...(shaped.indexedSource ? { sourceId: shaped.indexedSource } : {}),
      },
      ctx.env,
    );
    return { kind: 'replace-output', text: `context-mode kept this ${tool} output out of the context window.\n${shaped.text}` };
  } finally {
    kb.close();
  }
}
