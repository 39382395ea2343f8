// The PostgREST-compatible /rest/v1 through the real supabase-js client: every query form it emits.
import { beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { untypedClient } from '../setup/clients.ts';
import { testStack } from '../setup/stack-info.ts';
import { mintUserToken } from '../setup/tokens.ts';

function userClient(token: string): SupabaseClient {
  const { url, anonKey } = testStack();
  return untypedClient(url, anonKey, {
    global: { headers: { Authorization: `Bearer ${token}` } },
    auth: { persistSession: false, autoRefreshToken: false },
  });
}
function serviceClient(): SupabaseClient {
  const { url, serviceRoleKey } = testStack();
  return untypedClient(url, serviceRoleKey, { auth: { persistSession: false, autoRefreshToken: false } });
}

interface World {
  sub: string;
  token: string;
  db: SupabaseClient;
  friend: { sub: string; db: SupabaseClient };
  folders: { id: number; name: string }[];
  items: { id: number; title: string; folder_id: number | null }[];
}

/** A fresh user with two folders, five items, a note, labels and shares to and from a friend. */
async function seedWorld(): Promise<World> {
  const me = mintUserToken();
  const friendTok = mintUserToken();
  const db = userClient(me.token);
  const friendDb = userClient(friendTok.token);
  const p1 = await db.from('t_people').insert({ id: me.sub, handle: `me-${me.sub.slice(0, 8)}` });
  expect(p1.error).toBeNull();
  const p2 = await friendDb.from('t_people').insert({ id: friendTok.sub, handle: `friend-${friendTok.sub.slice(0, 8)}` });
  expect(p2.error).toBeNull();
  const f = await db
    .from('t_folders')
    .insert([
      { name: 'Work', position: 1 },
      { name: 'Fun', position: 2 },
    ])
    .select('id,name');
  expect(f.error).toBeNull();
  const [work, fun] = f.data!;
  const i = await db
    .from('t_items')
    .insert([
      {
        title: 'Alpha',
        url: 'https://a.test',
        folder_id: work.id,
        tags: ['news', 'tech'],
        meta: { lang: 'en', stars: 5 },
        score: 4.5,
        views: 10,
        done: false,
      },
      {
        title: 'beta, (quoted)',
        url: 'https://b.test',
        folder_id: work.id,
        tags: ['tech'],
        meta: { lang: 'fr' },
        score: 2,
        views: 3,
        done: false,
      },
      { title: 'Gamma', url: 'https://c.test', folder_id: fun.id, tags: ['fun'], meta: {}, score: null, views: 7, done: false },
      { title: 'Delta', url: 'https://d.test', folder_id: null, tags: [], meta: { lang: 'en' }, score: 1.25, views: 0, done: false },
      { title: 'Epsilon', url: null, folder_id: null, tags: ['news'], meta: {}, score: 3, views: 1, done: true },
    ])
    .select('id,title,folder_id')
    .order('id');
  expect(i.error).toBeNull();
  const items = i.data!;
  expect((await db.from('t_item_notes').insert({ item_id: items[0].id, body: 'first note' })).error).toBeNull();
  const labels = await db
    .from('t_labels')
    .insert([{ name: 'red' }, { name: 'blue' }])
    .select('id,name')
    .order('id');
  expect(labels.error).toBeNull();
  const links = await db.from('t_item_labels').insert([
    { item_id: items[0].id, label_id: labels.data![0].id },
    { item_id: items[0].id, label_id: labels.data![1].id },
    { item_id: items[1].id, label_id: labels.data![1].id },
  ]);
  expect(links.error).toBeNull();
  const sent = await db.from('t_shares').insert({ item_id: items[0].id, sender_id: me.sub, recipient_id: friendTok.sub, note: 'look' });
  expect(sent.error).toBeNull();
  return { sub: me.sub, token: me.token, db, friend: { sub: friendTok.sub, db: friendDb }, folders: [work, fun], items };
}

/** The titles of a `select('title')` answer, in its order. */
const titles = (res: { data: { title: unknown }[] | null }) => (res.data ?? []).map((r) => r.title);
/** The ids of a `select('id')` answer, in its order. */
const idsOf = (res: { data: { id: unknown }[] | null }) => (res.data ?? []).map((r) => r.id);

let w: World;
beforeAll(async () => {
  w = await seedWorld();
});

describe('select', () => {
  it('returns columns, aliases and * with PostgREST types (bigint, numeric, timestamptz, arrays, jsonb)', async () => {
    const { data, error } = await w.db
      .from('t_items')
      .select('id, name:title, tags, meta, score, views, created_at')
      .eq('id', w.items[0].id)
      .single();
    expect(error).toBeNull();
    expect(data).toMatchObject({
      id: w.items[0].id,
      name: 'Alpha',
      tags: ['news', 'tech'],
      meta: { lang: 'en', stars: 5 },
      score: 4.5,
      views: 10,
    });
    expect(Object.keys(data ?? {})).toEqual(['id', 'name', 'tags', 'meta', 'score', 'views', 'created_at']);
    expect(data!.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?\+00:00$/);
    const star = await w.db.from('t_items').select('*').eq('id', w.items[0].id).single();
    expect(Object.keys(star.data as Record<string, unknown>)).toEqual([
      'id',
      'user_id',
      'folder_id',
      'title',
      'url',
      'tags',
      'meta',
      'score',
      'views',
      'done',
      'created_at',
    ]);
  });

  it('reads JSON paths and casts', async () => {
    const { data, error } = await w.db
      .from('t_items')
      .select('id, lang:meta->>lang, stars:meta->stars, score_text:score::text')
      .eq('id', w.items[0].id)
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ id: w.items[0].id, lang: 'en', stars: 5, score_text: '4.50' });
  });

  it('orders on several columns with nulls placement, limits, offsets and ranges', async () => {
    const byScore = await w.db.from('t_items').select('title').order('score', { ascending: false, nullsFirst: true }).order('id');
    expect(titles(byScore)).toEqual(['Gamma', 'Alpha', 'Epsilon', 'beta, (quoted)', 'Delta']);
    const byFolder = await w.db
      .from('t_items')
      .select('title')
      .order('folder_id', { ascending: true, nullsFirst: false })
      .order('title', { ascending: false });
    expect(titles(byFolder)).toEqual(['beta, (quoted)', 'Alpha', 'Gamma', 'Epsilon', 'Delta']);
    const page = await w.db.from('t_items').select('title').order('id').range(1, 2);
    expect(titles(page)).toEqual(['beta, (quoted)', 'Gamma']);
    const limited = await w.db.from('t_items').select('title').order('id').limit(2);
    expect(titles(limited)).toEqual(['Alpha', 'beta, (quoted)']);
  });

  it('counts exactly (also planned/estimated) with the page, and with head requests', async () => {
    const page = await w.db.from('t_items').select('id', { count: 'exact' }).order('id').range(0, 1);
    expect(page.error).toBeNull();
    expect(page.count).toBe(5);
    expect(page.data).toHaveLength(2);
    // planned: the planner's estimate (EXPLAIN), as PostgREST; tests/integration/rest-fidelity.test.ts checks it is not a count.
    const filtered = await w.db.from('t_items').select('id', { count: 'planned' }).contains('tags', ['news']);
    expect(filtered.error).toBeNull();
    expect(filtered.count).toBeGreaterThanOrEqual(1);
    const head = await w.db.from('t_items').select('*', { count: 'estimated', head: true }).gt('views', 2);
    expect(head.error).toBeNull();
    expect(head.data).toBeNull();
    expect(head.count).toBe(3);
  });

  it('answers Range headers and Content-Range as PostgREST does', async () => {
    const { url, anonKey } = testStack();
    const res = await fetch(`${url}/rest/v1/t_items?select=id&order=id`, {
      headers: { apikey: anonKey, Authorization: `Bearer ${w.token}`, Range: '1-2', Prefer: 'count=exact' },
    });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe('1-2/5');
    expect(await res.json()).toEqual([{ id: w.items[1].id }, { id: w.items[2].id }]);
  });

  it('returns CSV when asked', async () => {
    const { data, error } = await w.db.from('t_items').select('id,title').order('id').limit(2).csv();
    expect(error).toBeNull();
    expect(data).toBe(`id,title\n${w.items[0].id},Alpha\n${w.items[1].id},"beta, (quoted)"`);
  });
});

