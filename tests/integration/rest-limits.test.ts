// No user can stall the backend through REST (PGlite runs one statement at a time, so one user's
// huge read is everyone's wait). The hostile requests are the reproduction: deep embeds that
// multiply rows, a read past max_rows, and another user's small read beside them.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configTomlMaxRows } from '../../supabase/local/config.ts';
import { configureRequestGuard } from '../../supabase/local/db/index.ts';
import type { RunningStack } from '../../supabase/local/server.ts';
import { startTestStack } from '../setup/stack.global.ts';
import type { TestStack } from '../setup/stack-info.ts';
import { createConfirmedUser, untypedClient, type ConfirmedUser } from '../setup/clients.ts';
import { testStack } from '../setup/stack-info.ts';

const MAX_ROWS = configTomlMaxRows()!;

async function savedFolder(u: ConfirmedUser): Promise<string> {
  const { data } = await u.client.from('categories').select('id').eq('user_id', u.user.id).eq('system_key', 'saved').single();
  return data!.id;
}

async function addLinks(u: ConfirmedUser, n: number): Promise<void> {
  const category = await savedFolder(u);
  for (let done = 0; done < n; done += 500) {
    const rows = Array.from({ length: Math.min(500, n - done) }, (_, i) => ({
      user_id: u.user.id,
      title: `Link ${done + i} ${'t'.repeat(60)}`,
      url: `https://example.com/${randomUUID()}`,
      category_id: category,
    }));
    const { error, count } = await u.client.from('links').insert(rows, { count: 'exact' });
    if (error || count !== rows.length) throw new Error(`add links: ${error?.message ?? count}`);
  }
}

