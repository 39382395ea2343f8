// Where hosted PostgREST is strict or answers differently, /rest/v1 does the same, so what passes
// here works on hosted Supabase. Each test names the PostgREST behaviour it mirrors (PostgREST's
// source: Error.hs for the texts, Plan.hs for findProc, embedding and aggregates).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { testStack } from '../setup/stack-info.ts';
import { mintUserToken } from '../setup/tokens.ts';
import { untypedClient } from '../setup/clients.ts';

interface Me {
  sub: string;
  token: string;
  db: SupabaseClient;
}

function clientWith(token: string): SupabaseClient {
  const { url, anonKey } = testStack();
  return untypedClient(url, anonKey, {
    global: { headers: { Authorization: `Bearer ${token}` } },
    auth: { persistSession: false, autoRefreshToken: false },
  });
}

function service(): SupabaseClient {
  const { url, serviceRoleKey } = testStack();
  return untypedClient(url, serviceRoleKey, { auth: { persistSession: false, autoRefreshToken: false } });
}

async function raw(token: string, path: string, init: RequestInit = {}): Promise<{ status: number; body: unknown }> {
  const { url, anonKey } = testStack();
  const res = await fetch(`${url}/rest/v1${path}`, {
    ...init,
    headers: { apikey: anonKey, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', ...(init.headers as object) },
  });
  const text = await res.text();
  return { status: res.status, body: text === '' ? null : (JSON.parse(text) as unknown) };
}

const post = (token: string, path: string, body: unknown) => raw(token, path, { method: 'POST', body: JSON.stringify(body) });

async function freshUser(): Promise<Me> {
  const t = mintUserToken();
  const db = clientWith(t.token);
  expect((await db.from('t_people').insert({ id: t.sub, handle: `hp-${t.sub.slice(0, 8)}` })).error).toBeNull();
  return { sub: t.sub, token: t.token, db };
}

/** Folder "F" with items of 1, 5 and 9 views, and an empty folder "Empty". */
async function withItems(me: Me): Promise<number> {
  const f = await me.db.from('t_folders').insert({ name: 'F' }).select('id').single();
  expect(f.error).toBeNull();
  const folderId = (f.data as { id: number }).id;
  const rows = [1, 5, 9].map((views, i) => ({ title: `Item ${i}`, folder_id: folderId, views, url: `https://hp.test/${i}` }));
  expect((await me.db.from('t_items').insert(rows)).error).toBeNull();
  expect((await me.db.from('t_folders').insert({ name: 'Empty' })).error).toBeNull();
  return folderId;
}

describe('embedding the same relation twice (Postgres 42712, as PostgREST answers it)', () => {
  it('two embeds under one parent with the same name fail: PostgREST joins both as "<parent>_<alias or name>_<depth>"', async () => {
    const me = await freshUser();
    // Distinct hints do not help: the join alias comes from the name (or alias), not the hint.
    const hinted = await raw(me.token, '/t_shares?select=note,t_people!sender_id(handle),t_people!recipient_id(handle)');
    expect(hinted).toEqual({
      status: 400,
      body: { code: '42712', details: null, hint: null, message: 'table name "t_shares_t_people_1" specified more than once' },
    });
    const plain = await raw(me.token, '/t_items?select=id,t_folders(name),t_folders(id)');
    expect(plain.body).toMatchObject({ code: '42712', message: 'table name "t_items_t_folders_1" specified more than once' });
    // One level down the depth is 2.
    const nested = await raw(me.token, '/t_folders?select=name,t_items(t_folders(name),t_folders(id))');
    expect(nested.body).toMatchObject({ code: '42712', message: 'table name "t_items_t_folders_2" specified more than once' });
    // The same through supabase-js.
    const js = await me.db.from('t_shares').select('t_people!sender_id(handle), t_people!recipient_id(handle)');
    expect(js.error).toMatchObject({ code: '42712' });
  });

  it('distinct aliases are distinct joins (what works on PostgREST)', async () => {
    const me = await freshUser();
    const friend = await freshUser();
    const f = await me.db.from('t_folders').insert({ name: 'S' }).select('id').single();
    const item = await me.db
      .from('t_items')
      .insert({ title: 'Shared', folder_id: (f.data as { id: number }).id })
      .select('id')
      .single();
    expect(
      (
        await me.db
          .from('t_shares')
          .insert({ item_id: (item.data as { id: number }).id, sender_id: me.sub, recipient_id: friend.sub, note: 'hi' })
      ).error,
    ).toBeNull();
    const { data, error } = await me.db
      .from('t_shares')
      .select('note, from:t_people!sender_id(handle), to:t_people!recipient_id(handle)')
      .eq('sender_id', me.sub)
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ note: 'hi', from: { handle: `hp-${me.sub.slice(0, 8)}` }, to: { handle: `hp-${friend.sub.slice(0, 8)}` } });
  });
});

