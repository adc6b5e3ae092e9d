// The held-out answer evaluation's corpus (issue 10, item 3), indexed into a temp knowledge base: package docs
// copied under bench/corpus/eval/docs and the questions in bench/corpus/eval/questions.json, split by package
// into a `tune` half (may be tuned on) and a `report` half (never tuned on). A second set over the same docs,
// bench/corpus/eval/user-questions.json (EVAL_SET=users), holds real users' questions from the packages' GitHub
// issues whose answer a maintainer gave by pointing at the doc, each with its issue URL, split the same way.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../shared/src/db/open-database.js';
import { formatForPath } from '../shared/src/knowledge/chunkers/chunk-content.js';
import { openKnowledgeBase } from '../shared/src/knowledge/open-knowledge-base.js';
import type { KnowledgeBase } from '../shared/src/knowledge/types.js';

export interface EvalDoc {
  package: string;
  version: string;
  file: string;
  bytes: number;
  half: 'tune' | 'report';
}
export interface EvalQuestion {
  package: string;
  question: string;
  answer: string;
  kind: string;
  hard?: boolean;
  half: 'tune' | 'report';
  /** Real users' questions only: the issue or discussion the question was asked in. */
  url?: string;
}
/** The question sets over the same docs: `docs` written from the READMEs, `users` asked by real users on GitHub. */
export type EvalSet = 'docs' | 'users';
const SET_FILES: Record<EvalSet, string> = { docs: 'questions.json', users: 'user-questions.json' };
/** The set a bench asks: EVAL_SET=users picks the real users' questions; anything else the README-written ones. */
const evalSetFromEnv = (): EvalSet => (process.env.EVAL_SET === 'users' ? 'users' : 'docs');
export interface EvalCorpus {
  set: EvalSet;
  documents: EvalDoc[];
  questions: EvalQuestion[];
  kb: KnowledgeBase;
  chunks: number;
  bytes: number;
  indexMs: number;
  /** Every chunk as the model could read it (heading path and text, whitespace-folded, lowercased), by id. */
  chunkText: Map<number, { source: string; text: string }>;
  /** Closes the knowledge base and removes its temp directory. */
  close(): void;
}

/** The source label a package's doc is indexed under. */
export const evalLabel = (pkg: string): string => `npm:${pkg}`;
/** Whitespace-folded, lowercased: how answers are compared with returned text. */
export const foldText = (s: string): string => s.replace(/\s+/g, ' ').trim().toLowerCase();

export function openEvalCorpus(set: EvalSet = evalSetFromEnv()): EvalCorpus {
  const evalDir = fileURLToPath(new URL('corpus/eval/', import.meta.url));
  const { documents } = JSON.parse(readFileSync(join(evalDir, 'manifest.json'), 'utf8')) as { documents: EvalDoc[] };
  const { questions } = JSON.parse(readFileSync(join(evalDir, SET_FILES[set]), 'utf8')) as {
    questions: EvalQuestion[];
  };
  const dir = mkdtempSync(join(tmpdir(), 'cm-eval-'));
  const kb = openKnowledgeBase({ path: join(dir, 'knowledge.db') });
  let chunks = 0;
  let bytes = 0;
  const t0 = performance.now();
  for (const doc of documents) {
    const path = join(evalDir, doc.file);
    const r = kb.index({
      source: evalLabel(doc.package),
      content: readFileSync(path, 'utf8'),
      format: formatForPath(path),
      kind: 'file',
    });
    chunks += r.chunks;
    bytes += r.bytes;
  }
  const indexMs = performance.now() - t0;
  const raw = openDatabase(join(dir, 'knowledge.db'));
  const chunkText = new Map<number, { source: string; text: string }>();
  for (const row of raw
    .prepare('SELECT c.id, s.label AS source, c.title, c.content FROM chunks c JOIN sources s ON s.id = c.source_id')
    .all<{ id: number; source: string; title: string; content: string }>()) {
    chunkText.set(Number(row.id), { source: row.source, text: foldText(`${row.title}\n${row.content}`) });
  }
  raw.close();
  return {
    set,
    documents,
    questions,
    kb,
    chunks,
    bytes,
    indexMs,
    chunkText,
    close() {
      kb.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
