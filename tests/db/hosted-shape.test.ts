// The migrations applied as hosted Supabase applies them (and accepted by the Supabase CLI's
// `db push --dry-run`), on PostgreSQL 15 (Debian) and PostgreSQL 17 (hosted's current major;
// binaries from the npm registry): what passes on the local stack must deploy as it is.
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../supabase/local/config.ts';
import { isPgError, openDatabase, type Database } from '../../supabase/local/db/index.ts';
import { listMigrations } from '../../supabase/local/db/migrate.ts';
import { migrationsDir, repoRoot, seedFile } from './harness.ts';
import { applyAsHostedPostgres, asPostgresUrl, HOSTED_STATEMENT_TIMEOUTS, preparePg17, prepareHostedShape } from './hosted-shape.ts';
import { PG15_BIN, pg15Unavailable, startPg15, type Pg15Cluster } from './pg15-cluster.ts';
import { runRlsMatrix } from './rls-matrix.ts';
import { runRpcIsolation } from './rpc-isolation.ts';
import { checkCatalogue } from './catalogue.ts';

const SUPABASE_CLI = path.join(repoRoot, 'node_modules', '.bin', 'supabase');

/** `supabase db push --dry-run` against a database URL: parses supabase/config.toml, needs no Docker. */
function cliDryRun(dbUrl: string): { status: number | null; out: string } {
  const r = spawnSync(SUPABASE_CLI, ['db', 'push', '--dry-run', '--include-seed', `--remote=${dbUrl}`, '--workdir', repoRoot, '--yes'], {
    encoding: 'utf8',
    timeout: 120_000,
    env: { ...process.env, DO_NOT_TRACK: '1', SUPABASE_TELEMETRY_DISABLED: '1', CI: 'true' },
  });
  return { status: r.status, out: `${r.stdout}\n${r.stderr}` };
}

async function one<T>(url: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(sql, params)).rows as T[];
  } finally {
    await c.end();
  }
}

const pg17 = preparePg17();
const servers = [
  { major: 15, bin: PG15_BIN, unavailable: pg15Unavailable() },
  { major: 17, bin: pg17.bin ?? '', unavailable: pg17.unavailable },
];