describe('functions (PostgREST findProc)', () => {
  it('overloads the arguments cannot tell apart are 300 PGRST203, never a guess', async () => {
    const { token } = mintUserToken();
    const hint = 'Try renaming the parameters or the function itself in the database so function overloading can be resolved';
    expect(await post(token, '/rpc/t_pick', { v: 1 })).toEqual({
      status: 300,
      body: {
        code: 'PGRST203',
        details: null,
        hint,
        message: 'Could not choose the best candidate function between: public.t_pick(v => integer), public.t_pick(v => text)',
      },
    });
    expect((await raw(token, '/rpc/t_pick?v=1')).status).toBe(300);
    // Two functions of optional arguments both take no arguments.
    expect(await post(token, '/rpc/t_either', {})).toEqual({
      status: 300,
      body: {
        code: 'PGRST203',
        details: null,
        hint,
        message: 'Could not choose the best candidate function between: public.t_either(a => integer), public.t_either(b => text)',
      },
    });
    // A key only one of them has picks it.
    expect(await post(token, '/rpc/t_either', { b: 'seven' })).toEqual({ status: 200, body: 'seven' });
    const js = await clientWith(token).rpc('t_pick', { v: 'x' });
    expect(js.status).toBe(300);
    expect(js.error?.code).toBe('PGRST203');
  });

  it('the empty key names the unnamed parameter: the function gets the whole body (PostgREST OnePosParam)', async () => {
    const { token } = mintUserToken();
    expect(await post(token, '/rpc/t_echo', { '': { x: 1 } })).toEqual({ status: 200, body: { '': { x: 1 } } });
    // A text parameter receives the body's text as sent.
    expect(await post(token, '/rpc/t_raw', { '': 'hi' })).toEqual({ status: 200, body: '{"":"hi"}' });
    const js = await clientWith(token).rpc('t_echo', { '': 5 });
    expect(js.error).toBeNull();
    expect(js.data).toEqual({ '': 5 });
    // Other keys fall back to the single unnamed json/jsonb parameter, as before.
    expect(await post(token, '/rpc/t_echo', { a: 1 })).toEqual({ status: 200, body: { a: 1 } });
  });

  it('a text/plain, text/xml or octet-stream body goes whole to the single unnamed text, xml or bytea parameter (PostgREST raw bodies)', async () => {
    const { token } = mintUserToken();
    const send = (fn: string, type: string, body: BodyInit) =>
      raw(token, `/rpc/${fn}`, { method: 'POST', body, headers: { 'Content-Type': type } });
    expect(await send('t_raw', 'text/plain; charset=utf-8', 'plain {not json} ü')).toEqual({ status: 200, body: 'plain {not json} ü' });
    expect(await send('t_raw_xml', 'text/xml', '<a>hi</a>')).toEqual({ status: 200, body: '<a>hi</a>' });
    expect(await send('t_raw_bytes', 'application/octet-stream', new Uint8Array([0, 1, 255]))).toEqual({
      status: 200,
      body: { length: 3, hex: '0001ff' },
    });
    // Only a single unnamed parameter of that type takes it: PostgREST's NoRpc names what it looked for.
    expect(await send('t_echo', 'text/plain', 'hi')).toEqual({
      status: 404,
      body: {
        code: 'PGRST202',
        details:
          'Searched for the function public.t_echo with a single unnamed text parameter, but no matches were found in the schema cache.',
        hint: null,
        message: 'Could not find the function public.t_echo in the schema cache',
      },
    });
    expect((await send('t_raw', 'application/octet-stream', 'hi')).body).toMatchObject({
      code: 'PGRST202',
      details:
        'Searched for the function public.t_raw with a single unnamed bytea parameter, but no matches were found in the schema cache.',
    });
  });

  it("an unknown argument is 404 PGRST202 with PostgREST's wording ('parameter' for one) and fuzzy hint", async () => {
    const { token } = mintUserToken();
    expect(await post(token, '/rpc/t_add', { z: 1 })).toEqual({
      status: 404,
      body: {
        code: 'PGRST202',
        details:
          'Searched for the function public.t_add with parameter z or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
        hint: null,
        message: 'Could not find the function public.t_add(z) in the schema cache',
      },
    });
    expect(await post(token, '/rpc/t_add', { bb: 2, a: 1 })).toEqual({
      status: 404,
      body: {
        code: 'PGRST202',
        details:
          'Searched for the function public.t_add with parameters a, bb or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
        hint: 'Perhaps you meant to call the function public.t_add(a, b)',
        message: 'Could not find the function public.t_add(a, bb) in the schema cache',
      },
    });
    // GET has no unnamed-parameter fallback, so its details do not offer one.
    expect((await raw(token, '/rpc/t_add?z=1')).body).toMatchObject({
      code: 'PGRST202',
      details: 'Searched for the function public.t_add with parameter z, but no matches were found in the schema cache.',
    });
    expect((await post(token, '/rpc/t_ad', { a: 1 })).body).toMatchObject({
      code: 'PGRST202',
      message: 'Could not find the function public.t_ad(a) in the schema cache',
      hint: 'Perhaps you meant to call the function public.t_add',
    });
  });
});

