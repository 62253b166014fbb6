import { sql } from 'drizzle-orm';
import type { Db } from './open-database';

/** How often the embedded database's tables are looked at; one table is vacuumed or analysed a run at most. */
export const UPKEEP_INTERVAL_MS = 60_000;
/** A table of fewer pages than this that was never analysed is left to the planner's guess from its size. */
const SMALL_TABLE_BYTES = 10 * 8192;

type TableCounts = {
  table: string;
  live: number;
  dead: number;
  changed: number;
  inserted: number;
  neverAnalysed: boolean;
  bytes: number;
};

export type Upkeep = { table: string; action: 'vacuum' | 'analyze' };

/**
 * What PostgreSQL's autovacuum would do next here, by its default thresholds: a table with more than 50 + 20 % dead
 * rows (or as many rows inserted since its last vacuum, which keeps its visibility map and index-only scans current) is
 * vacuumed and analysed; one with more than 50 + 10 % rows changed since its last analysis, or never analysed, is
 * analysed. The most overdue first.
 */
function nextUpkeep(tables: TableCounts[]): Upkeep | null {
  const due = tables.flatMap((t): Array<Upkeep & { over: number }> => {
    const vacuumAt = 50 + 0.2 * t.live;
    const analyseAt = 50 + 0.1 * t.live;
    if (t.dead > vacuumAt || t.inserted > 1000 + vacuumAt)
      return [{ table: t.table, action: 'vacuum', over: Math.max(t.dead / vacuumAt, t.inserted / (1000 + vacuumAt)) }];
    if (t.changed > analyseAt) return [{ table: t.table, action: 'analyze', over: t.changed / analyseAt }];
    if (t.neverAnalysed && t.bytes > SMALL_TABLE_BYTES) return [{ table: t.table, action: 'analyze', over: 1 }];
    return [];
  });
  due.sort((a, b) => (a.action === b.action ? b.over - a.over : a.action === 'vacuum' ? -1 : 1));
  return due[0] ? { table: due[0].table, action: due[0].action } : null;
}

/**
 * The embedded database's stand-in for autovacuum (decision 058): PGlite runs PostgreSQL as a single process, which
 * starts no autovacuum, so without this its tables would never lose their dead rows nor have their statistics
 * refreshed, and plans made for the first week would serve the third year. Does the most overdue table, if any.
 */
export async function upkeepOneTable(db: Db): Promise<Upkeep | null> {
  // The counters of the transactions just ended, which PostgreSQL otherwise reports a second or so later.
  await db.execute(sql`select pg_stat_force_next_flush()`);
  const { rows } = (await db.execute(sql`
    select s.relname as "table", s.n_live_tup::float8 as live, s.n_dead_tup::float8 as dead,
      s.n_mod_since_analyze::float8 as changed, s.n_ins_since_vacuum::float8 as inserted,
      c.reltuples < 0 as "neverAnalysed", pg_relation_size(s.relid)::float8 as bytes
    from pg_stat_user_tables s join pg_class c on c.oid = s.relid
    where s.schemaname = 'public'`)) as unknown as { rows: TableCounts[] };
  const next = nextUpkeep(rows);
  if (!next) return null;
  const table = sql.identifier(next.table);
  await db.execute(next.action === 'vacuum' ? sql`vacuum (analyze) ${table}` : sql`analyze ${table}`);
  return next;
}
