import fs from 'node:fs';

export type Row = Record<string, unknown>;
export interface QueryResult<T = Row> {
  rows: T[];
  /** Rows affected by INSERT/UPDATE/DELETE, or returned by SELECT. */
  rowCount: number;
  fields: { name: string; dataTypeID: number }[];
}
export interface Queryable {
  query<T = Row>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
  /** Runs several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}
export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /**
   * One statement as a request role, in a transaction of its own (PostgREST's request shape; see
   * asRole), in as few round trips as the driver allows. Commits unless the statement fails.
   */
  queryAsRole<T = Row>(role: RequestRole, claims: Record<string, unknown>, sql: string, params?: unknown[], opts?: QueryAsRoleOptions): Promise<QueryResult<T>>;
  /** Runs `fn` inside BEGIN/COMMIT on one connection; rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface QueryAsRoleOptions {
  /**
   * Keep the statement prepared (by its text) for the next call: parsed and planned once, as
   * PostgREST's prepared statements. Only for statements whose result columns never change with
   * the schema (REST's `total, page_count, body`): Postgres refuses a cached plan whose result
   * type changed.
   */
  prepare?: boolean;
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

async function openPglite(dataDir: string): Promise<Database> {
  const { PGlite, protocol } = await import('@electric-sql/pglite');
  const { pgcrypto } = await import('@electric-sql/pglite/contrib/pgcrypto');
  fs.mkdirSync(dataDir, { recursive: true });
  const pg = new PGlite(dataDir, { extensions: { pgcrypto } });
  await pg.waitReady;
  const wrap = (q: { query: typeof pg.query; exec: typeof pg.exec }): Queryable => ({
    async query<T>(sql: string, params: unknown[] = []) {
      const r = await q.query<T>(sql, params);
      return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length, fields: r.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })) };
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
  });
  const top = wrap(pg);
  const db: Database = {
    kind: 'pglite',
    query: top.query,
    exec: top.exec,
    // The pipelined path needs PGlite's transaction lock (an internal method); should a PGlite
    // release drop it, fall back to the plain transaction rather than risk interleaving.
    queryAsRole:
      typeof (pg as unknown as { _runExclusiveTransaction?: unknown })._runExclusiveTransaction === 'function'
        ? pipelinedRoleQuery(pg, protocol.serialize)
        : (role, claims, sql, params = []) => asRole(db, role, claims, (tx) => tx.query(sql, params)),
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    close: () => pg.close(),
  };
  return db;
}

async function openPostgres(url: string): Promise<Database> {
  const pgMod = await import('pg');
  const pg = pgMod.default;
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  pool.on('error', () => {
    /* an idle client died; the pool replaces it */
  });
  const wrap = (c: { query: (sql: string, params?: unknown[]) => Promise<{ rows: unknown[]; rowCount: number | null; fields: { name: string; dataTypeID: number }[] }> }): Queryable => ({
    async query<T>(sql: string, params: unknown[] = []) {
      const r = await c.query(sql, params);
      return { rows: r.rows as T[], rowCount: r.rowCount ?? r.rows.length, fields: (r.fields ?? []).map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })) };
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
    queryAsRole: (role, claims, sql, params = []) => asRole(db, role, claims, (tx) => tx.query(sql, params)),
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

export function openDatabase(opts: { dataDir: string; databaseUrl?: string }): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(opts.dataDir);
}

export type RequestRole = 'anon' | 'authenticated' | 'service_role';

/**
 * Runs `fn` as PostgREST runs a request: one transaction, the JWT's role set locally,
 * and its claims in `request.jwt.claims` (what auth.uid() / auth.jwt() read).
 */
const ROLE_SETTINGS_SQL =
  "select set_config('role', $1, true), set_config('request.jwt.claims', $2, true), set_config('request.jwt.claim.sub', $3, true), set_config('request.jwt.claim.role', $1, true)"
  + ", set_config('statement_timeout', $4, true), set_config('pgrst_local.time_ms', $4, true), set_config('pgrst_local.row_cap', $5, true), set_config('pgrst_local.rows', '0', true)";