describe('aggregate functions (db-aggregates-enabled)', () => {
  let me: Me;
  let folderId: number;
  beforeAll(async () => {
    me = await freshUser();
    folderId = await withItems(me);
  });
  afterAll(async () => {
    expect((await service().rpc('t_set_aggregates', { enabled: false })).error).toBeNull();
  });

  it('are off by default, as on hosted Supabase (400 PGRST123), then work once enabled the way hosted enables them', async () => {
    const refused = { code: 'PGRST123', details: null, hint: null, message: 'Use of aggregate functions is not allowed' };
    expect(await raw(me.token, '/t_items?select=views.sum()')).toEqual({ status: 400, body: refused });
    expect(await raw(me.token, '/t_items?select=count()')).toEqual({ status: 400, body: refused });
    expect(await raw(me.token, '/t_folders?select=name,t_items(views.sum())')).toEqual({ status: 400, body: refused });
    // The legacy embedded count is Postgres's count(row), not an aggregate function of PostgREST's.
    expect((await me.db.from('t_folders').select('name, t_items(count)').eq('id', folderId)).data).toEqual([
      { name: 'F', t_items: [{ count: 3 }] },
    ]);

    // Hosted Supabase: alter role authenticator set pgrst.db_aggregates_enabled = 'true'.
    expect((await service().rpc('t_set_aggregates', { enabled: true })).error).toBeNull();
    expect(await raw(me.token, '/t_items?select=views.sum(),views.max(),views.min(),count()')).toEqual({
      status: 200,
      body: [{ sum: 15, max: 9, min: 1, count: 3 }],
    });
    expect((await raw(me.token, '/t_items?select=total:views.sum(),avg:views.avg()::int,n:title.count()::text')).body).toEqual([
      { total: 15, avg: 5, n: '3' },
    ]);
    // Automatic GROUP BY on the other selected columns (and embeds).
    const grouped = await me.db.from('t_items').select('done, views.sum()').order('done');
    expect(grouped.error).toBeNull();
    expect(grouped.data).toEqual([{ done: false, sum: 15 }]);
    const byFolder = await me.db.from('t_items').select('views.sum(), t_folders(name)');
    expect(byFolder.data).toEqual([{ sum: 15, t_folders: { name: 'F' } }]);
    // Inside an embed, per parent row.
    const embedded = await me.db.from('t_folders').select('name, t_items(views.sum(), count())').order('name');
    expect(embedded.data).toEqual([
      { name: 'Empty', t_items: [{ sum: null, count: 0 }] },
      { name: 'F', t_items: [{ sum: 15, count: 3 }] },
    ]);
    // A to-one spread's aggregate applies to the parent (PostgREST hoists it).
    const hoisted = await me.db.from('t_items').select('done, ...t_folders(id.count())');
    expect(hoisted.data).toEqual([{ done: false, count: 3 }]);
  });
});

