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
  /** Runs `fn` inside BEGIN/COMMIT on one connection; rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
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
  const { PGlite } = await import('@electric-sql/pglite');
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
  return {
    kind: 'pglite',
    query: top.query,
    exec: top.exec,
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    close: () => pg.close(),
  };
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
  return {
    kind: 'postgres',
    query: top.query,
    exec: top.exec,
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
}

export function openDatabase(opts: { dataDir: string; databaseUrl?: string }): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(opts.dataDir);
}

export type RequestRole = 'anon' | 'authenticated' | 'service_role';

/**
 * Runs `fn` as PostgREST runs a request: one transaction, the JWT's role set locally,
 * and its claims in `request.jwt.claims` (what auth.uid() / auth.jwt() read).
 */
export function asRole<T>(db: Database, role: RequestRole, claims: Record<string, unknown>, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query(
      `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true), set_config('request.jwt.claim.sub', $3, true), set_config('request.jwt.claim.role', $1, true)`,
      [role, JSON.stringify(claims), typeof claims.sub === 'string' ? claims.sub : ''],
    );
    return fn(tx);
  });
}