/**
 * What one request may cost (issue 19), set with the role: Postgres's statement_timeout per role
 * (hosted Supabase: anon 3 s, authenticated 8 s), which a real PostgreSQL enforces; PGlite cannot
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

export function asRole<T>(db: Database, role: RequestRole, claims: Record<string, unknown>, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query(ROLE_SETTINGS_SQL, roleSettings(role, claims));
    return fn(tx);
  });
}

function roleSettings(role: RequestRole, claims: Record<string, unknown>): string[] {
  const timeout = requestGuard.timeoutMs[role] ?? 0;
  return [role, JSON.stringify(claims), typeof claims.sub === 'string' ? claims.sub : '', String(timeout), String(requestGuard.maxResponseRows)];
}

/** Bound parameters go over the wire as text; the server infers their types from the statement. */
function textParam(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

type PGliteInstance = InstanceType<typeof import('@electric-sql/pglite').PGlite>;
type Serialize = typeof import('@electric-sql/pglite').protocol.serialize;
interface WireMessage {
  name: string;
  fields?: unknown[];
  text?: string;
}

/**
 * queryAsRole for PGlite in ONE exchange with the database: the role settings (a named statement,
 * parsed once) and the statement are pipelined in the extended protocol before a single Sync, so
 * they share one implicit transaction that commits at Sync or rolls back on error. A plain
 * `transaction()` costs about 16 exchanges (BEGIN, parse/describe/bind/execute/sync per query,
 * COMMIT), which doubled the cost of a short request. Values stay bound parameters.
 */
function pipelinedRoleQuery(pg: PGliteInstance, serialize: Serialize) {
  const SETTINGS = 'stack_role_settings';
  let prepared = false;
  // Prepared statements by SQL text (opts.prepare): the next request of the same shape skips parse and plan.
  const statements = new Map<string, string>();
  let counter = 0;
  const MAX_STATEMENTS = 200;
  // PGlite's transaction lock keeps other callers' explicit transactions from interleaving with ours.
  const exclusive = pg as unknown as { _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T> };
  const exchange = (parts: Uint8Array[]) => {
    const message = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    let offset = 0;
    for (const p of parts) {
      message.set(p, offset);
      offset += p.length;
    }
    return pg.execProtocolStream(message, { syncToFs: false }) as unknown as Promise<WireMessage[]>;
  };
  return async function queryAsRole<T>(role: RequestRole, claims: Record<string, unknown>, sql: string, params: unknown[] = [], opts: QueryAsRoleOptions = {}): Promise<QueryResult<T>> {
    const messages = await exclusive._runExclusiveTransaction(() =>
      pg.runExclusive(async () => {
        if (!prepared) {
          await exchange([serialize.parse({ name: SETTINGS, text: ROLE_SETTINGS_SQL }), serialize.sync()]);
          prepared = true;
        }
        let name = opts.prepare ? statements.get(sql) : undefined;
        let fresh: string | undefined;
        const parts = [serialize.bind({ statement: SETTINGS, values: roleSettings(role, claims) }), serialize.execute({})];
        if (name === undefined) {
          if (opts.prepare) fresh = name = `stack_q${counter++}`;
          parts.push(serialize.parse({ name, text: sql }));
        }
        parts.push(serialize.bind({ statement: name, values: params.map(textParam) }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync());
        let out: WireMessage[];
        try {
          out = await exchange(parts);
        } catch (e) {
          // The statement may have been parsed before the error: drop it (closing an unknown name is fine).
          if (fresh) await exchange([serialize.close({ type: 'S', name: fresh }), serialize.sync()]).catch(() => undefined);
          throw e;
        }
        if (fresh) {
          if (statements.size >= MAX_STATEMENTS) {
            await exchange([...[...statements.values()].map((n) => serialize.close({ type: 'S', name: n })), serialize.sync()]);
            statements.clear();
          }
          statements.set(sql, fresh);
        }
        await pg.syncToFs();
        return out;
      }),
    );
    // The statement's rows follow its RowDescription (the settings row has none).
    let fields: { name: string; dataTypeID: number }[] = [];
    const rows: T[] = [];
    let rowCount = 0;
    for (const m of messages) {
      if (m.name === 'rowDescription') fields = m.fields as { name: string; dataTypeID: number }[];
      else if (m.name === 'dataRow' && fields.length > 0) {
        const values = m.fields as (string | null)[];
        const row: Record<string, unknown> = {};
        fields.forEach((f, i) => {
          const raw = values[i];
          const parse = pg.parsers[f.dataTypeID];
          row[f.name] = raw === null ? null : parse ? parse(raw, f.dataTypeID) : raw;
        });
        rows.push(row as T);
      } else if (m.name === 'commandComplete') rowCount = Number(/(\d+)$/.exec(m.text ?? '')?.[1] ?? 0);
    }
    return { rows, rowCount: rowCount || rows.length, fields: fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })) };
  };
}