describe("PostgREST's hints and the legacy count", () => {
  it('an unknown table or relationship gets the fuzzy "Perhaps you meant" hint (PGRST205, PGRST200)', async () => {
    const { token } = mintUserToken();
    expect(await raw(token, '/t_itemz')).toEqual({
      status: 404,
      body: {
        code: 'PGRST205',
        details: null,
        hint: "Perhaps you meant the table 'public.t_items'",
        message: "Could not find the table 'public.t_itemz' in the schema cache",
      },
    });
    expect(await raw(token, '/t_items?select=id,t_folder(name)')).toEqual({
      status: 400,
      body: {
        code: 'PGRST200',
        details:
          "Searched for a foreign key relationship between 't_items' and 't_folder' in the schema 'public', but no matches were found.",
        hint: "Perhaps you meant 't_folders' instead of 't_folder'.",
        message: "Could not find a relationship between 't_items' and 't_folder' in the schema cache",
      },
    });
  });

  it("select=count is Postgres's count of the rows, as on PostgREST (no aggregate functions needed)", async () => {
    const me = await freshUser();
    await withItems(me);
    expect(await raw(me.token, '/t_items?select=count')).toEqual({ status: 200, body: [{ count: 3 }] });
  });
});

describe('writes and singular responses', () => {
  it('an ignore-duplicates upsert is 201 even when it inserts nothing; merge-duplicates that only merges is 200', async () => {
    const me = await freshUser();
    const row = { user_id: me.sub, url: 'https://dup.test', title: 'Dup' };
    expect((await me.db.from('t_items').insert(row)).status).toBe(201);
    const ignored = await me.db.from('t_items').upsert(row, { onConflict: 'user_id,url', ignoreDuplicates: true }).select('title');
    expect(ignored.error).toBeNull();
    expect(ignored.status).toBe(201);
    expect(ignored.data).toEqual([]);
    const merged = await me.db
      .from('t_items')
      .upsert({ ...row, title: 'Merged' }, { onConflict: 'user_id,url' })
      .select('title');
    expect(merged.status).toBe(200);
    expect(merged.data).toEqual([{ title: 'Merged' }]);
  });

  it("PGRST116 carries current PostgREST's text: 'Cannot coerce the result to a single JSON object'", async () => {
    const me = await freshUser();
    await withItems(me);
    const many = await me.db.from('t_items').select('title').single();
    expect(many.status).toBe(406);
    expect(many.error).toEqual({
      code: 'PGRST116',
      details: 'The result contains 3 rows',
      hint: null,
      message: 'Cannot coerce the result to a single JSON object',
    });
  });
});