describe('filters', () => {
  const titles = async (q: PromiseLike<{ data: { title: string }[] | null; error: unknown }>) => {
    const { data, error } = await q;
    expect(error).toBeNull();
    return data!.map((r) => r.title).sort();
  };
  const items = () => w.db.from('t_items').select('title');

  it('compares: eq, neq, gt, gte, lt, lte', async () => {
    expect(await titles(items().eq('title', 'Alpha'))).toEqual(['Alpha']);
    expect(await titles(items().neq('title', 'Alpha'))).toEqual(['Delta', 'Epsilon', 'Gamma', 'beta, (quoted)']);
    expect(await titles(items().gt('views', 3))).toEqual(['Alpha', 'Gamma']);
    expect(await titles(items().gte('views', 3))).toEqual(['Alpha', 'Gamma', 'beta, (quoted)']);
    expect(await titles(items().lt('score', 2))).toEqual(['Delta']);
    expect(await titles(items().lte('score', 2))).toEqual(['Delta', 'beta, (quoted)']);
    expect(await titles(items().eq('done', true))).toEqual(['Epsilon']);
  });

  it('matches patterns: like, ilike with % and *, match, imatch', async () => {
    expect(await titles(items().like('title', '%lph%'))).toEqual(['Alpha']);
    expect(await titles(items().ilike('title', 'BETA%'))).toEqual(['beta, (quoted)']);
    expect(await titles(items().ilike('title', '*ELT*'))).toEqual(['Delta']);
    expect(await titles(items().match({ title: 'Gamma', views: 7 }))).toEqual(['Gamma']);
    expect(await titles(items().filter('title', 'imatch', '^(alpha|gamma)$'))).toEqual(['Alpha', 'Gamma']);
    expect(await titles(items().likeAnyOf('title', ['A%', 'G%']))).toEqual(['Alpha', 'Gamma']);
  });

  it('is null / true / false and not', async () => {
    expect(await titles(items().is('folder_id', null))).toEqual(['Delta', 'Epsilon']);
    expect(await titles(items().not('folder_id', 'is', null))).toEqual(['Alpha', 'Gamma', 'beta, (quoted)']);
    expect(await titles(items().is('done', false))).toEqual(['Alpha', 'Delta', 'Gamma', 'beta, (quoted)']);
    expect(await titles(items().not('title', 'eq', 'Alpha').not('title', 'in', '(Gamma,Delta)'))).toEqual(['Epsilon', 'beta, (quoted)']);
  });

  it('in with quoted values that hold commas and parentheses', async () => {
    expect(await titles(items().in('title', ['Alpha', 'beta, (quoted)', 'nope']))).toEqual(['Alpha', 'beta, (quoted)']);
    expect(await titles(items().in('id', [w.items[2].id, w.items[3].id]))).toEqual(['Delta', 'Gamma']);
    expect(await titles(items().in('title', []))).toEqual([]);
  });

  it('contains, containedBy and overlaps on arrays and jsonb', async () => {
    expect(await titles(items().contains('tags', ['tech']))).toEqual(['Alpha', 'beta, (quoted)']);
    expect(await titles(items().containedBy('tags', ['news', 'fun']))).toEqual(['Delta', 'Epsilon', 'Gamma']);
    expect(await titles(items().overlaps('tags', ['fun', 'news']))).toEqual(['Alpha', 'Epsilon', 'Gamma']);
    expect(await titles(items().contains('meta', { lang: 'en' }))).toEqual(['Alpha', 'Delta']);
    expect(await titles(items().containedBy('meta', { lang: 'fr', x: 1 }))).toEqual(['Epsilon', 'Gamma', 'beta, (quoted)']);
  });

  it('full-text search', async () => {
    expect(await titles(items().textSearch('title', 'alpha | gamma'))).toEqual(['Alpha', 'Gamma']);
    expect(await titles(items().textSearch('title', 'quoted beta', { type: 'plain', config: 'english' }))).toEqual(['beta, (quoted)']);
  });

  it('or with nested and, not.or and quoted values', async () => {
    expect(await titles(items().or('title.eq.Alpha,views.lt.1'))).toEqual(['Alpha', 'Delta']);
    expect(await titles(items().or('title.eq."beta, (quoted)",and(views.gte.7,tags.cs.{fun})'))).toEqual(['Gamma', 'beta, (quoted)']);
    expect(await titles(items().or('id.in.(' + w.items[0].id + ',' + w.items[4].id + '),score.is.null'))).toEqual([
      'Alpha',
      'Epsilon',
      'Gamma',
    ]);
    expect(await titles(items().or('views.gt.5,score.is.null').or('title.like.G*,title.like.A*'))).toEqual(['Alpha', 'Gamma']);
  });

  it('and=(...) and not.and=(...) straight in the query string', async () => {
    const { url, anonKey } = testStack();
    const auth = `Bearer ${w.token}`;
    const get = async (qs: string) => {
      const res = await fetch(`${url}/rest/v1/t_items?select=title&${qs}`, { headers: { apikey: anonKey, Authorization: auth } });
      expect(res.status).toBe(200);
      return ((await res.json()) as { title: string }[]).map((r) => r.title).sort();
    };
    expect(await get('and=(views.gt.2,or(title.eq.Alpha,title.eq.Gamma))')).toEqual(['Alpha', 'Gamma']);
    expect(await get('not.and=(views.gt.2,score.not.is.null)')).toEqual(['Delta', 'Epsilon', 'Gamma']);
    expect(await get('not.or=(views.gt.2,score.is.null)')).toEqual(['Delta', 'Epsilon']);
  });
});

