// The labelled shell-command corpus of bench/corpus/routing, read for the routing test and the routing bench:
// every *.jsonl row is {cmd, label, source}, and split.json puts each source in the tune half or the report
// half (issue 10: the figures that count are those of the report half, which the rules are never tuned on).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface CorpusRow {
  cmd: string;
  label: 'flood' | 'normal';
  source: string;
}
export type Half = 'tune' | 'report';

const corpusDir = fileURLToPath(new URL('./corpus/routing/', import.meta.url));

export function loadRows(): CorpusRow[] {
  return readdirSync(corpusDir)
    .filter((f) => f.endsWith('.jsonl'))
    .sort()
    .flatMap((f) =>
      readFileSync(join(corpusDir, f), 'utf8')
        .split('\n')
        .filter((l) => l.trim())
        .map((l) => JSON.parse(l) as CorpusRow),
    );
}

export function loadSplit(): Record<Half, string[]> {
  const s = JSON.parse(readFileSync(join(corpusDir, 'split.json'), 'utf8')) as Record<Half, string[]>;
  return { tune: s.tune, report: s.report };
}

/** The rows of one half; a row whose source is in neither half belongs to none. */
export function rowsOf(half: Half, rows = loadRows(), split = loadSplit()): CorpusRow[] {
  const sources = new Set(split[half]);
  return rows.filter((r) => sources.has(r.source));
}

export interface Score {
  floods: number;
  normals: number;
  /** Share of flood rows redirected. */
  recall: number;
  /** Share of normal rows wrongly redirected. */
  normalBlocked: number;
  misses: string[];
  wrongBlocks: string[];
}

export function score(rows: readonly CorpusRow[], isFlood: (cmd: string) => boolean): Score {
  const misses: string[] = [];
  const wrongBlocks: string[] = [];
  let floods = 0;
  for (const r of rows) {
    const hit = isFlood(r.cmd);
    if (r.label === 'flood') {
      floods++;
      if (!hit) misses.push(r.cmd);
    } else if (hit) wrongBlocks.push(r.cmd);
  }
  const normals = rows.length - floods;
  return {
    floods,
    normals,
    recall: floods ? 1 - misses.length / floods : 1,
    normalBlocked: normals ? wrongBlocks.length / normals : 0,
    misses,
    wrongBlocks,
  };
}
