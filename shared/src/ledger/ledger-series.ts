/**
 * The savings chart's data: the one ledger formula grouped per UTC day and per session. Read-only.
 */
import { existsSync } from 'node:fs';
import type { SavingsPoint } from '../protocol/dashboard.js';
import { ledgerPathForDir, openLedgerFile } from './ledger-db.js';
import { SAVED_SQL } from './ledger-schema.js';

const POINTS = 30;

interface Row {
  key: string;
  saved: number;
  own: number;
  redirect: number;
  first: number;
}

const SUMS = `coalesce(sum(${SAVED_SQL}), 0) AS saved,
  coalesce(sum(CASE WHEN kind = 'own-cost' THEN returned_bytes ELSE 0 END), 0) AS own,
  coalesce(sum(CASE WHEN kind = 'hook-redirect' THEN raw_bytes ELSE 0 END), 0) AS redirect,
  min(time) AS first`;

function point(r: Row, label: string): SavingsPoint {
  const saved = Number(r.saved);
  const own = Number(r.own);
  return {
    key: String(r.key),
    label,
    savedBytes: saved,
    ownCostBytes: own,
    netBytes: saved - own,
    redirectEstimateBytes: Number(r.redirect),
  };
}

export function readSavingsSeries(projectDataDir: string): { days: SavingsPoint[]; sessions: SavingsPoint[] } {
  const file = ledgerPathForDir(projectDataDir);
  if (!existsSync(file)) return { days: [], sessions: [] };
  const db = openLedgerFile(file);
  try {
    const days = db
      .prepare(
        `SELECT strftime('%Y-%m-%d', time / 1000, 'unixepoch') AS key, ${SUMS} FROM ledger GROUP BY key ORDER BY key DESC LIMIT ${POINTS}`,
      )
      .all<Row>()
      .reverse()
      .map((r) => point(r, r.key));
    const sessions = db
      .prepare(`SELECT session_id AS key, ${SUMS} FROM ledger GROUP BY session_id ORDER BY first DESC LIMIT ${POINTS}`)
      .all<Row>()
      .reverse()
      .map((r) =>
        point(
          r,
          `${new Date(Number(r.first)).toISOString().slice(0, 16).replace('T', ' ')} · ${String(r.key).slice(0, 8)}`,
        ),
      );
    return { days, sessions };
  } finally {
    db.close();
  }
}