describe('embedding', () => {
  it('many-to-one gives an object or null; one-to-many an array', async () => {
    const { data, error } = await w.db.from('t_items').select('title, folder:t_folders(name)').order('id');
    expect(error).toBeNull();
    expect(data!.map((r) => r.folder)).toEqual([{ name: 'Work' }, { name: 'Work' }, { name: 'Fun' }, null, null]);
    const folders = await w.db
      .from('t_folders')
      .select('name, t_items(title)')
      .order('position')
      .order('id', { referencedTable: 't_items' });
    expect(folders.data).toEqual([
      { name: 'Work', t_items: [{ title: 'Alpha' }, { title: 'beta, (quoted)' }] },
      { name: 'Fun', t_items: [{ title: 'Gamma' }] },
    ]);
  });

  it('nests embeds, one-to-one as an object and many-to-many through the junction', async () => {
    const { data, error } = await w.db
      .from('t_folders')
      .select('name, t_items(title, note:t_item_notes(body), t_labels(name), t_shares(note, to:t_people!recipient_id(handle)))')
      .eq('name', 'Work')
      .order('id', { referencedTable: 't_items' })
      .single();
    expect(error).toBeNull();
    const [alpha, beta] = data!.t_items as Record<string, unknown>[];
    expect(alpha.note).toEqual({ body: 'first note' });
    expect((alpha.t_labels as { name: string }[]).map((l) => l.name).sort()).toEqual(['blue', 'red']);
    expect(alpha.t_shares).toEqual([{ note: 'look', to: { handle: `friend-${w.friend.sub.slice(0, 8)}` } }]);
    expect(beta.note).toBeNull();
    expect(beta.t_labels).toEqual([{ name: 'blue' }]);
    expect(beta.t_shares).toEqual([]);
  });

  it('disambiguates two FKs to the same table by constraint name or column, and refuses the ambiguous form', async () => {
    const { data, error } = await w.db
      .from('t_shares')
      .select('note, sender:t_people!t_shares_sender_id_fkey(handle), recipient:t_people!recipient_id(handle)')
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({
      note: 'look',
      sender: { handle: `me-${w.sub.slice(0, 8)}` },
      recipient: { handle: `friend-${w.friend.sub.slice(0, 8)}` },
    });
    // The other direction: people -> their received shares.
    const inbox = await w.friend.db
      .from('t_people')
      .select('handle, received:t_shares!recipient_id(note), sent:t_shares!sender_id(note)')
      .eq('id', w.friend.sub)
      .single();
    expect(inbox.data).toEqual({ handle: `friend-${w.friend.sub.slice(0, 8)}`, received: [{ note: 'look' }], sent: [] });
    const ambiguous = await w.db.from('t_shares').select('note, t_people(handle)');
    expect(ambiguous.status).toBe(300);
    expect(ambiguous.error?.code).toBe('PGRST201');
    expect(ambiguous.error?.message).toBe("Could not embed because more than one relationship was found for 't_shares' and 't_people'");
  });

  it('!inner keeps only rows whose embed matches; a plain embed filter only filters the embed', async () => {
    const inner = await w.db.from('t_items').select('title, t_folders!inner(name)').eq('t_folders.name', 'Work').order('id');
    expect(inner.error).toBeNull();
    expect(inner.data).toEqual([
      { title: 'Alpha', t_folders: { name: 'Work' } },
      { title: 'beta, (quoted)', t_folders: { name: 'Work' } },
    ]);
    const innerCount = await w.db.from('t_folders').select('name, t_items!inner(id)', { count: 'exact' }).gt('t_items.views', 5);
    expect(innerCount.count).toBe(2);
    const plain = await w.db.from('t_folders').select('name, t_items(title)').eq('t_items.title', 'Gamma').order('position');
    expect(plain.data).toEqual([
      { name: 'Work', t_items: [] },
      { name: 'Fun', t_items: [{ title: 'Gamma' }] },
    ]);
    const notNull = await w.db.from('t_items').select('title, t_folders(name)').not('t_folders', 'is', null);
    expect(notNull.data).toHaveLength(3);
  });

  it('orders, limits and ors inside an embed', async () => {
    const { data, error } = await w.db
      .from('t_folders')
      .select('name, t_items(title, views)')
      .eq('name', 'Work')
      .order('views', { referencedTable: 't_items', ascending: true })
      .limit(1, { referencedTable: 't_items' })
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ name: 'Work', t_items: [{ title: 'beta, (quoted)', views: 3 }] });
    const ored = await w.db
      .from('t_folders')
      .select('name, t_items(title)')
      .eq('name', 'Work')
      .or('title.eq.Alpha,title.eq.Nope', { referencedTable: 't_items' })
      .single();
    expect(ored.data).toEqual({ name: 'Work', t_items: [{ title: 'Alpha' }] });
  });

  it('spreads a to-one embed into the parent', async () => {
    const { data, error } = await w.db.from('t_items').select('title, ...t_folders(folder_name:name)').eq('id', w.items[2].id).single();
    expect(error).toBeNull();
    expect(data).toEqual({ title: 'Gamma', folder_name: 'Fun' });
  });
});

