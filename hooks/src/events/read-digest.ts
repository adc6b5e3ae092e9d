import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { shapeOutput } from '@context-mode/shared/budget/shape-output';
import { openKnowledgeBase } from '@context-mode/shared/knowledge/open-knowledge-base';
import { ensureProject, findProjectRoot } from '@context-mode/shared/project/index';

/** What a denied plain read gets instead of the file: its digest and the source to search for the rest. */
export interface ReadDigest {
  text: string;
  /** Bytes of the files read. */
  rawBytes: number;
}

/**
 * Indexes the files a denied plain read names and returns their digest within `budget` bytes: first and last
 * lines, every error line, and the indexed source to search for the rest (shapeOutput's digest). Loaded only on
 * this path: pre-tool opens no SQLite otherwise.
 */
export function digestFiles(
  files: string[],
  opts: { projectDir: string; env: NodeJS.ProcessEnv; sessionId: string; budget: number },
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
    });
    return { text: shaped.text, rawBytes: shaped.rawBytes };
  } finally {
    kb.close();
  }
}
