// PostgREST behaviours the local /rest/v1 must match (the app runs against hosted PostgREST), each checked through supabase-js
// or raw HTTP against what PostgREST's documentation (and source) says it answers.
import { beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { testStack } from '../setup/stack-info.ts';
import { mintUserToken } from '../setup/tokens.ts';
import { createConfirmedUser, untypedClient } from '../setup/clients.ts';
import { configTomlSchemas } from '../../supabase/local/rest/profiles.ts';

function userClient(token: string): SupabaseClient {
  const { url, anonKey } = testStack();
  return untypedClient(url, anonKey, {
    global: { headers: { Authorization: `Bearer ${token}` } },
    auth: { persistSession: false, autoRefreshToken: false },
  });
}

/** The service role on the fixture table t_items, which the schema's types do not have. */
function fixtureService(): SupabaseClient {
  const { url, serviceRoleKey } = testStack();
  return untypedClient(url, serviceRoleKey);
}

async function raw(token: string, path: string, init: RequestInit = {}): Promise<Response> {
  const { url, anonKey } = testStack();
  const headers = {
    apikey: anonKey,
    Authorization: `Bearer ${token}`,
    'Content-Type': 'application/json',
    ...(init.headers as Record<string, string>),
  };
  return fetch(`${url}/rest/v1${path}`, { ...init, headers });
}

interface Me {
  sub: string;
  token: string;
  db: SupabaseClient;
}

async function freshUser(): Promise<Me> {
  const t = mintUserToken();
  const db = userClient(t.token);
  expect((await db.from('t_people').insert({ id: t.sub, handle: `p-${t.sub.slice(0, 8)}` })).error).toBeNull();
  return { sub: t.sub, token: t.token, db };
}

/** A folder with three items (views 1, 5, 9) for a fresh user. */
async function withItems(me: Me, n = 3): Promise<{ folderId: number; ids: number[] }> {
  const f = await me.db.from('t_folders').insert({ name: 'F' }).select('id').single().overrideTypes<{ id: number }, { merge: false }>();
  expect(f.error).toBeNull();
  const rows = Array.from({ length: n }, (_, i) => ({
    title: `Item ${i}`,
    folder_id: f.data!.id,
    views: 1 + 4 * i,
    url: `https://i.test/${i}`,
  }));
  const items = await me.db.from('t_items').insert(rows).select('id').order('id');
  expect(items.error).toBeNull();
  return { folderId: f.data!.id, ids: items.data!.map((r) => r.id as number) };
}

describe('self-referencing embeds (parent -> children)', () => {
  let me: Me;
  let root: number;
  beforeAll(async () => {
    me = await freshUser();
    const r = await me.db.from('t_nodes').insert({ name: 'root' }).select('id').single().overrideTypes<{ id: number }, { merge: false }>();
    root = r.data!.id;
    const kids = await me.db
      .from('t_nodes')
      .insert([
        { name: 'a', parent_id: root },
        { name: 'b', parent_id: root },
      ])
      .select('id,name')
      .order('id');
    expect(kids.error).toBeNull();
    expect((await me.db.from('t_nodes').insert({ name: 'a1', parent_id: kids.data![0].id })).error).toBeNull();
  });

  it('the table name embeds the children as an array (one-to-many), nested', async () => {
    const { data, error, status } = await me.db.from('t_nodes').select('name, t_nodes(name, t_nodes(name))').is('parent_id', null);
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toEqual([
      {
        name: 'root',
        t_nodes: [
          { name: 'a', t_nodes: [{ name: 'a1' }] },
          { name: 'b', t_nodes: [] },
        ],
      },
    ]);
  });

  it('select=*,t_nodes(*) over raw HTTP, and the children by hint on the FK column', async () => {
    const res = await raw(me.token, `/t_nodes?select=*,t_nodes(*)&id=eq.${root}`);
    expect(res.status).toBe(200);
    const [row] = (await res.json()) as { name: string; t_nodes: { name: string; parent_id: number }[] }[];
    expect(row.t_nodes.map((c) => c.name).sort()).toEqual(['a', 'b']);
    expect(row.t_nodes.every((c) => c.parent_id === root)).toBe(true);
    const hinted = await me.db.from('t_nodes').select('name, children:t_nodes!parent_id(name)').eq('id', root).single();
    expect(hinted.error).toBeNull();
    expect(hinted.data!.children.map((c: { name: string }) => c.name).sort()).toEqual(['a', 'b']);
  });

  it('the FK column name embeds the parent (many-to-one)', async () => {
    const { data, error } = await me.db.from('t_nodes').select('name, parent:parent_id(name)').eq('name', 'a1').single();
    expect(error).toBeNull();
    expect(data).toEqual({ name: 'a1', parent: { name: 'a' } });
  });

  it("the product's categories: parent -> subfolders with categories(*)", async () => {
    const u = await createConfirmedUser();
    const parent = await u.client.from('categories').insert({ user_id: u.user.id, name: 'Parent folder' }).select('id').single();
    expect(parent.error).toBeNull();
    const child = await u.client
      .from('categories')
      .insert({ user_id: u.user.id, name: 'Sub folder', parent_category_id: parent.data!.id })
      .select('id')
      .single()
      .overrideTypes<{ id: string }, { merge: false }>();
    expect(child.error).toBeNull();
    const read = await u.client.from('categories').select('*, categories(*)').eq('id', parent.data!.id).single();
    expect(read.error).toBeNull();
    const children = (read.data as { categories: { id: string; name: string }[] }).categories;
    expect(children.map(({ id, name }) => ({ id, name }))).toEqual([{ id: child.data?.id, name: 'Sub folder' }]);
  });
});

describe('embedding by foreign-key name from the referenced side', () => {
  it('t_people?select=sent:t_shares_sender_id_fkey(*) is one-to-many', async () => {
    const me = await freshUser();
    const friend = await freshUser();
    const { ids } = await withItems(me, 2);
    expect(
      (
        await me.db.from('t_shares').insert([
          { item_id: ids[0], sender_id: me.sub, recipient_id: friend.sub, note: 'one' },
          { item_id: ids[1], sender_id: me.sub, recipient_id: friend.sub, note: 'two' },
        ])
      ).error,
    ).toBeNull();
    const { data, error } = await me.db
      .from('t_people')
      .select('handle, sent:t_shares_sender_id_fkey(note), received:t_shares_recipient_id_fkey(note)')
      .eq('id', me.sub)
      .single();
    expect(error).toBeNull();
    expect(data!.handle).toBe(`p-${me.sub.slice(0, 8)}`);
    expect((data!.sent as { note: string }[]).map((s) => s.note).sort()).toEqual(['one', 'two']);
    expect(data!.received).toEqual([]);
    // And from the referencing side, the same name is the to-one parent.
    const back = await me.db.from('t_shares').select('note, from:t_shares_sender_id_fkey(handle)').eq('note', 'one').single();
    expect(back.data).toEqual({ note: 'one', from: { handle: `p-${me.sub.slice(0, 8)}` } });
  });
});

describe('aggregates, spreads, computed fields, views', () => {
  let me: Me;
  let folderId: number;
  beforeAll(async () => {
    me = await freshUser();
    ({ folderId } = await withItems(me));
    expect((await me.db.from('t_folders').insert({ name: 'Empty' })).error).toBeNull();
  });

  it('the legacy aggregate select=name,t_items(count)', async () => {
    const { data, error } = await me.db.from('t_folders').select('name, t_items(count)').order('name');
    expect(error).toBeNull();
    expect(data).toEqual([
      { name: 'Empty', t_items: [{ count: 0 }] },
      { name: 'F', t_items: [{ count: 3 }] },
    ]);
  });

  it('spread on a to-many relationship: each column an array (PostgREST 13)', async () => {
    const res = await raw(me.token, `/t_folders?select=name,...t_items(titles:title,views)&id=eq.${folderId}&t_items.order=views.asc`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([{ name: 'F', titles: ['Item 0', 'Item 1', 'Item 2'], views: [1, 5, 9] }]);
    const empty = await me.db.from('t_folders').select('name, ...t_items(title)').eq('name', 'Empty').single();
    expect(empty.error).toBeNull();
    expect(empty.data).toEqual({ name: 'Empty', title: [] });
  });

  it('a computed field (function of the row type) selects, filters and orders like a column', async () => {
    const { data, error } = await me.db
      .from('t_items')
      .select('title, t_item_label')
      .eq('folder_id', folderId)
      .order('t_item_label', { ascending: false });
    expect(error).toBeNull();
    expect(data).toEqual([
      { title: 'Item 2', t_item_label: 'Item 2 (9)' },
      { title: 'Item 1', t_item_label: 'Item 1 (5)' },
      { title: 'Item 0', t_item_label: 'Item 0 (1)' },
    ]);
    const filtered = await me.db.from('t_items').select('id').eq('t_item_label', 'Item 1 (5)');
    expect(filtered.data).toHaveLength(1);
    // Not part of *: PostgREST only returns computed fields when named.
    const star = await me.db.from('t_items').select('*').eq('folder_id', folderId).limit(1).single();
    expect(star.data).not.toHaveProperty('t_item_label');
  });

  it('relationships through a view, both directions', async () => {
    const toOne = await me.db.from('t_items_view').select('title, t_folders(name)').eq('folder_id', folderId).order('title');
    expect(toOne.error).toBeNull();
    expect(toOne.data).toEqual([0, 1, 2].map((i) => ({ title: `Item ${i}`, t_folders: { name: 'F' } })));
    const toMany = await me.db.from('t_folders').select('name, t_items_view(title)').eq('id', folderId).single();
    expect(toMany.error).toBeNull();
    expect((toMany.data!.t_items_view as { title: string }[]).map((r) => r.title).sort()).toEqual(['Item 0', 'Item 1', 'Item 2']);
  });
});

describe('counting', () => {
  it('Prefer: count=exact on a function returning a scalar or a set sets Content-Range', async () => {
    const me = await freshUser();
    const scalar = await raw(me.token, '/rpc/t_add', { method: 'POST', body: '{"a":1,"b":2}', headers: { Prefer: 'count=exact' } });
    expect(scalar.status).toBe(200);
    expect(scalar.headers.get('content-range')).toBe('0-0/1');
    expect(await scalar.json()).toBe(3);
    const set = await raw(me.token, '/rpc/t_series?limit=2', { method: 'POST', body: '{"n":5}', headers: { Prefer: 'count=exact' } });
    expect(set.status).toBe(206);
    expect(set.headers.get('content-range')).toBe('0-1/5');
    expect(await set.json()).toEqual([1, 2]);
    const viaJs = await me.db.rpc('t_series', { n: 4 }, { count: 'exact' });
    expect(viaJs.count).toBe(4);
  });

  it('count=planned is the planner estimate (never 0 rows), count=estimated is exact below max_rows', async () => {
    const me = await freshUser();
    await withItems(me);
    const exact = await me.db.from('t_items').select('id', { count: 'exact' }).like('title', '*no such title*');
    expect(exact.count).toBe(0);
    // The planner never estimates 0 rows: the figure comes from EXPLAIN, not from counting.
    const planned = await me.db.from('t_items').select('id', { count: 'planned' }).like('title', '*no such title*');
    expect(planned.error).toBeNull();
    expect(planned.count).toBeGreaterThanOrEqual(1);
    const estimated = await me.db.from('t_items').select('id', { count: 'estimated' }).gte('views', 5);
    expect(estimated.count).toBe(2);
  });

  it('count=estimated past max_rows takes the planner estimate', async () => {
    const me = await freshUser();
    // More rows than max_rows (1000 in config.toml), inserted as the service role in one statement.
    const rows = Array.from({ length: 1100 }, (_, i) => ({ user_id: me.sub, title: `Bulk ${i}` }));
    expect((await fixtureService().from('t_items').insert(rows)).error).toBeNull();
    const res = await raw(me.token, '/t_items?select=id&limit=1', { headers: { Prefer: 'count=estimated' } });
    expect(res.status === 200 || res.status === 206).toBe(true);
    // A planner estimate (its exact figure depends on the table's statistics), always a whole number >= 1.
    expect(res.headers.get('content-range')).toMatch(/^0-0\/[1-9]\d*$/);
    const exact = await raw(me.token, '/t_items?select=id&limit=1', { headers: { Prefer: 'count=exact' } });
    expect(exact.headers.get('content-range')).toBe('0-0/1100');
    expect((await fixtureService().from('t_items').delete({ count: 'exact' }).eq('user_id', me.sub)).count).toBe(1100);
  });
});

describe('writes', () => {
  it('an upsert answers 201 when it inserted a row and 200 when it only merged', async () => {
    const me = await freshUser();
    const first = await me.db
      .from('t_items')
      .upsert({ user_id: me.sub, url: 'https://up.test', title: 'Up 1' }, { onConflict: 'user_id,url' })
      .select('id,title')
      .overrideTypes<{ id: number; title: string }[], { merge: false }>();
    expect(first.error).toBeNull();
    expect(first.status).toBe(201);
    const merged = await me.db
      .from('t_items')
      .upsert({ user_id: me.sub, url: 'https://up.test', title: 'Up 2' }, { onConflict: 'user_id,url' })
      .select('id,title');
    expect(merged.status).toBe(200);
    expect(merged.data).toEqual([{ id: first.data![0].id, title: 'Up 2' }]);
    const minimal = await raw(me.token, '/t_items?on_conflict=user_id,url', {
      method: 'POST',
      body: JSON.stringify({ user_id: me.sub, url: 'https://up.test', title: 'Up 3' }),
      headers: { Prefer: 'resolution=merge-duplicates,return=minimal' },
    });
    expect(minimal.status).toBe(200);
    const mixed = await me.db
      .from('t_items')
      .upsert(
        [
          { user_id: me.sub, url: 'https://up.test', title: 'Up 4' },
          { user_id: me.sub, url: 'https://new.test', title: 'New' },
        ],
        { onConflict: 'user_id,url' },
      )
      .select('title');
    expect(mixed.status).toBe(201);
    const all = await me.db.from('t_items').select('title').order('title');
    expect(all.data).toEqual([{ title: 'New' }, { title: 'Up 4' }]);
  });

  it("Accept: application/vnd.pgrst.object+json with no or several rows: PGRST116 with PostgREST's text", async () => {
    const me = await freshUser();
    await withItems(me);
    for (const [filter, n] of [
      ['&title=eq.none', 0],
      ['', 3],
    ] as const) {
      const res = await raw(me.token, `/t_items?select=id${filter}`, { headers: { Accept: 'application/vnd.pgrst.object+json' } });
      expect(res.status).toBe(406);
      expect(await res.json()).toEqual({
        code: 'PGRST116',
        message: 'Cannot coerce the result to a single JSON object',
        details: `The result contains ${n} rows`,
        hint: null,
      });
    }
    const upd = await me.db.from('t_items').update({ title: 'same' }).gte('views', 0).select('id').single();
    expect(upd.error).toMatchObject({
      code: 'PGRST116',
      message: 'Cannot coerce the result to a single JSON object',
      details: 'The result contains 3 rows',
    });
    // ...and the write was rolled back.
    expect((await me.db.from('t_items').select('id').eq('title', 'same')).data).toEqual([]);
  });

  it('Prefer: max-affected=N with handling=strict refuses and rolls back a PATCH, DELETE or RPC touching more rows', async () => {
    const me = await freshUser();
    const { ids } = await withItems(me);
    const patch = await raw(me.token, '/t_items?views=gte.0', {
      method: 'PATCH',
      body: '{"title":"mass"}',
      headers: { Prefer: 'handling=strict,max-affected=2' },
    });
    expect(patch.status).toBe(400);
    expect(await patch.json()).toEqual({
      code: 'PGRST124',
      message: 'Query result exceeds max-affected preference constraint',
      details: 'The query affects 3 rows',
      hint: null,
    });
    expect((await me.db.from('t_items').select('id').eq('title', 'mass')).data).toEqual([]);
    // supabase-js's maxAffected() sends the same preferences.
    // (Typed as PostgREST 13+ only: the untyped client does not know the server's version.)
    const builder = me.db.from('t_items').delete().in('id', ids) as unknown as {
      maxAffected(n: number): PromiseLike<{ error: { code: string } | null }>;
    };
    const del = await builder.maxAffected(1);
    expect(del.error?.code).toBe('PGRST124');
    expect((await me.db.from('t_items').select('id', { count: 'exact', head: true })).count).toBe(3);
    const rpc = await raw(me.token, '/rpc/t_bump_views', {
      method: 'POST',
      body: '{"min_views":0}',
      headers: { Prefer: 'handling=strict, max-affected=1' },
    });
    expect(rpc.status).toBe(400);
    expect((await me.db.from('t_items').select('views').order('views')).data).toEqual([{ views: 1 }, { views: 5 }, { views: 9 }]);
    // Within the limit the write happens; without handling=strict the preference is ignored.
    const ok = await raw(me.token, `/t_items?id=eq.${ids[0]}`, {
      method: 'PATCH',
      body: '{"title":"one"}',
      headers: { Prefer: 'handling=strict,max-affected=1' },
    });
    expect(ok.status).toBe(204);
    const lenient = await raw(me.token, '/t_items?views=gte.0', {
      method: 'PATCH',
      body: '{"title":"all"}',
      headers: { Prefer: 'max-affected=1' },
    });
    expect(lenient.status).toBe(204);
    expect((await me.db.from('t_items').select('id').eq('title', 'all')).data).toHaveLength(3);
  });
});

describe('schemas (Accept-Profile / Content-Profile) and CSV', () => {
  it('switches to a schema listed in config.toml [api] schemas, refuses others with 406 PGRST106', async () => {
    const schemas = configTomlSchemas() ?? ['public'];
    const me = await freshUser();
    const bad = await raw(me.token, '/t_items', { headers: { 'Accept-Profile': 'auth' } });
    expect(bad.status).toBe(406);
    expect(await bad.json()).toEqual({
      code: 'PGRST106',
      message: `The schema must be one of the following: ${schemas.join(', ')}`,
      details: null,
      hint: null,
    });
    const badWrite = await raw(me.token, '/t_items', { method: 'POST', body: '{"title":"x"}', headers: { 'Content-Profile': 'auth' } });
    expect(badWrite.status).toBe(406);
    expect((await me.db.from('t_items').select('id').eq('title', 'x')).data).toEqual([]);
    const pub = await raw(me.token, '/t_people?select=handle&id=eq.' + me.sub, { headers: { 'Accept-Profile': 'public' } });
    expect(pub.status).toBe(200);
    expect(pub.headers.get('content-profile')).toBe('public');
    expect(await pub.json()).toEqual([{ handle: `p-${me.sub.slice(0, 8)}` }]);
    // Every other listed schema is switched to: its own schema cache answers (a public table is not there).
    for (const schema of schemas.filter((name) => name !== 'public')) {
      const res = await raw(me.token, '/t_items', { headers: { 'Accept-Profile': schema } });
      expect(res.status).toBe(404);
      expect(((await res.json()) as { message: string }).message).toBe(`Could not find the table '${schema}.t_items' in the schema cache`);
    }
    // Storage stays behind the Storage API: it is not an exposed schema.
    expect(schemas).not.toContain('storage');
    const storage = await raw(me.token, '/objects', {
      method: 'POST',
      body: '{"bucket_id":"t-open","name":"x"}',
      headers: { 'Content-Profile': 'storage' },
    });
    expect(storage.status).toBe(406);
  });

  it('CSV as PostgREST writes it: record text (spaces, JSON, arrays quoted), empty string vs null', async () => {
    const me = await freshUser();
    const ins = await me.db
      .from('t_items')
      .insert([
        { title: 'two words', url: '', meta: { a: 'b c' }, tags: ['x', 'y z'], score: 1.5, views: 2, done: true },
        { title: 'say "hi"', url: null, meta: {}, tags: [], score: null, views: 0, done: false },
      ])
      .select('id')
      .order('id');
    expect(ins.error).toBeNull();
    const res = await raw(me.token, '/t_items?select=title,url,meta,tags,score,views,done&order=id', { headers: { Accept: 'text/csv' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(await res.text()).toBe(
      ['title,url,meta,tags,score,views,done', '"two words","","{""a"": ""b c""}","{x,""y z""}",1.50,2,t', '"say ""hi""",,{},{},,0,f'].join(
        '\n',
      ),
    );
    const none = await raw(me.token, '/t_items?select=title&title=eq.nothing', { headers: { Accept: 'text/csv' } });
    expect(await none.text()).toBe('\n');
  });
});

describe('errors', () => {
  it('an ambiguous embed names both sides in the embedding direction, as PostgREST does', async () => {
    const me = await freshUser();
    const fwd = await raw(me.token, '/t_shares?select=note,t_people(handle)');
    expect(fwd.status).toBe(300);
    const body = (await fwd.json()) as { code: string; details: { relationship: string }[]; hint: string };
    expect(body.code).toBe('PGRST201');
    const byName = (a: { relationship: string }, b: { relationship: string }) => a.relationship.localeCompare(b.relationship);
    expect([...body.details].sort(byName)).toEqual([
      {
        cardinality: 'many-to-one',
        embedding: 't_shares with t_people',
        relationship: 't_shares_recipient_id_fkey using t_shares(recipient_id) and t_people(id)',
      },
      {
        cardinality: 'many-to-one',
        embedding: 't_shares with t_people',
        relationship: 't_shares_sender_id_fkey using t_shares(sender_id) and t_people(id)',
      },
    ]);
    expect(body.hint).toMatch(
      /^Try changing 't_people' to one of the following: 't_people!t_shares_(sender|recipient)_id_fkey', 't_people!t_shares_(sender|recipient)_id_fkey'\./,
    );
    // The other direction: the referenced table comes first, with its own columns.
    const back = await raw(me.token, '/t_people?select=handle,t_shares(note)');
    expect(back.status).toBe(300);
    const details = ((await back.json()) as { details: { cardinality: string; embedding: string; relationship: string }[] }).details;
    expect(details.map((d) => d.relationship).sort()).toEqual([
      't_shares_recipient_id_fkey using t_people(id) and t_shares(recipient_id)',
      't_shares_sender_id_fkey using t_people(id) and t_shares(sender_id)',
    ]);
    expect(details.every((d) => d.cardinality === 'one-to-many' && d.embedding === 't_people with t_shares')).toBe(true);
  });
});