describe('single and maybeSingle', () => {
  it('single: one row is an object; none or several is 406 PGRST116', async () => {
    const one = await w.db.from('t_items').select('title').eq('title', 'Alpha').single();
    expect(one.data).toEqual({ title: 'Alpha' });
    const none = await w.db.from('t_items').select('title').eq('title', 'nope').single();
    expect(none.status).toBe(406);
    expect(none.error).toMatchObject({
      code: 'PGRST116',
      message: 'Cannot coerce the result to a single JSON object',
      details: 'The result contains 0 rows',
    });
    const many = await w.db.from('t_items').select('title').single();
    expect(many.status).toBe(406);
    expect(many.error?.details).toBe('The result contains 5 rows');
  });

  it('maybeSingle: none is null, one is the row, several is an error', async () => {
    const none = await w.db.from('t_items').select('title').eq('title', 'nope').maybeSingle();
    expect(none.error).toBeNull();
    expect(none.data).toBeNull();
    const one = await w.db.from('t_items').select('title').eq('title', 'Gamma').maybeSingle();
    expect(one.data).toEqual({ title: 'Gamma' });
    const many = await w.db.from('t_items').select('title').maybeSingle();
    expect(many.error?.code).toBe('PGRST116');
  });
});

describe('insert, upsert, update, delete', () => {
  it('inserts an object and an array, returning representation or nothing', async () => {
    const one = await w.db.from('t_items').insert({ title: 'Solo' }).select('id, title, tags, done').single();
    expect(one.error).toBeNull();
    expect(one.status).toBe(201);
    expect(one.data).toMatchObject({ title: 'Solo', tags: [], done: false });
    const minimal = await w.db.from('t_items').insert([{ title: 'M1' }, { title: 'M2' }]);
    expect(minimal.error).toBeNull();
    expect(minimal.status).toBe(201);
    expect(minimal.data).toBeNull();
    const back = await w.db.from('t_items').select('title').in('title', ['M1', 'M2']).order('title');
    expect(back.data).toEqual([{ title: 'M1' }, { title: 'M2' }]);
    // The body's JSON text goes to Postgres as is: a bigint beyond 2^53 is not rounded by JS numbers.
    const { url, anonKey } = testStack();
    const raw = await fetch(`${url}/rest/v1/t_items?select=views::text`, {
      method: 'POST',
      headers: { apikey: anonKey, Authorization: `Bearer ${w.token}`, 'Content-Type': 'application/json', Prefer: 'return=representation' },
      body: '{"title":"Big","views":9007199254740993}',
    });
    expect(raw.status).toBe(201);
    expect(await raw.json()).toEqual([{ views: '9007199254740993' }]);
    await w.db.from('t_items').delete().in('title', ['Solo', 'M1', 'M2', 'Big']);
  });

  it('defaultToNull=false (missing=default) fills absent keys with defaults; the default writes nulls', async () => {
    const withDefaults = await w.db
      .from('t_items')
      .insert([{ title: 'D1', views: 5 }, { title: 'D2' }], { defaultToNull: false })
      .select('title, views, tags')
      .order('title');
    expect(withDefaults.error).toBeNull();
    expect(withDefaults.data).toEqual([
      { title: 'D1', views: 5, tags: [] },
      { title: 'D2', views: 0, tags: [] },
    ]);
    const nulls = await w.db.from('t_items').insert([{ title: 'N1', views: 5 }, { title: 'N2' }]);
    expect(nulls.error?.code).toBe('23502'); // views is NOT NULL and the absent key became null
    expect(nulls.status).toBe(400);
    await w.db.from('t_items').delete().in('title', ['D1', 'D2']);
  });

  it('upserts with on_conflict (merge) and ignores duplicates when asked', async () => {
    const first = await w.db
      .from('t_items')
      .upsert({ user_id: w.sub, url: 'https://up.test', title: 'Up 1' }, { onConflict: 'user_id,url' })
      .select('id,title')
      .single()
      .overrideTypes<{ id: number; title: string }, { merge: false }>();
    expect(first.error).toBeNull();
    const merged = await w.db
      .from('t_items')
      .upsert({ user_id: w.sub, url: 'https://up.test', title: 'Up 2' }, { onConflict: 'user_id,url' })
      .select('id,title')
      .single();
    expect(merged.data).toEqual({ id: first.data!.id, title: 'Up 2' });
    const ignored = await w.db
      .from('t_items')
      .upsert({ user_id: w.sub, url: 'https://up.test', title: 'Up 3' }, { onConflict: 'user_id,url', ignoreDuplicates: true })
      .select('id');
    expect(ignored.data).toEqual([]);
    const byPk = await w.db
      .from('t_items')
      .upsert([{ id: first.data!.id, title: 'Up 4' }])
      .select('title');
    expect(byPk.data).toEqual([{ title: 'Up 4' }]);
    const back = await w.db.from('t_items').select('title').eq('url', 'https://up.test');
    expect(back.data).toEqual([{ title: 'Up 4' }]);
    await w.db.from('t_items').delete().eq('id', first.data!.id);
  });

  it('updates and deletes with filters, counts and returned rows', async () => {
    const ins = await w.db
      .from('t_items')
      .insert([
        { title: 'U1', views: 1 },
        { title: 'U2', views: 2 },
        { title: 'U3', views: 3 },
      ])
      .select('id');
    const ids = idsOf(ins);
    const upd = await w.db
      .from('t_items')
      .update({ done: true, meta: { touched: true } }, { count: 'exact' })
      .in('id', ids)
      .gte('views', 2)
      .select('title, done, meta')
      .order('title');
    expect(upd.error).toBeNull();
    expect(upd.count).toBe(2);
    expect(upd.data).toEqual([
      { title: 'U2', done: true, meta: { touched: true } },
      { title: 'U3', done: true, meta: { touched: true } },
    ]);
    const quiet = await w.db.from('t_items').update({ views: 10 }).eq('id', ids[0]);
    expect(quiet.status).toBe(204);
    expect(quiet.data).toBeNull();
    const del = await w.db.from('t_items').delete({ count: 'exact' }).in('id', ids).eq('done', true);
    expect(del.count).toBe(2);
    const delRows = await w.db.from('t_items').delete().eq('id', ids[0]).select('title, views').single();
    expect(delRows.data).toEqual({ title: 'U1', views: 10 });
    const left = await w.db.from('t_items').select('id', { count: 'exact', head: true }).in('id', ids);
    expect(left.count).toBe(0);
  });

  it('single() on a mutation that touches several rows is 406 and rolled back', async () => {
    const ins = await w.db
      .from('t_items')
      .insert([{ title: 'R1' }, { title: 'R2' }])
      .select('id');
    const ids = idsOf(ins);
    const res = await w.db.from('t_items').update({ title: 'R-changed' }).in('id', ids).select().single();
    expect(res.status).toBe(406);
    const back = await w.db.from('t_items').select('title').in('id', ids).order('id');
    expect(back.data).toEqual([{ title: 'R1' }, { title: 'R2' }]);
    await w.db.from('t_items').delete().in('id', ids);
  });
});

