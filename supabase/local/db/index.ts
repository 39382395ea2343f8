import { Worker } from 'node:worker_threads';
import { openEngine } from './pglite-engine.mjs';
import { decodeReplies, encodeRoleRequest } from './role-messages.mjs';
import { turnPerAccount } from './turn-per-account.ts';

export type Row = Record<string, unknown>;
export interface QueryResult<T = Row> {
  rows: T[];
  /** Rows affected by INSERT/UPDATE/DELETE, or returned by SELECT. */
  rowCount: number;
  fields: { name: string; dataTypeID: number }[];
}
/** Implementations are closures (no `this`), so their methods may be passed around on their own. */
export interface Queryable {
  query<T = Row>(this: void, sql: string, params?: unknown[]): Promise<QueryResult<T>>;
  /** Runs several statements without parameters (migrations). */
  exec(this: void, sql: string): Promise<void>;
}
export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /**
   * One statement as a request role, in a transaction of its own (PostgREST's request shape; see
   * asRole), in as few round trips as the driver allows. Commits unless the statement fails.
   */
  queryAsRole<T = Row>(
    role: RequestRole,
    claims: Record<string, unknown>,
    sql: string,
    params?: unknown[],
    opts?: QueryAsRoleOptions,
  ): Promise<QueryResult<T>>;
  /** Runs `fn` inside BEGIN/COMMIT on one connection; rolls back when it throws. */
  transaction<T>(this: void, fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(this: void): Promise<void>;
}

export interface QueryAsRoleOptions {
  /**
   * Keep the statement prepared (by its text) for the next call: parsed and planned once, as
   * PostgREST's prepared statements. Only for statements whose result columns never change with
   * the schema (REST's `total, page_count, body`): Postgres refuses a cached plan whose result
   * type changed.
   */
  prepare?: boolean;
  /**
   * A statement run after the role settings and before `sql`, in the same transaction: PostgREST's
   * db-pre-request (`select <function>()`); its error fails the request.
   */
  preRequest?: string;
}

/** A Postgres error as both drivers report it: SQLSTATE in `code`. */
export interface PgError extends Error {
  code?: string;
  detail?: string;
  hint?: string;
}

export function isPgError(e: unknown): e is PgError {
  return e instanceof Error && typeof (e as PgError).code === 'string' && /^[0-9A-Z]{5}$/.test((e as PgError).code as string);
}

/**
 * Where PGlite runs: 'worker' (the default) gives Postgres a thread of its own, so the stack's thread
 * does HTTP while the database works on the other core; 'main' runs it in the calling thread.
 */
export type PgliteThread = 'worker' | 'main';

async function openPglite(dataDir: string, thread: PgliteThread): Promise<Database> {
  if (thread === 'worker') return openPgliteWorker(dataDir);
  const engine = await openEngine(dataDir, ROLE_SETTINGS_SQL);
  return {
    kind: 'pglite',
    query: engine.query,
    exec: engine.exec,
    queryAsRole: (role, claims, sql, params = [], opts = {}) =>
      engine.queryAsRole(roleSettings(role, claims), sql, params, opts.prepare ?? false, opts.preRequest),
    transaction: engine.transaction,
    close: engine.close,
  };
}

interface WorkerReply {
  id: number;
  ok: boolean;
  result?: unknown;
  error?: Record<string, unknown> & { message: string };
}

/** An error from the worker as the caller would have seen it in-thread: an Error with code, detail, hint... */
function workerError(plain: Record<string, unknown> & { message: string }): Error {
  const e = new Error(plain.message);
  Object.assign(e, plain);
  return e;
}

/**
 * PGlite in a worker thread (pglite-worker.mjs), behind the same Database interface: each call is
 * one message there and one back. The worker keeps the process alive only while a call is pending,
 * as an in-thread PGlite would.
 */
