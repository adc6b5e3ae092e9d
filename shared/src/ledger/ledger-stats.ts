import { existsSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Database } from '../db/types.js';
import { dataHome } from '../project/data-home.js';
import { projectPaths, readProjectMeta } from '../project/project-identity.js';
import type { StatsReport, StatsTotals, ToolStats } from '../protocol/stats.js';
import { foldRedirectNotes } from './fold-redirect-notes.js';
import { ledgerPathForDir, openLedgerFile } from './ledger-db.js';
import { BYTES_PER_TOKEN, SAVED_SQL } from './ledger-schema.js';
import { errorMessage } from '../errors/error-message.js';

const TOTALS_SQL = `SELECT count(*) AS entries,
  coalesce(sum(CASE WHEN kind NOT IN ('own-cost', 'hook-redirect') THEN raw_bytes ELSE 0 END), 0) AS raw,
  coalesce(sum(CASE WHEN kind NOT IN ('own-cost', 'hook-redirect') THEN returned_bytes ELSE 0 END), 0) AS returned,
  coalesce(sum(${SAVED_SQL}), 0) AS saved,
  coalesce(sum(CASE WHEN kind = 'own-cost' THEN returned_bytes ELSE 0 END), 0) AS own,
  coalesce(sum(CASE WHEN kind = 'hook-redirect' THEN raw_bytes ELSE 0 END), 0) AS redirect
  FROM ledger`;

interface TotalsRow {
  entries: number;
  raw: number;
  returned: number;
  saved: number;
  own: number;
  redirect: number;
}

const EMPTY: TotalsRow = { entries: 0, raw: 0, returned: 0, saved: 0, own: 0, redirect: 0 };

function add(a: TotalsRow, b: TotalsRow): TotalsRow {
  return {
    entries: a.entries + b.entries,
    raw: a.raw + b.raw,
    returned: a.returned + b.returned,
    saved: a.saved + b.saved,
    own: a.own + b.own,
    redirect: a.redirect + b.redirect,
  };
}

function readTotals(db: Database, where = '', ...params: string[]): TotalsRow {
  const row = db.prepare(`${TOTALS_SQL} ${where}`).get<Record<string, unknown>>(...params) ?? {};
  return {
    entries: Number(row.entries ?? 0),
    raw: Number(row.raw ?? 0),
    returned: Number(row.returned ?? 0),
    saved: Number(row.saved ?? 0),
    own: Number(row.own ?? 0),
    redirect: Number(row.redirect ?? 0),
  };
}

/** Row sums → the shape users see, with token estimates at the stated ratio. */
function toStatsTotals(t: TotalsRow): StatsTotals {
  const net = t.saved - t.own;
  const tokens = (b: number) => Math.trunc(b / BYTES_PER_TOKEN);
  return {
    entries: t.entries,
    rawBytes: t.raw,
    returnedBytes: t.returned,
    savedBytes: t.saved,
    ownCostBytes: t.own,
    netBytes: net,
    redirectEstimateBytes: t.redirect,
    estimatedTokens: { saved: tokens(t.saved), ownCost: tokens(t.own), net: tokens(net) },
  };
}

function withLedger<T>(
  path: string,
  fallback: T,
  fn: (db: Database) => T,
  onUnreadable?: StatsOptions['onUnreadable'],
): T {
  if (!existsSync(path)) return fallback;
  let db: Database | undefined;
  try {
    db = openLedgerFile(path);
    return fn(db);
  } catch (err) {
    // A damaged or foreign file must not break stats for every other project; the caller says so (shared does
    // no process I/O: a hook process inherits it).
    onUnreadable?.(path, errorMessage(err));
    return fallback;
  } finally {
    db?.close();
  }
}

export interface StatsOptions {
  /** Report this session; default: the project's most recent session in the ledger. */
  sessionId?: string;
  /** Report this session if the ledger has rows for it, else the most recent one (the MCP server's own id). */
  preferSessionId?: string;
  /**
   * The most recent session counts only if it has rows at or after this time (ms): a window opened later must not
   * show the previous conversation as its own. No such session: `session` is null.
   */
  sessionSince?: number;
  env?: NodeJS.ProcessEnv;
  now?: number;
  /**
   * Fold pending redirect notes into the ledger first (the default; it renames note files). False reads the ledger
   * as it stands, leaving out redirect estimates not folded yet.
   */
  foldNotes?: boolean;
  /** Told about a ledger file that cannot be read (it counts as empty). */
  onUnreadable?: (path: string, reason: string) => void;
}

