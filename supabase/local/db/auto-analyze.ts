import type { Database } from './index.ts';

/**
 * The part of autovacuum that plans depend on, for PGlite (which runs no autovacuum): a table is
 * analyzed again once more than 50 rows + 10 % of it changed since its last ANALYZE, Postgres's
 * own defaults (autovacuum_analyze_threshold, autovacuum_analyze_scale_factor), read from the same
 * counters autovacuum reads (pg_stat_user_tables.n_mod_since_analyze; writes reach them within a
 * second or so, as on any Postgres).
 *
 * Without it a table filled after start kept the planner's idea of an empty table: a folder's first
 * screen of a 10,000-link account read every link through two bitmap indexes and sorted them all
 * (9 ms) instead of walking the (user_id, created_at) index for 120 rows (0.8 ms). Hosted Postgres
 * checks every minute (autovacuum_naptime); here every 2 s, so a test or benchmark that loads data
 * and reads it right after sees the plans hosted settles on. A server given by DATABASE_URL has
 * its own autovacuum and is left alone.
 */
const AUTO_ANALYZE_INTERVAL_MS = 2000;

const DUE_TABLES = `
  select format('%I.%I', schemaname, relname) as name
  from pg_stat_user_tables
  where n_mod_since_analyze > 50 + 0.1 * greatest(n_live_tup, 0)`;

export interface AutoAnalyze {
  /** Analyzes every table that is due now (also what the timer runs). */
  runOnce(): Promise<string[]>;
  /** Stops the timer and waits for a run in progress. */
  stop(): Promise<void>;
}

export function startAutoAnalyze(db: Database, intervalMs = AUTO_ANALYZE_INTERVAL_MS): AutoAnalyze {
  let running: Promise<string[]> | null = null;
  let stopped = false;
  const runOnce = (): Promise<string[]> => {
    running ??= (async () => {
      const { rows } = await db.query<{ name: string }>(DUE_TABLES);
      const names = rows.map((r) => r.name);
      if (names.length > 0) await db.exec(`analyze ${names.join(', ')}`);
      return names;
    })().finally(() => (running = null));
    return running;
  };
  const timer = db.kind === 'pglite' ? setInterval(() => void (stopped ? undefined : runOnce().catch(() => undefined)), intervalMs) : null;
  // Never what keeps the process alive: a stack that is otherwise done exits.
  timer?.unref();
  return {
    runOnce,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}
