/**
 * Databases printing their content: whole dumps to stdout (`pg_dump`, `mysqldump`, `sqlite3 .dump`), a
 * `SELECT` without a limit or filter, every key or a live command stream from Redis, every document from Mongo.
 */
import {
  hasLong,
  optValue,
  positionals,
  sandbox,
  type Flood,
  type Rule,
  type RuleContext,
} from '../flood-rule-helpers.js';
import { flagRule } from './flag-rule.js';

const SELECT_FROM = /\bselect\b[\s\S]*\bfrom\b/i;
/** Any of these bounds a query's rows: a limit, a filter, an aggregate. */
const SQL_BOUNDS = /\b(limit|top|where|count|sum|avg|min|max|group\s+by|fetch\s+first|exists)\b/i;
/** SQL clients' options whose value is the query. */
const SQL_QUERY_OPTIONS = ['-c', '-e', '--command', '--execute'];
const REDIS_OPTIONS_WITH_VALUE = ['-h', '-p', '-a', '-n', '-u', '--user', '--pass'];
/** Mongo shell calls that return one document, a count or a bounded cursor. */
const MONGO_BOUNDED_CALL = /\.(limit|count|countDocuments|findOne|next|explain)\s*\(/;

function unboundedSelect(sql: string): boolean {
  return SELECT_FROM.test(sql) && !SQL_BOUNDS.test(sql);
}

function wholeDatabase(ctx: RuleContext): Flood {
  return {
    kind: 'database-dump',
    why: 'prints the whole database as SQL',
    call: sandbox(ctx, `${ctx.text} > dump.sql && wc -c dump.sql`),
    bytes: 1_000_000,
  };
}

/** `pg_dump db`, `mysqldump db` without an output file (`-f` / `-r`, given here as `fileOption`). */
export const dumpToStdout =
  (fileOption: string): Rule =>
  (args, ctx) => {
    const toFile = args.includes(fileOption) || args.some((a) => a.startsWith(fileOption) && a.length > 2);
    if (toFile || hasLong(args, '--file', '--result-file', '--out', '--help', '--version')) return undefined;
    return wholeDatabase(ctx);
  };

/** `psql -c 'select * from t'`, `sqlite3 db .dump`: every row, or the whole database. */
export const sqlEveryRow: Rule = (args, ctx) => {
  const sqls = args.filter((a, i) => SQL_QUERY_OPTIONS.includes(args[i - 1] ?? '') || /\bselect\b/i.test(a));
  if (ctx.text.includes('.dump') && args.some((a) => a === '.dump' || a.startsWith('.dump ')))
    return wholeDatabase(ctx);
  if (sqls.some(unboundedSelect)) {
    return {
      kind: 'unbounded-query',
      why: 'prints every row of the table',
      call: sandbox(ctx, undefined, 'the rows you need'),
      bytes: 200_000,
    };
  }
  return undefined;
};

/** `redis-cli KEYS *` / `--scan` (every key), `MONITOR` / `SUBSCRIBE` (a stream that never ends). */
export const redisEveryKeyOrStream: Rule = (args, ctx) => {
  const cmd = positionals(args, REDIS_OPTIONS_WITH_VALUE).map((a) => a.toUpperCase());
  const stream = cmd[0] === 'MONITOR' || cmd[0] === 'SUBSCRIBE';
  if (stream || (cmd[0] === 'KEYS' && cmd[1] === '*') || args.includes('--scan')) {
    return {
      kind: 'database-dump',
      why: stream ? 'streams every command until stopped' : 'prints every key',
      call: sandbox(ctx, 'redis-cli --scan --count 100 | head -100'),
      bytes: 100_000,
      endless: stream,
    };
  }
  return undefined;
};

/** `mongoexport` without `--out`: every document of the collection. */
export const mongoexportToStdout = flagRule({
  boundedBy: { long: ['--out'], exact: ['-o'] },
  kind: 'database-dump',
  why: 'prints every document of the collection',
  bytes: 1_000_000,
});

/** `mongosh --eval 'db.c.find()'` without a limit: every matching document. */
export const mongoFindEveryDocument: Rule = (args, ctx) => {
  const code = optValue(args, [], ['--eval']) ?? '';
  return /\.find\s*\(/.test(code) && !MONGO_BOUNDED_CALL.test(code)
    ? {
        kind: 'unbounded-query',
        why: 'prints every matching document',
        call: sandbox(ctx, undefined, 'the documents you need'),
        bytes: 200_000,
      }
    : undefined;
};

/** `supabase db dump` without `-f`: the whole database as SQL. */
export const supabaseDumpToStdout = flagRule({
  subcommands: [['db', 'dump']],
  boundedBy: { long: ['--file'], exact: ['-f'] },
  kind: 'database-dump',
  why: 'prints the whole database as SQL',
  instead: (text) => `${text} -f dump.sql && wc -c dump.sql`,
  bytes: 1_000_000,
});
