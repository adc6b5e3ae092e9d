import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { shapeOutput } from '@context-mode/shared/budget/shape-output';
import { openKnowledgeBase } from '@context-mode/shared/knowledge/open-knowledge-base';
import { recordLedger } from '@context-mode/shared/ledger/record';
import { hostToolName } from '@context-mode/shared/platforms/resolve-host';
import type { HostRecord } from '@context-mode/shared/platforms/types';
import { ensureProject, findProjectRoot } from '@context-mode/shared/project/project-identity';
import { bookedRawBytes } from './booked-raw.js';

/** What a denied plain read gets instead of the file: its digest and the source to search for the rest. */
export interface ReadDigest {
  text: string;
  /** Bytes of the files read. */
  rawBytes: number;
  /** The knowledge source holding the whole text. */
  sourceId?: string;
}

/**
 * Books a denial that carried the digest as a confirmed saving: the host shows the reason in place of the
 * output, so what the model was spared is the files' size, capped by the host's own cut of shell output (Codex
 * passes ~10 KB of a long output; host table `outputCut`), less the reason it got.
 */
export function bookDeniedRead(
  digest: ReadDigest,
  reasonBytes: number,
  opts: { projectDir: string; env: NodeJS.ProcessEnv; sessionId: string; host: HostRecord; tool: string },
): void {
  const root = findProjectRoot(opts.projectDir);
  const rawBytes = bookedRawBytes(opts.host, opts.tool, digest.rawBytes);
  recordLedger(
    root,
    {
      sessionId: opts.sessionId,
      host: opts.host.id,
      tool: opts.tool,
      kind: 'hook-replace',
      rawBytes,
      returnedBytes: Math.min(reasonBytes, rawBytes),
      ...(digest.sourceId ? { sourceId: digest.sourceId } : {}),
    },
    opts.env,
  );
}

/**
 * Indexes the files a denied plain read names and returns their digest within `budget` bytes: first and last
 * lines, every error line, and the indexed source to search for the rest (shapeOutput's digest). Loaded only on
 * this path: pre-tool opens no SQLite otherwise.
 */
export function digestFiles(
  files: string[],
  opts: { projectDir: string; env: NodeJS.ProcessEnv; sessionId: string; budget: number; host: HostRecord },
): ReadDigest | undefined {
  if (opts.budget < 512) return undefined;
  const text = files.map((f) => readFileSync(f, 'utf8')).join('\n');
  const root = findProjectRoot(opts.projectDir);
  const kb = openKnowledgeBase({ path: ensureProject(root, opts.env).knowledgeDb });
  try {
    const shaped = shapeOutput({
      text,
      budget: opts.budget,
      sourceLabel: `file:${files.map((f) => basename(f)).join(',')}`,
      kb,
      sessionId: opts.sessionId,
      kind: 'hook',
      searchTool: hostToolName(opts.host, 'ctx_search'),
    });
    return {
      text: shaped.text,
      rawBytes: shaped.rawBytes,
      ...(shaped.indexedSource ? { sourceId: shaped.indexedSource } : {}),
    };
  } finally {
    kb.close();
  }
}
