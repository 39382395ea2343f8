import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadConfig, type StackConfig } from '../supabase/local/config.ts';
import { isPgError, openDatabase, type Database } from '../supabase/local/db/index.ts';

/**
 * `npm run admin -- grant EMAIL | revoke EMAIL | list`: who is an admin (a user_roles row with
 * role 'admin'; there is no hard-coded admin e-mail). All three call the service-role-only SQL
 * functions admin_grant / admin_revoke / admin_list, reached the simplest way that is safe:
 *
 *   1. DATABASE_URL set      -> straight to that PostgreSQL server.
 *   2. the local stack runs  -> its REST API (/rest/v1/rpc/...) with the service role key, because
 *                               PGlite allows one process per data dir and the stack holds it.
 *   3. otherwise             -> opens the stack's PGlite data dir (STACK_DATA_DIR, default
 *                               .supabase/data, database in pgdata/) directly.
 *
 * The stack's address and keys come from the same settings the stack reads (STACK_HOST,
 * STACK_PORT, API_EXTERNAL_URL, JWT_SECRET / SERVICE_ROLE_KEY).
 */

export const USAGE = `Usage: npm run admin -- <command>

  grant EMAIL    make the account with this e-mail an admin
  revoke EMAIL   remove its admin role
  list           list admins

Connects with DATABASE_URL when set; otherwise through the running local stack (npm run stack),
or, when the stack is stopped, by opening its PGlite data dir (STACK_DATA_DIR, default .supabase/data).
The account must exist (sign up first).`;

export type AdminCommand = { action: 'grant' | 'revoke'; email: string } | { action: 'list' };

export function parseAdminArgs(argv: string[]): AdminCommand | { error: string } {
  const [action, email, ...rest] = argv;
  if (action === 'list' && email === undefined) return { action };
  if ((action === 'grant' || action === 'revoke') && email && rest.length === 0) {
    if (!/^[^@\s]+@[^@\s]+$/.test(email)) return { error: `"${email}" is not an e-mail address` };
    return { action, email };
  }
  return { error: action ? `unknown or incomplete command: ${argv.join(' ')}` : 'no command given' };
}

export interface AdminRow {
  user_id: string;
  email: string;
  granted_at: string;
}

interface AdminBackend {
  /** How it connected, for the output. */
  via: string;
  grant(email: string): Promise<string>;
  revoke(email: string): Promise<boolean>;
  list(): Promise<AdminRow[]>;
  close(): Promise<void>;
}

function sqlBackend(db: Database, via: string): AdminBackend {
  const call = async <T>(sql: string, params: unknown[]): Promise<T[]> => {
    try {
      return (await db.query<T>(sql, params)).rows;
    } catch (e) {
      if (isPgError(e) && e.code === '42883')
        throw new Error('the admin functions are missing: this database has not been migrated (start the stack once)');
      throw e;
    }
  };
  return {
    via,
    grant: async (email) => (await call<{ v: string }>('select public.admin_grant($1) as v', [email]))[0].v,
    revoke: async (email) => (await call<{ v: boolean }>('select public.admin_revoke($1) as v', [email]))[0].v,
    list: async () =>
      (await call<AdminRow>('select user_id::text, email, granted_at::text from public.admin_list()', [])).map((r) => ({
        ...r,
        granted_at: String(r.granted_at),
      })),
    close: () => db.close(),
  };
}

function restBackend(baseUrl: string, serviceRoleKey: string): AdminBackend {
  const rpc = async <T>(fn: string, body: Record<string, unknown>): Promise<T> => {
    const res = await fetch(`${baseUrl}/rest/v1/rpc/${fn}`, {
      method: 'POST',
      headers: {
        apikey: serviceRoleKey,
        authorization: `Bearer ${serviceRoleKey}`,
        'content-type': 'application/json',
        accept: 'application/json',
      },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON: reported below */
    }
    if (!res.ok) {
      const message = (json as { message?: string } | null)?.message ?? text.slice(0, 200);
      throw new Error(`${fn} failed (HTTP ${res.status}): ${message}`);
    }
    return json as T;
  };
  return {
    via: `the running local stack at ${baseUrl}`,
    grant: (email) => rpc<string>('admin_grant', { user_email: email }),
    revoke: (email) => rpc<boolean>('admin_revoke', { user_email: email }),
    list: () => rpc<AdminRow[]>('admin_list', {}),
    close: () => Promise.resolve(),
  };
}

async function stackIsRunning(baseUrl: string): Promise<boolean> {
  try {
    const res = await fetch(`${baseUrl}/health`, { signal: AbortSignal.timeout(1500) });
    const body = (await res.json()) as { status?: string };
    return res.ok && body.status === 'ok';
  } catch {
    return false;
  }
}

export async function connectAdminBackend(config: StackConfig): Promise<AdminBackend> {
  if (config.databaseUrl) {
    return sqlBackend(await openDatabase({ dataDir: '', databaseUrl: config.databaseUrl }), 'DATABASE_URL');
  }
  if (await stackIsRunning(config.publicUrl)) return restBackend(config.publicUrl, config.serviceRoleKey);
  const pgdata = path.join(config.dataDir, 'pgdata');
  if (!fs.existsSync(path.join(pgdata, 'PG_VERSION'))) {
    throw new Error(
      `no local database at ${pgdata} and no stack answering at ${config.publicUrl}: start the stack once (npm run stack) and sign up, then run this again`,
    );
  }
  // Safe only because no stack answered: PGlite must not be opened by two processes at once.
  return sqlBackend(await openDatabase({ dataDir: pgdata }), `the PGlite data dir ${pgdata} (stack stopped)`);
}

export async function runAdmin(
  argv: string[],
  config: StackConfig = loadConfig({ ...process.env, STACK_LOG: 'silent' }),
  out: (line: string) => void = console.log,
): Promise<number> {
  const cmd = parseAdminArgs(argv);
  if ('error' in cmd) {
    out(`${cmd.error}\n\n${USAGE}`);
    return 2;
  }
  let backend: AdminBackend | undefined;
  try {
    backend = await connectAdminBackend(config);
    if (cmd.action === 'grant') {
      const id = await backend.grant(cmd.email);
      out(`${cmd.email} is now an admin (user ${id}), via ${backend.via}.`);
    } else if (cmd.action === 'revoke') {
      const removed = await backend.revoke(cmd.email);
      out(removed ? `${cmd.email} is no longer an admin, via ${backend.via}.` : `${cmd.email} was not an admin; nothing changed.`);
    } else {
      const rows = await backend.list();
      out(
        rows.length
          ? rows.map((r) => `${r.email}\t${r.user_id}\tsince ${r.granted_at}`).join('\n')
          : 'No admins yet. Grant one with: npm run admin -- grant EMAIL',
      );
    }
    return 0;
  } catch (e) {
    out(`Error: ${(e as Error).message}`);
    return 1;
  } finally {
    await backend?.close().catch(() => undefined);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  process.exitCode = await runAdmin(process.argv.slice(2));
}