describe('rpc', () => {
  it('calls scalar functions with named args, defaults and overloads, by POST and GET', async () => {
    expect((await w.db.rpc('t_add', { a: 2, b: 3 })).data).toBe(5);
    expect((await w.db.rpc('t_add', { a: 2 })).data).toBe(3);
    expect((await w.db.rpc('t_add', { a: 1, b: 2, c: 3 })).data).toBe(6);
    expect((await w.db.rpc('t_add', { a: 40, b: 2 }, { get: true })).data).toBe(42);
    expect((await w.db.rpc('t_sum_array', { nums: [1, 2, 3] })).data).toBe(6);
    expect((await w.db.rpc('t_sum_array', { nums: [4, 5] }, { get: true })).data).toBe(9);
    expect((await w.db.rpc('t_echo', { any: ['thing', 1] })).data).toEqual({ any: ['thing', 1] });
    expect((await w.db.rpc('t_whoami')).data).toBe(`${w.sub}:authenticated`);
  });

  it('returns sets: scalars as an array, rows with filters, order, limit, count and embeds', async () => {
    expect((await w.db.rpc('t_series', { n: 4 })).data).toEqual([1, 2, 3, 4]);
    const mine = await w.db
      .rpc('t_my_items', { min_views: 3 }, { count: 'exact' })
      .select('title, views, t_folders(name)')
      .order('views', { ascending: false })
      .limit(2);
    expect(mine.error).toBeNull();
    expect(mine.count).toBe(3);
    expect(mine.data).toEqual([
      { title: 'Alpha', views: 10, t_folders: { name: 'Work' } },
      { title: 'Gamma', views: 7, t_folders: { name: 'Fun' } },
    ]);
    const filtered = await w.db.rpc('t_my_items').eq('title', 'Delta');
    expect(filtered.data).toHaveLength(1);
    const stats = await w.db.rpc('t_folder_stats').order('items', { ascending: false });
    expect(stats.data).toEqual([
      { folder_id: w.folders[0].id, items: 2 },
      { folder_id: w.folders[1].id, items: 1 },
    ]);
    const first = await w.db.rpc('t_first_item').select('title');
    expect(first.data).toEqual({ title: 'Alpha' });
  });

  it('void functions answer 204; raised exceptions are 400 with the hint; unknown functions 404 PGRST202', async () => {
    const touched = await w.db.rpc('t_touch', { item: w.items[3].id });
    expect(touched.error).toBeNull();
    expect(touched.status).toBe(204);
    expect((await w.db.from('t_items').select('views').eq('id', w.items[3].id).single()).data).toEqual({ views: 1 });
    await w.db.from('t_items').update({ views: 0 }).eq('id', w.items[3].id);
    const failed = await w.db.rpc('t_fail');
    expect(failed.status).toBe(400);
    expect(failed.error).toMatchObject({ code: 'P0001', message: 'custom failure', hint: 'from t_fail' });
    const unknown = await w.db.rpc('t_nope', { x: 1 });
    expect(unknown.status).toBe(404);
    expect(unknown.error).toMatchObject({ code: 'PGRST202', message: 'Could not find the function public.t_nope(x) in the schema cache' });
    const wrongArgs = await w.db.rpc('t_add', { z: 1 });
    expect(wrongArgs.error?.code).toBe('PGRST202');
  });
});

describe('schema cache', () => {
  it('finds a table created after start (lazy reload) and answers PGRST205 for unknown tables', async () => {
    const svc = serviceClient();
    const missing = await svc.from('t_never_created').select('*');
    expect(missing.status).toBe(404);
    expect(missing.error).toMatchObject({
      code: 'PGRST205',
      message: "Could not find the table 'public.t_never_created' in the schema cache",
    });
    const made = await svc.rpc('t_create_late_table');
    expect(made.error).toBeNull();
    const late = await w.db.from('t_late').select('id, label');
    expect(late.error).toBeNull();
    expect(late.data).toEqual([{ id: 1, label: 'created late' }]);
  });
});
