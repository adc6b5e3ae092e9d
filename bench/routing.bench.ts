// Shell-command routing on the labelled corpus of bench/corpus/routing, split by source (split.json): for each
// half, the share of flood commands redirected (recall) and of normal commands wrongly blocked. Issue 10's goal
// is recall ≥ 0.95 and normal-blocked ≤ 0.01 on the report half. Prints one JSON object.
import { findShellFlood } from '../hooks/src/routing/shell-floods.js';
import { loadRows, loadSplit, rowsOf, score, type Half } from './routing-corpus.js';

const rows = loadRows();
const split = loadSplit();
const round3 = (x: number): number => Math.round(x * 1000) / 1000;
const halves = Object.fromEntries(
  (['tune', 'report'] as Half[]).map((half) => {
    const s = score(rowsOf(half, rows, split), (cmd) => findShellFlood(cmd) !== undefined);
    process.stderr.write(`routing ${half}: missed ${s.misses.length}, wrongly blocked ${s.wrongBlocks.length}\n`);
    return [
      half,
      {
        sources: split[half].length,
        floods: s.floods,
        normals: s.normals,
        recall: round3(s.recall),
        normal_blocked: round3(s.normalBlocked),
        misses: s.misses,
        wrong_blocks: s.wrongBlocks,
      },
    ];
  }),
);
process.stdout.write(
  `${JSON.stringify({ rows: rows.length, ...halves, goal: { report_recall: 0.95, report_normal_blocked: 0.01 } })}\n`,
);