for (const server of servers) {
  if (server.unavailable) console.log(`SKIPPED hosted-shape test on PostgreSQL ${server.major}: ${server.unavailable}`);

  describe.skipIf(server.unavailable !== undefined)(
    `hosted shape on PostgreSQL ${server.major}: migrations as a non-superuser postgres`,
    () => {
      let cluster: Pg15Cluster;
      let adminUrl: string;
      let postgresUrl: string;
      let db: Database | undefined;
      beforeAll(async () => {
        cluster = await startPg15({ superuser: 'supabase_admin', bin: server.bin });
        adminUrl = cluster.databaseUrl;
        postgresUrl = asPostgresUrl(adminUrl);
        await prepareHostedShape(adminUrl);
      }, 120_000);
      afterAll(async () => {
        await db?.close().catch(() => undefined);
        cluster?.stop();
      });

      it('postgres is NOSUPERUSER CREATEROLE BYPASSRLS and a member of anon, authenticated and service_role', async () => {
        const [role] = await one<{
          rolsuper: boolean;
          rolcreaterole: boolean;
          rolbypassrls: boolean;
          member_of: string[];
          version: string;
        }>(
          postgresUrl,
          `select rolsuper, rolcreaterole, rolbypassrls, current_setting('server_version') as version,
                array(select b.rolname::text from pg_auth_members m join pg_roles b on b.oid = m.roleid where m.member = r.oid order by 1) as member_of
           from pg_roles r where rolname = current_user`,
        );
        expect(role).toMatchObject({ rolsuper: false, rolcreaterole: true, rolbypassrls: true });
        expect(role.member_of).toEqual(expect.arrayContaining(['anon', 'authenticated', 'service_role']));
        expect(role.version).toMatch(new RegExp(`^${server.major}\\.`));
      });

      it('without the policy grant, postgres may not create a policy on storage.objects (what the storage migration relies on)', async () => {
        const c = new pg.Client({ connectionString: postgresUrl });
        await c.connect();
        try {
          await expect(c.query(`create policy "probe" on storage.objects for select using (false)`)).rejects.toMatchObject({
            code: '42501',
          });
          // Nor anything else hosted refuses on a table it does not own.
          await expect(c.query('alter table storage.objects enable row level security')).rejects.toMatchObject({ code: '42501' });
        } finally {
          await c.end();
        }
      });

      if (server.major === 15) {
        it('`npx supabase db push --dry-run --include-seed` parses config.toml and lists every migration and the seed (no Docker)', () => {
          const r = cliDryRun(postgresUrl);
          expect(r.status, r.out).toBe(0);
          expect(r.out).not.toMatch(/no longer supported|is deprecated/i);
          for (const m of listMigrations([migrationsDir])) expect(r.out).toContain(path.basename(m.file));
          expect(r.out).toContain('supabase/seed.sql');
        }, 150_000);
      }

      it('applies every migration and seed.sql as postgres, each recorded where the Supabase CLI looks', async () => {
        const applied = await applyAsHostedPostgres(postgresUrl, { migrationsDirs: [migrationsDir], seedFile });
        expect(applied).toEqual(listMigrations([migrationsDir]).map((m) => m.version));
        const [templates] = await one<{ n: number }>(postgresUrl, 'select count(*)::int as n from public.categories where is_template');
        expect(templates.n).toBeGreaterThanOrEqual(6);
        // Storage tables stay supabase_storage_admin's; the product's policies are on them.
        const owners = await one<{ relname: string; owner: string }>(
          adminUrl,
          `select relname::text, pg_get_userbyid(relowner)::text as owner from pg_class where oid in ('storage.objects'::regclass, 'storage.buckets'::regclass) order by 1`,
        );
        expect(owners).toEqual([
          { relname: 'buckets', owner: 'supabase_storage_admin' },
          { relname: 'objects', owner: 'supabase_storage_admin' },
        ]);
        const policies = await one<{ policyname: string }>(
          adminUrl,
          `select policyname::text from pg_policies where schemaname = 'storage' and tablename = 'objects' order by 1`,
        );
        expect(policies.map((p) => p.policyname)).toEqual(
          expect.arrayContaining(['app buckets: write own folder', 'app buckets: delete own folder', 'app buckets: read own folder']),
        );
        // Public objects belong to postgres, as `db push` leaves them.
        const [cats] = await one<{ owner: string }>(
          adminUrl,
          `select pg_get_userbyid(relowner)::text as owner from pg_class where oid = 'public.categories'::regclass`,
        );
        expect(cats.owner).toBe('postgres');
        expect(await applyAsHostedPostgres(postgresUrl, { migrationsDirs: [migrationsDir], seedFile })).toEqual([]);
      }, 180_000);

      if (server.major === 15) {
        it('after that, `supabase db push --dry-run` finds the remote up to date', () => {
          const r = cliDryRun(postgresUrl);
          expect(r.status, r.out).toBe(0);
          expect(r.out).toMatch(/up to date/i);
          expect(r.out).not.toContain('20251101000000_core_schema.sql');
        }, 150_000);
      }

      it('auth.jwt() is NULL without claims (as hosted), and auth.uid() with it', async () => {
        const [r] = await one<{ jwt: unknown; uid: unknown }>(postgresUrl, 'select auth.jwt() as jwt, auth.uid() as uid');
        expect(r).toEqual({ jwt: null, uid: null });
        const [withClaims] = await one<{ sub: string }>(
          postgresUrl,
          `select set_config('request.jwt.claims', '{"sub":"00000000-0000-0000-0000-000000000001"}', false), auth.uid()::text as sub`,
        );
        expect(withClaims.sub).toBe('00000000-0000-0000-0000-000000000001');
      });

      it("the roles' statement timeouts are hosted's, untouched by the migrations, and the local REST guard uses the same", async () => {
        const rows = await one<{ rolname: string; config: string[] | null }>(
          adminUrl,
          `select rolname::text, rolconfig as config from pg_roles where rolname in ('anon', 'authenticated') order by 1`,
        );
        expect(rows).toEqual([
          { rolname: 'anon', config: [`statement_timeout=${HOSTED_STATEMENT_TIMEOUTS.anon}`] },
          { rolname: 'authenticated', config: [`statement_timeout=${HOSTED_STATEMENT_TIMEOUTS.authenticated}`] },
        ]);
        const local = loadConfig({}).rest.timeoutMs;
        expect({ anon: `${local.anon / 1000}s`, authenticated: `${local.authenticated / 1000}s` }).toEqual(HOSTED_STATEMENT_TIMEOUTS);
      });

      it('protect_delete: a plain SQL DELETE on storage.objects is refused even for postgres, allowed as the Storage API does it', async () => {
        const c = new pg.Client({ connectionString: postgresUrl });
        await c.connect();
        try {
          await c.query(`insert into storage.objects (bucket_id, name) values ('link-icons', 'hosted-shape/probe.png')`);
          const refused = await c
            .query(`delete from storage.objects where bucket_id = 'link-icons' and name = 'hosted-shape/probe.png'`)
            .then(
              () => undefined,
              (e: unknown) => (isPgError(e) ? e : undefined),
            );
          expect(refused?.code).toBe('42501');
          expect(refused?.message).toContain('Direct deletion from storage tables is not allowed');
          await expect(c.query(`delete from storage.buckets where id = 'link-icons'`)).rejects.toMatchObject({ code: '42501' });
          expect((await c.query(`select 1 from storage.objects where name = 'hosted-shape/probe.png'`)).rowCount).toBe(1);
          await c.query('begin');
          await c.query("select set_config('storage.allow_delete_query', 'true', true)");
          const del = await c.query(`delete from storage.objects where bucket_id = 'link-icons' and name = 'hosted-shape/probe.png'`);
          await c.query('commit');
          expect(del.rowCount).toBe(1);
        } finally {
          await c.end();
        }
      });

      it('catalogue, RLS matrix and RPC isolation hold on the hosted shape (run as postgres)', async () => {
        db = await openDatabase({ dataDir: '', databaseUrl: postgresUrl });
        const catalogue = await checkCatalogue(db);
        expect(catalogue.problems).toEqual([]);
        const matrix = await runRlsMatrix(db);
        for (const f of matrix.failures)
          console.log(
            `FAILED [PostgreSQL ${server.major} hosted shape] ${f.area} ${f.op} as ${f.actor} (expected ${f.expected}): ${f.detail}`,
          );
        expect(matrix.leaks).toEqual([]);
        expect(matrix.failures).toEqual([]);
        const rpc = await runRpcIsolation(db);
        for (const f of rpc.failures) console.log(`FAILED [PostgreSQL ${server.major} hosted shape] ${f.name}: ${f.detail}`);
        expect(rpc.failures).toEqual([]);
      }, 180_000);
    },
  );
}