async function openPgliteWorker(dataDir: string): Promise<Database> {
  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
    workerData: { dataDir, roleSettingsSql: ROLE_SETTINGS_SQL },
  });
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let nextId = 1;
  let dead: Error | null = null;
  let ready!: { resolve: (v: unknown) => void; reject: (e: Error) => void };
  pending.set(0, { resolve: (v) => ready.resolve(v), reject: (e) => ready.reject(e) });
  const started = new Promise((resolve, reject) => (ready = { resolve, reject }));
  const settle = (m: WorkerReply) => {
    const p = pending.get(m.id);
    if (!p) return;
    pending.delete(m.id);
    if (pending.size === 0) worker.unref();
    if (m.ok) p.resolve(m.result);
    else p.reject(workerError(m.error!));
  };
  const die = (e: Error) => {
    dead ??= e;
    for (const p of pending.values()) p.reject(dead);
    pending.clear();
  };
  const settleFlat = (id: number, ok: boolean, value: unknown) =>
    settle(ok ? { id, ok, result: value } : { id, ok, error: value as WorkerReply['error'] });
  worker.on('message', (m: WorkerReply | unknown[]) => {
    if (Array.isArray(m)) decodeReplies(m, settleFlat);
    else settle(m);
  });
  worker.on('error', die);
  worker.on('exit', (code) => die(new Error(`the database worker exited (code ${code})`)));
  await started;
  worker.unref();

  function call<T>(message: Record<string, unknown> | ((id: number) => unknown[])): Promise<T> {
    if (dead) return Promise.reject(dead);
    const id = nextId++;
    if (pending.size === 0) worker.ref();
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      if (typeof message === 'function') worker.postMessage(message(id));
      else {
        message.id = id;
        worker.postMessage(message);
      }
    });
  }

  const inTurn = turnPerAccount();

  // Statement texts by number: a REST statement (hundreds of characters) crosses to the worker
  // once; later requests of the same shape send its number.
  const statementIds = new Map<string, number>();
  let nextStatementId = 1;
  function roleMessage(
    role: RequestRole,
    claims: Record<string, unknown>,
    sql: string,
    params: unknown[],
    prepare: boolean,
    pre: string | undefined,
  ): (id: number) => unknown[] {
    const settings = roleSettings(role, claims);
    return (id) => {
      let sid = statementIds.get(sql);
      let text: string | null = null;
      let forget = false;
      if (sid === undefined) {
        if (statementIds.size >= 500) {
          statementIds.clear();
          forget = true; // the worker drops its numbers before reading this one
        }
        sid = nextStatementId++;
        statementIds.set(sql, sid);
        text = sql;
      }
      return encodeRoleRequest(id, sid, text, forget, prepare, params, settings, pre ?? null);
    };
  }

  return {
    kind: 'pglite',
    query: <T>(sql: string, params: unknown[] = []) => call<QueryResult<T>>({ op: 'query', sql, params }),
    exec: (sql) => call<void>({ op: 'exec', sql }),
    queryAsRole: <T>(
      role: RequestRole,
      claims: Record<string, unknown>,
      sql: string,
      params: unknown[] = [],
      opts: QueryAsRoleOptions = {},
    ) =>
      inTurn(typeof claims.sub === 'string' ? claims.sub : null, () =>
        call<QueryResult<T>>(roleMessage(role, claims, sql, params, opts.prepare ?? false, opts.preRequest)),
      ),
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      const tx = nextId; // the id of the 'begin' message names the transaction
      await call({ op: 'begin' });
      const queryable: Queryable = {
        query: <R>(sql: string, params: unknown[] = []) => call<QueryResult<R>>({ op: 'txQuery', tx, sql, params }),
        exec: (sql) => call<void>({ op: 'txExec', tx, sql }),
      };
      let out: T;
      try {
        out = await fn(queryable);
      } catch (e) {
        await call({ op: 'end', tx, commit: false }).catch(() => undefined);
        throw e;
      }
      await call({ op: 'end', tx, commit: true });
      return out;
    },
    async close() {
      if (dead) return;
      await call({ op: 'close' });
      dead = new Error('the database is closed');
      await worker.terminate();
    },
  };
}