describe('computed relationships (functions used as embeds)', () => {
  let me: Me;
  let shelfId: number;
  beforeAll(async () => {
    me = await freshUser();
    const shelf = await me.db.from('t_cr_shelves').insert({ name: 'Fiction' }).select('id').single();
    expect(shelf.error).toBeNull();
    shelfId = (shelf.data as { id: number }).id;
    const books = [
      { shelf_id: shelfId, title: 'Short', pages: 120 },
      { shelf_id: shelfId, title: 'Long', pages: 640 },
      { shelf_id: shelfId, title: 'Longer', pages: 900 },
      { shelf_id: shelfId, title: 'draft', pages: 10 },
    ];
    expect((await me.db.from('t_cr_books').insert(books)).error).toBeNull();
    expect((await me.db.from('t_cr_shelves').insert({ name: 'Bare' })).error).toBeNull();
  });

  it('a setof function of the row type embeds to-many: select=*,fn(*)', async () => {
    const res = await raw(me.token, `/t_cr_shelves?select=*,t_cr_long_books(*)&id=eq.${shelfId}&t_cr_long_books.order=pages.asc`);
    expect(res.status).toBe(200);
    const [row] = res.body as { name: string; t_cr_long_books: { title: string; pages: number }[] }[];
    expect(row.name).toBe('Fiction');
    expect(row.t_cr_long_books.map((b) => [b.title, b.pages])).toEqual([
      ['Long', 640],
      ['Longer', 900],
    ]);
    // Filters, order, limit and !inner apply as to any embed.
    const { data, error } = await me.db
      .from('t_cr_shelves')
      .select('name, long:t_cr_long_books!inner(title)')
      .gte('long.pages', 700)
      .order('title', { referencedTable: 'long', ascending: false });
    expect(error).toBeNull();
    expect(data).toEqual([{ name: 'Fiction', long: [{ title: 'Longer' }] }]);
  });

  it('ROWS 1, or a function returning one row, embeds to-one (an object), also spread', async () => {
    const toOne = await me.db.from('t_cr_books').select('title, t_cr_shelf(name)').eq('title', 'Long').single();
    expect(toOne.data).toEqual({ title: 'Long', t_cr_shelf: { name: 'Fiction' } });
    const single = await me.db.from('t_cr_shelves').select('name, first:t_cr_first_book(title)').eq('id', shelfId).single();
    expect(single.data).toEqual({ name: 'Fiction', first: { title: 'Short' } });
    const spread = await me.db.from('t_cr_books').select('title, ...t_cr_shelf(shelf:name)').eq('title', 'Short').single();
    expect(spread.data).toEqual({ title: 'Short', shelf: 'Fiction' });
  });

  it('a function named like a related table replaces the foreign-key relationship (PostgREST override)', async () => {
    const { data } = await me.db.from('t_cr_shelves').select('name, t_cr_books(title)').eq('id', shelfId).single();
    expect((data as { t_cr_books: { title: string }[] }).t_cr_books.map((b) => b.title).sort()).toEqual(['Long', 'Longer', 'Short']);
    // The other direction is still the foreign key.
    const back = await me.db.from('t_cr_books').select('title, t_cr_shelves(name)').eq('title', 'draft').single();
    expect(back.data).toEqual({ title: 'draft', t_cr_shelves: { name: 'Fiction' } });
  });

  it('works on the rows a write returns, and the function is no RPC (its only argument is unnamed)', async () => {
    const made = await me.db
      .from('t_cr_books')
      .insert({ shelf_id: shelfId, title: 'New', pages: 5 })
      .select('title, t_cr_shelf(name)')
      .single();
    expect(made.error).toBeNull();
    expect(made.data).toEqual({ title: 'New', t_cr_shelf: { name: 'Fiction' } });
    const rpc = await post(me.token, '/rpc/t_cr_long_books', {});
    expect(rpc.status).toBe(404);
    expect(rpc.body).toMatchObject({ code: 'PGRST202' });
  });
});