const FORMULA =
  'saved = raw bytes produced in the sandbox or replaced by a hook − bytes returned to the model; ' +
  'own cost = bytes the product injected (tools/list, routing block, snapshots); net = saved − own cost; ' +
  `tokens ≈ bytes ÷ ${BYTES_PER_TOKEN} (estimate)`;

/** Gross, own cost and net per session, project and all time (every project under `<dataHome>/projects`). */
export function readStats(projectRoot: string, options: StatsOptions = {}): StatsReport {
  const env = options.env ?? process.env;
  if (options.foldNotes !== false) foldRedirectNotes(env);
  const paths = projectPaths(projectRoot, env);
  const meta = readProjectMeta(paths.dir);
  const ledgerFile = ledgerPathForDir(paths.dir);

  const project = withLedger(
    ledgerFile,
    { totals: EMPTY, tools: [] as ToolStats[], session: null as StatsReport['session'] },
    (db) => {
      const totals = readTotals(db);
      const tools = db
        .prepare(
          `SELECT tool, count(*) AS calls, coalesce(sum(raw_bytes), 0) AS raw, coalesce(sum(returned_bytes), 0) AS returned,
           coalesce(sum(${SAVED_SQL}), 0) AS saved,
           coalesce(sum(CASE WHEN kind = 'own-cost' THEN returned_bytes ELSE 0 END), 0) AS own
         FROM ledger WHERE kind != 'hook-redirect' GROUP BY tool ORDER BY saved DESC, calls DESC, tool`,
        )
        .all<Record<string, unknown>>()
        .map((r) => ({
          tool: String(r.tool),
          calls: Number(r.calls),
          rawBytes: Number(r.raw),
          returnedBytes: Number(r.returned),
          savedBytes: Number(r.saved),
          ownCostBytes: Number(r.own),
        }));
      const preferred =
        options.preferSessionId &&
        db.prepare('SELECT 1 AS hit FROM ledger WHERE session_id = ? LIMIT 1').get(options.preferSessionId)
          ? options.preferSessionId
          : undefined;
      const latest =
        options.sessionSince === undefined
          ? db.prepare('SELECT session_id FROM ledger ORDER BY time DESC, id DESC LIMIT 1')
          : db.prepare('SELECT session_id FROM ledger WHERE time >= ? ORDER BY time DESC, id DESC LIMIT 1');
      const sid =
        options.sessionId ??
        preferred ??
        (options.sessionSince === undefined
          ? latest.get<{ session_id: string }>()
          : latest.get<{ session_id: string }>(options.sessionSince)
        )?.session_id;
      let session: StatsReport['session'] = null;
      if (sid) {
        const s = readTotals(db, 'WHERE session_id = ?', sid);
        const span = db
          .prepare(
            `SELECT min(time) AS first, max(time) AS last,
             (SELECT host FROM ledger WHERE session_id = ? ORDER BY time DESC LIMIT 1) AS host
           FROM ledger WHERE session_id = ?`,
          )
          .get<{ first: number | null; last: number | null; host: string | null }>(sid, sid);
        session = {
          id: sid,
          host: span?.host ?? 'unknown',
          firstTime: new Date(span?.first ?? options.now ?? Date.now()).toISOString(),
          lastTime: new Date(span?.last ?? options.now ?? Date.now()).toISOString(),
          ...toStatsTotals(s),
        };
      }
      return { totals, tools, session };
    },
    options.onUnreadable,
  );

  let all = EMPTY;
  let projects = 0;
  const projectsDir = join(dataHome(env), 'projects');
  let dirs: string[];
  try {
    dirs = readdirSync(projectsDir);
  } catch {
    dirs = [];
  }
  for (const dir of dirs) {
    const file = ledgerPathForDir(join(projectsDir, dir));
    const t = withLedger(file, EMPTY, (db) => readTotals(db), options.onUnreadable);
    if (t.entries > 0) {
      projects++;
      all = add(all, t);
    }
  }

  return {
    schema: 'context-mode.stats/1',
    generatedAt: new Date(options.now ?? Date.now()).toISOString(),
    bytesPerToken: BYTES_PER_TOKEN,
    tokensAreEstimates: true,
    formula: FORMULA,
    project: { id: paths.id, root: meta?.root ?? paths.root, name: meta?.name ?? basename(paths.root) },
    session: project.session,
    projectTotals: toStatsTotals(project.totals),
    allTime: { ...toStatsTotals(all), projects },
    tools: project.tools,
  };
}