async function openPostgres(url: string): Promise<Database> {
  const pgMod = await import('pg');
  const pg = pgMod.default;
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  pool.on('error', () => {
    /* an idle client died; the pool replaces it */
  });
  const wrap = (c: {
    query: (
      sql: string,
      params?: unknown[],
    ) => Promise<{ rows: unknown[]; rowCount: number | null; fields: { name: string; dataTypeID: number }[] }>;
  }): Queryable => ({
    async query<T>(sql: string, params: unknown[] = []) {
      const r = await c.query(sql, params);
      return {
        rows: r.rows as T[],
        rowCount: r.rowCount ?? r.rows.length,
        fields: (r.fields ?? []).map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
      };
    },
    async exec(sql: string) {
      await c.query(sql);
    },
  });
  const top = wrap(pool);
  const db: Database = {
    kind: 'postgres',
    query: top.query,
    exec: top.exec,
    queryAsRole: (role, claims, sql, params = [], opts = {}) =>
      asRole(db, role, claims, (tx) => tx.query(sql, params), { preRequest: opts.preRequest }),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const out = await fn(wrap(client));
        await client.query('commit');
        return out;
      } catch (e) {
        await client.query('rollback').catch(() => undefined);
        throw e;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
  return db;
}

export function openDatabase(opts: { dataDir: string; databaseUrl?: string; pgliteThread?: PgliteThread }): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(opts.dataDir, opts.pgliteThread ?? 'worker');
}

export type RequestRole = 'anon' | 'authenticated' | 'service_role';

/**
 * Runs `fn` as PostgREST runs a request: one transaction, the JWT's role set locally,
 * and its claims in `request.jwt.claims` (what auth.uid() / auth.jwt() read).
 * enable_memoize is off so the row guard counts every row a response holds: a Memoize node would
 * build an embed once and hand a copy to every parent row with the same key, uncounted (whether
 * the planner picks one depends on the statistics of the moment; see toOneFence in rest/read.ts).
 */
const ROLE_SETTINGS_SQL =
  "select set_config('role', $1, true), set_config('request.jwt.claims', $2, true), set_config('request.jwt.claim.sub', $3, true), set_config('request.jwt.claim.role', $1, true)" +
  ", set_config('statement_timeout', $4, true), set_config('pgrst_local.time_ms', $4, true), set_config('pgrst_local.row_cap', $5, true), set_config('pgrst_local.rows', '0', true)" +
  ", set_config('enable_memoize', 'off', true)";

/**
 * What one request may cost (so one request cannot hold the database), set with the role: Postgres's
 * statement_timeout per role (hosted Supabase: anon 3 s, authenticated 8 s), which a real PostgreSQL enforces; PGlite cannot
 * cancel a running statement, so the REST layer's row guard (pgrst_local.row_guard, bootstrap.sql)
 * also checks the elapsed time and the rows built, and stops the statement itself.
 */
export interface RequestGuard {
  timeoutMs: Record<RequestRole, number>;
  maxResponseRows: number;
}
let requestGuard: RequestGuard = { timeoutMs: { anon: 3000, authenticated: 8000, service_role: 0 }, maxResponseRows: 20_000 };
export function configureRequestGuard(guard: RequestGuard): void {
  requestGuard = guard;
}

/**
 * `readOnly` makes the whole transaction read-only (PostgREST's GET /rpc); `preRequest` is
 * PostgREST's db-pre-request statement, run after the settings (see QueryAsRoleOptions).
 */
export function asRole<T>(
  db: Database,
  role: RequestRole,
  claims: Record<string, unknown>,
  fn: (tx: Queryable) => Promise<T>,
  opts: { preRequest?: string; readOnly?: boolean } = {},
): Promise<T> {
  return db.transaction(async (tx) => {
    if (opts.readOnly) await tx.query('SET TRANSACTION READ ONLY');
    await tx.query(ROLE_SETTINGS_SQL, roleSettings(role, claims));
    if (opts.preRequest) await tx.query(opts.preRequest);
    return fn(tx);
  });
}

// The settings of a claims object seen before (REST keeps verified tokens' claims): no JSON.stringify
// per request. Claims objects are never changed after verification.
const settingsByClaims = new WeakMap<Record<string, unknown>, { role: RequestRole; guard: RequestGuard; settings: string[] }>();

function roleSettings(role: RequestRole, claims: Record<string, unknown>): string[] {
  const hit = settingsByClaims.get(claims);
  if (hit && hit.role === role && hit.guard === requestGuard) return hit.settings;
  const timeout = requestGuard.timeoutMs[role] ?? 0;
  const settings = [
    role,
    JSON.stringify(claims),
    typeof claims.sub === 'string' ? claims.sub : '',
    String(timeout),
    String(requestGuard.maxResponseRows),
  ];
  settingsByClaims.set(claims, { role, guard: requestGuard, settings });
  return settings;
}
