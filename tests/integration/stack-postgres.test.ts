import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../supabase/local/config.ts';
import { startStack, type RunningStack } from '../../supabase/local/server.ts';
import { pg15Unavailable, startPg15, type Pg15Cluster } from '../db/pg15-cluster.ts';
import { clientFor, STRONG_PASSWORD } from '../setup/clients.ts';

// DATABASE_URL switches the whole stack (REST, auth, storage, functions) from PGlite to a real
// PostgreSQL server: the same requests must behave the same on PostgreSQL 15.
const unavailable = pg15Unavailable();
if (unavailable) console.log(`SKIPPED stack on PostgreSQL 15: ${unavailable}`);

describe.skipIf(unavailable !== undefined)('the local stack on a PostgreSQL 15 server (DATABASE_URL)', () => {
  let cluster: Pg15Cluster;
  let stack: RunningStack;
  let dataDir: string;

  beforeAll(async () => {
    cluster = await startPg15();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stack-pg15-'));
    const config = loadConfig(
      { ...process.env, STACK_LOG: 'silent', DATABASE_URL: cluster.databaseUrl, AUTH_AUTOCONFIRM: 'true' },
      { port: 0, dataDir, mailSmtpPort: 0, mailWebPort: 0, logLevel: 'silent' },
    );
    stack = await startStack(config);
  }, 120_000);

  afterAll(async () => {
    await stack?.stop();
    cluster?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs on PostgreSQL, not PGlite', async () => {
    expect(stack.db.kind).toBe('postgres');
    const version = (await stack.db.query<{ v: string }>("select current_setting('server_version') as v")).rows[0].v;
    expect(version).toMatch(/^15\./);
  });

  it('signs up, saves a link through REST under RLS, uploads an icon, and hides it from another user', async () => {
    const { url, anonKey } = { url: stack.url, anonKey: stack.config.anonKey };
    const a = clientFor(url, anonKey);
    const email = `pg15-a-${Date.now()}@example.test`;
    const signUp = await a.auth.signUp({
      email,
      password: STRONG_PASSWORD,
      options: { data: { first_name: 'Ada', last_name: 'Lovelace' } },
    });
    expect(signUp.error).toBeNull();
    expect(signUp.data.session).not.toBeNull();
    const userId = signUp.data.user!.id;

    // The sign-up trigger made the profile and the default folder.
    const profile = await a.from('profiles').select('first_name,last_name,email').eq('user_id', userId).single();
    expect(profile.data).toEqual({ first_name: 'Ada', last_name: 'Lovelace', email });
    const saved = await a.from('categories').select('id,name').eq('user_id', userId).eq('name', 'Recently Saved Links').single();
    expect(saved.error).toBeNull();

    const inserted = await a
      .from('links')
      .insert({ user_id: userId, title: 'Postgres docs', url: 'https://www.postgresql.org/docs/15/', category_id: saved.data!.id })
      .select('id,title,access_count')
      .single();
    expect(inserted.error).toBeNull();
    expect(inserted.data).toMatchObject({ title: 'Postgres docs', access_count: 0 });

    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const upload = await a.storage.from('link-icons').upload(`${userId}/${Date.now()}.png`, png, { contentType: 'image/png' });
    expect(upload.error).toBeNull();

    // Another user sees none of it and changes nothing.
    const b = clientFor(url, anonKey);
    const other = await b.auth.signUp({ email: `pg15-b-${Date.now()}@example.test`, password: STRONG_PASSWORD });
    expect(other.error).toBeNull();
    const peek = await b.from('links').select('id').eq('id', inserted.data!.id);
    expect(peek.data).toEqual([]);
    const change = await b.from('links').update({ title: 'hijacked' }, { count: 'exact' }).eq('id', inserted.data!.id);
    expect(change.count).toBe(0);
    const reread = await stack.db.query<{ title: string }>('select title from public.links where id = $1', [inserted.data!.id]);
    expect(reread.rows[0].title).toBe('Postgres docs');
  });
});