async function rest(base: { url: string; anonKey: string }, token: string, pathAndQuery: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${base.url}/rest/v1/${pathAndQuery}`, {
    headers: { apikey: base.anonKey, Authorization: `Bearer ${token}`, ...headers },
  });
  const text = await res.text();
  return { status: res.status, text, headers: res.headers, json: () => JSON.parse(text) as unknown };
}

/** links -> their folder -> the folder's links -> ...: each level multiplies the rows by the folder's size. */
function deepEmbed(levels: number): string {
  let inner = 'id,title,url';
  for (let i = 0; i < levels; i++)
    inner = i % 2 === 0 ? `id,name,links!category_id(${inner})` : `id,title,url,categories!category_id(${inner})`;
  return levels % 2 === 1 ? `id,title,url,categories!category_id(${inner})` : inner;
}

describe('REST request limits (shared stack)', () => {
  let hostile: ConfirmedUser;
  let bystander: ConfirmedUser;
  beforeAll(async () => {
    [hostile, bystander] = await Promise.all([createConfirmedUser(), createConfirmedUser()]);
    await addLinks(hostile, 200);
    await addLinks(bystander, 5);
  }, 120_000);

  it('max_rows from supabase/config.toml caps a read (PostgREST db-max-rows)', async () => {
    expect(MAX_ROWS).toBe(1000);
    const many = await createConfirmedUser();
    await addLinks(many, MAX_ROWS + 200);
    const all = await rest(testStack(), many.accessToken, `links?select=id&user_id=eq.${many.user.id}`, { Prefer: 'count=exact' });
    expect(all.status).toBe(206);
    expect((all.json() as unknown[]).length).toBe(MAX_ROWS);
    expect(all.headers.get('content-range')).toBe(`0-${MAX_ROWS - 1}/${MAX_ROWS + 200}`);
    // A smaller limit is kept; paging reaches the rest.
    const page = await rest(testStack(), many.accessToken, `links?select=id&user_id=eq.${many.user.id}&limit=10&offset=${MAX_ROWS}`);
    expect((page.json() as unknown[]).length).toBe(10);
  }, 120_000);

  it('embeds nest at most 3 levels: deeper is a 400 PostgREST error', async () => {
    const deep = await rest(testStack(), hostile.accessToken, `links?select=${deepEmbed(4)}&user_id=eq.${hostile.user.id}`);
    expect(deep.status, deep.text.slice(0, 300)).toBe(400);
    expect(deep.json()).toMatchObject({ code: 'PGRST100', message: 'Embedded resources nest at most 3 levels deep' });
    const ok = await rest(
      testStack(),
      hostile.accessToken,
      `links?select=id,categories!category_id(id,name)&user_id=eq.${hostile.user.id}&limit=2`,
    );
    expect(ok.status).toBe(200);
  });

  it('a response that multiplies rows past the cap is a 413 PostgREST error, never a 5xx', async () => {
    // 200 links x their folder's 200 links = 40,000 rows.
    const big = await rest(testStack(), hostile.accessToken, `links?select=${deepEmbed(2)}&user_id=eq.${hostile.user.id}`);
    expect(big.status, big.text.slice(0, 300)).toBe(413);
    const body = big.json() as Record<string, unknown>;
    expect(body).toMatchObject({ code: 'PT413', hint: 'Ask for fewer rows (limit) or fewer embedded resources.' });
    expect(String(body.message)).toMatch(/too large/);
    expect(big.text).not.toMatch(/alloc|memory/i);
  }, 60_000);

  it("hostile requests in parallel do not stall another user's 5-row read", async () => {
    const hostileQueries = [
      ...Array.from({ length: 4 }, () => `links?select=${deepEmbed(4)}&user_id=eq.${hostile.user.id}`),
      ...Array.from({ length: 4 }, () => `links?select=${deepEmbed(2)}&user_id=eq.${hostile.user.id}`),
    ];
    const started = hostileQueries.map((q) => rest(testStack(), hostile.accessToken, q));
    const mine = await rest(testStack(), bystander.accessToken, `links?select=id,title&user_id=eq.${bystander.user.id}`);
    expect(mine.status).toBe(200);
    expect((mine.json() as unknown[]).length).toBe(5);
    // Before the limits, each hostile read built hundreds of thousands of rows (the 4-level one
    // 8 million, minutes of work) and the bystander waited for all of them. Now each one ends at a
    // limit, which bounds the bystander's wait: the 4-level embeds are refused before any statement
    // runs (PGRST100), the 2-level ones are stopped by the row guard at the cap (PT413).
    const answers = await Promise.all(started);
    const ended = answers.map((a) => ({ status: a.status, code: (a.json() as { code?: string }).code }));
    expect(ended).toEqual([
      ...Array.from({ length: 4 }, () => ({ status: 400, code: 'PGRST100' })),
      ...Array.from({ length: 4 }, () => ({ status: 413, code: 'PT413' })),
    ]);
  }, 120_000);
});

describe('REST limits on a stack of its own (ANALYZE; and PGlite cannot cancel a statement, the row guard stops it)', () => {
  let stack: RunningStack;
  let info: TestStack;
  let cleanup: () => void;
  beforeAll(async () => {
    ({ stack, info, cleanup } = await startTestStack());
  }, 120_000);
  afterAll(async () => {
    configureRequestGuard({ timeoutMs: { anon: 3000, authenticated: 8000, service_role: 0 }, maxResponseRows: 20_000 });
    await stack?.stop();
    cleanup?.();
  });

  it('the row cap counts every row of the response whatever plan the statistics lead to (413 after ANALYZE too)', async () => {
    const service = untypedClient(info.url, info.serviceRoleKey, { auth: { persistSession: false, autoRefreshToken: false } });
    async function userWithLinks(n: number): Promise<{ id: string; token: string }> {
      const email = `cap-${randomUUID().slice(0, 8)}@example.test`;
      const created = await service.auth.admin.createUser({ email, password: 'Sturdy-Passw0rd!', email_confirm: true });
      const client = untypedClient(info.url, info.anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
      const { data: session } = await client.auth.signInWithPassword({ email, password: 'Sturdy-Passw0rd!' });
      const id = created.data.user!.id;
      const { data: folder } = await client
        .from('categories')
        .select('id')
        .eq('system_key', 'saved')
        .single()
        .overrideTypes<{ id: string }, { merge: false }>();
      const rows = Array.from({ length: n }, (_, i) => ({
        user_id: id,
        title: `Link ${i} ${'t'.repeat(60)}`,
        url: `https://example.com/${randomUUID()}`,
        category_id: folder!.id,
      }));
      expect((await client.from('links').insert(rows)).error).toBeNull();
      return { id, token: session.session!.access_token };
    }
    const hostileHere = await userWithLinks(200);
    for (let i = 0; i < 4; i++) await Promise.all(Array.from({ length: 5 }, () => userWithLinks(50)));
    await stack.db.exec('analyze');

    // Record the statement the REST layer runs (the stack's own database object, observed, not replaced).
    const seen: { sql: string; params: unknown[] }[] = [];
    const queryAsRole = stack.db.queryAsRole.bind(stack.db);
    stack.db.queryAsRole = (role, claims, sql, params, opts) => {
      seen.push({ sql, params: params ?? [] });
      return queryAsRole(role, claims, sql, params, opts);
    };
    let big: Awaited<ReturnType<typeof rest>>;
    try {
      big = await rest(
        { url: info.url, anonKey: info.anonKey },
        hostileHere.token,
        `links?select=${deepEmbed(2)}&user_id=eq.${hostileHere.id}`,
      );
    } finally {
      stack.db.queryAsRole = queryAsRole;
    }
    expect(big.status, big.text.slice(0, 300)).toBe(413);
    expect(big.json()).toMatchObject({ code: 'PT413' });

    // The case this guards: Postgres may build the folder (and its 200 links) once and attach it to
    // all 200 links (a hash join, or a Memoize node), so a guard counting rows as they are built would
    // see ~400 rows of a 40,000-row response and answer 200. Which plan the statistics lead to depends
    // on the tables' policies, so the statement itself must fence the embed, whatever the plan.
    const statement = seen.find((q) => q.sql.includes('row_guard') && q.sql.includes('OFFSET 0'));
    expect(statement, 'the embed of an embedding to-one resource is fenced').toBeDefined();
  }, 180_000);

  it('a read running past the role timeout answers 504 with the statement-timeout error (57014)', async () => {
    const admin = { url: info.url, anonKey: info.anonKey };
    // A user on this stack with 1000 links, read with their folder embedded: well over 1 ms of work.
    const service = untypedClient(info.url, info.serviceRoleKey, { auth: { persistSession: false, autoRefreshToken: false } });
    const email = `slow-${randomUUID().slice(0, 8)}@example.test`;
    const created = await service.auth.admin.createUser({ email, password: 'Sturdy-Passw0rd!', email_confirm: true });
    expect(created.error).toBeNull();
    const client = untypedClient(info.url, info.anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
    const { data: session } = await client.auth.signInWithPassword({ email, password: 'Sturdy-Passw0rd!' });
    const userId = created.data.user!.id;
    const { data: folder } = await client
      .from('categories')
      .select('id')
      .eq('system_key', 'saved')
      .single()
      .overrideTypes<{ id: string }, { merge: false }>();
    const rows = Array.from({ length: 1000 }, (_, i) => ({
      user_id: userId,
      title: `L${i}`,
      url: `https://example.com/${randomUUID()}`,
      category_id: folder!.id,
    }));
    expect((await client.from('links').insert(rows)).error).toBeNull();
    const token = session.session!.access_token;
    const query = `links?select=id,title,categories!category_id(id,name)&user_id=eq.${userId}`;

    const normal = await rest(admin, token, query);
    expect(normal.status).toBe(200);
    configureRequestGuard({ timeoutMs: { anon: 1, authenticated: 1, service_role: 0 }, maxResponseRows: 20_000 });
    const slow = await rest(admin, token, query);
    expect(slow.status, slow.text.slice(0, 200)).toBe(504);
    expect(slow.json()).toMatchObject({ code: '57014', message: 'canceling statement due to statement timeout' });
  }, 120_000);
});
