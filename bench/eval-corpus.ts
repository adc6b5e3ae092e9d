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
/** A source of the package `pkg`: its whole doc, or (EVAL_LAYOUT=files) one of the files it was split into. */
export const isPackageSource = (source: string, pkg: string): boolean =>
  source === evalLabel(pkg) || source.startsWith(`${evalLabel(pkg)}/`);

/**
 * How each package's doc is indexed. `readme` (the default, what every number in docs/search.md is measured on):
 * one source per package. `files` (EVAL_LAYOUT=files): the doc split at its `##` headings into one file per
 * section, each heading raised a level (`## Options` becomes the file's `# Options`), labelled
 * `npm:<package>/<section>.md` and the opening `npm:<package>/README.md` — the shape of a package whose docs are a
 * folder of files, where only the README names the package and each file is indexed on its own.
 */
export type EvalLayout = 'readme' | 'files';
export const evalLayoutFromEnv = (): EvalLayout => (process.env.EVAL_LAYOUT === 'files' ? 'files' : 'readme');

/** The sources one package's doc is indexed as, in the given layout. */
export function evalSources(
  pkg: string,
  file: string,
  text: string,
  layout: EvalLayout = evalLayoutFromEnv(),
): { label: string; content: string; file: string }[] {
  if (layout === 'readme' || !/\.(md|markdown)$/i.test(file)) return [{ label: evalLabel(pkg), content: text, file }];
  const parts: { title: string; lines: string[] }[] = [{ title: 'README', lines: [] }];
  let fence: string | undefined;
  for (const line of text.split('\n')) {
    const f = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (f && (!fence || (f[0] === fence[0] && f.length >= fence.length))) fence = fence ? undefined : f;
    const heading = !fence && !f ? /^(#{2,6})\s+(.*)$/.exec(line) : null;
    if (heading && heading[1] === '##') parts.push({ title: heading[2]!, lines: [] });
    parts.at(-1)!.lines.push(heading ? `${heading[1]!.slice(1)} ${heading[2]}` : line);
  }
  const used = new Set<string>();
  return parts
    .filter((p) => p.lines.join('').trim())
    .map((p) => {
      const base =
        p.title === 'README'
          ? 'README'
          : p.title
              .toLowerCase()
              .replace(/[^a-z0-9]+/g, '-')
              .replace(/^-+|-+$/g, '')
              .slice(0, 40) || 'section';
      let name = base;
      for (let i = 2; used.has(name); i++) name = `${base}-${i}`;
      used.add(name);
      return { label: `${evalLabel(pkg)}/${name}.md`, content: p.lines.join('\n'), file: `${name}.md` };
    });
}
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
    for (const src of evalSources(doc.package, doc.file, readFileSync(path, 'utf8'))) {
      const r = kb.index({ source: src.label, content: src.content, format: formatForPath(src.file), kind: 'file' });
      chunks += r.chunks;
      bytes += r.bytes;
    }
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
