// SQL injection attempts in every part of a /rest/v1 request: each must be inert — a 4xx JSON error
// or plain data — and afterwards the fixture tables, their rows and the list of tables are unchanged.
import { beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { untypedClient } from '../setup/clients.ts';
import { testStack } from '../setup/stack-info.ts';
import { mintUserToken } from '../setup/tokens.ts';

const PAYLOADS = [
  "'; drop table t_items; --",
  '"; drop table t_items; --',
  '1; drop table t_items',
  '1 or 1=1',
  "' or '1'='1",
  '" or ""="',
  't_items; drop table t_folders',
  'id); drop table t_items; --',
  'id,(select secret from t_secrets)',
  '(select secret from t_secrets)',
  'pg_sleep(3)',
  '1)) or true--',
  '$1',
  '$$; drop table t_items; $$',
  "E'\\x27; drop table t_items'",
  "\\'; drop table t_items; --",
  '%27%20or%201%3D1',
  '../t_secrets',
  'id::text; drop table t_items',
  "meta->>'x'); drop table t_items; --",
  'null; delete from t_items',
  'true) or (1=1',
  '*/ drop table t_items /*',
  '/**/1',
  'id desc; drop table t_items',
  "'||(select secret from t_secrets)||'",
  "current_setting('request.jwt.claims')",
  '1 union select secret from t_secrets',
  '"id""; drop table t_items; --"',
  't_add(1,1); drop table t_items',
  'id.eq.1);drop table t_items;--',
  'set role postgres; drop table t_items',
  '\u0000; drop table t_items',
  '😀\'"`;--',
  'a"b\'c\\d',
  'reset role; delete from t_secrets',
];

const FIXTURE_TABLES = ['t_folders', 't_item_labels', 't_item_notes', 't_items', 't_labels', 't_people', 't_secrets', 't_shares'];

let token: string;
let db: SupabaseClient;
let service: SupabaseClient;
let tablesBefore: string[];
let itemsBefore: unknown[];

async function listTables(): Promise<string[]> {
  const tables = await service.rpc('t_list_tables');
  expect(tables.error).toBeNull();
  return tables.data as string[];
}

async function myItems() {
  const { data, error } = await service.from('t_items').select('id, title, url, views').eq('user_id', mintedSub).order('id');
  expect(error).toBeNull();
  return data!;
}

let mintedSub: string;

beforeAll(async () => {
  const { url, anonKey, serviceRoleKey } = testStack();
  const m = mintUserToken();
  token = m.token;
  mintedSub = m.sub;
  db = untypedClient(url, anonKey, {
    global: { headers: { Authorization: `Bearer ${token}` } },
    auth: { persistSession: false, autoRefreshToken: false },
  });
  service = untypedClient(url, serviceRoleKey, { auth: { persistSession: false, autoRefreshToken: false } });
  const ins = await db.from('t_items').insert([
    { title: 'keep me', url: 'https://keep.test' },
    { title: 'keep me too', url: 'https://keep2.test' },
  ]);
  expect(ins.error).toBeNull();
  tablesBefore = await listTables();
  itemsBefore = await myItems();
});

interface Outcome {
  status: number;
  text: string;
}

async function send(path: string, init: RequestInit = {}): Promise<Outcome> {
  const { url, anonKey } = testStack();
  const res = await fetch(`${url}/rest/v1${path}`, {
    ...init,
    headers: {
      apikey: anonKey,
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      ...(init.headers as Record<string, string>),
    },
  });
  return { status: res.status, text: await res.text() };
}

/** Inert: a client error with PostgREST's JSON, or a success; never a server error or a stack trace. */
function expectInert(o: Outcome, where: string) {
  expect(o.status, `${where}: ${o.text}`).toBeLessThan(500);
  expect(o.text).not.toMatch(/\n\s+at /);
  if (o.status >= 400) {
    const body = JSON.parse(o.text) as { message?: unknown };
    expect(typeof body.message, where).toBe('string');
  }
}

const q = encodeURIComponent;

describe('SQL injection attempts are inert', () => {
  it(`has at least 30 payloads (${PAYLOADS.length})`, () => {
    expect(PAYLOADS.length).toBeGreaterThanOrEqual(30);
  });

  it('in the table name, rpc name, select, aliases, column names, operators and values', async () => {
    for (const p of PAYLOADS) {
      expectInert(await send(`/${q(p)}`), `table ${p}`);
      expectInert(await send(`/rpc/${q(p)}`, { method: 'POST', body: '{}' }), `rpc ${p}`);
      expectInert(await send(`/t_items?select=${q(p)}`), `select ${p}`);
      expectInert(await send(`/t_items?select=${q(`"${p}":title`)}`), `alias ${p}`);
      expectInert(await send(`/t_items?select=id,${q(`t_folders!${p}(name)`)}`), `hint ${p}`);
      expectInert(await send(`/t_items?select=id,${q(`t_folders(${p})`)}`), `embed columns ${p}`);
      expectInert(await send(`/t_items?select=${q(`title::${p}`)}`), `cast ${p}`);
      expectInert(await send(`/t_items?select=${q(`meta->>${p}`)}`), `json path ${p}`);
      expectInert(await send(`/t_items?${q(p)}=eq.1`), `filter column ${p}`);
      expectInert(await send(`/t_items?title=${q(p)}.1`), `operator ${p}`);
      expectInert(await send(`/t_items?order=${q(p)}`), `order ${p}`);
      expectInert(await send(`/t_items?limit=${q(p)}`), `limit ${p}`);
      expectInert(await send(`/t_items?offset=${q(p)}`), `offset ${p}`);
      expectInert(await send(`/t_items?or=${q(`(title.eq.${p},id.eq.0)`)}`), `or value ${p}`);
      expectInert(await send(`/t_items?or=${q(`(${p}.eq.1)`)}`), `or column ${p}`);
      expectInert(await send(`/t_items?title=in.${q(`("${p.replace(/"/g, '\\"')}",x)`)}`), `in list ${p}`);
      expectInert(await send(`/t_items?tags=cs.${q(`{${p}}`)}`), `contains ${p}`);
      expectInert(await send(`/t_items?title=fts(${q(p)}).x`), `fts config ${p}`);
      expectInert(await send(`/t_items?select=title`, { headers: { Range: p.replace(/[^\x20-\x7e]/g, '') } }), `range ${p}`);
      // Values in filters are plain data: they match nothing.
      const value = await send(`/t_items?select=title&title=eq.${q(p)}`);
      expectInert(value, `eq value ${p}`);
      if (value.status === 200) expect(JSON.parse(value.text)).toEqual([]);
      const like = await send(`/t_items?select=title&title=ilike.${q(p)}`);
      if (like.status === 200) expect(JSON.parse(like.text)).toEqual([]);
    }
  });

  it('in insert/upsert/update bodies (keys and values), columns and on_conflict', async () => {
    const stored: { id: number; title: string; expected: string }[] = [];
    for (const p of PAYLOADS) {
      expectInert(await send('/t_items', { method: 'POST', body: JSON.stringify({ [p]: 'x' }) }), `insert key ${p}`);
      expectInert(await send(`/t_items?columns=${q(p)}`, { method: 'POST', body: JSON.stringify([{ title: 'x' }]) }), `columns ${p}`);
      expectInert(
        await send(`/t_items?on_conflict=${q(p)}`, {
          method: 'POST',
          headers: { Prefer: 'resolution=merge-duplicates' },
          body: JSON.stringify({ title: 'x', url: 'https://keep.test' }),
        }),
        `on_conflict ${p}`,
      );
      expectInert(await send(`/t_items?id=eq.0`, { method: 'PATCH', body: JSON.stringify({ [p]: 1 }) }), `update key ${p}`);
      expectInert(
        await send(`/t_items?id=eq.0`, {
          method: 'PATCH',
          headers: { Prefer: p.replace(/[^\x20-\x7e]/g, '') },
          body: JSON.stringify({ title: p }),
        }),
        `prefer ${p}`,
      );
      // As values they are data: stored exactly (or refused, e.g. NUL cannot be stored in text).
      const ins = await send('/t_items?select=id,title', {
        method: 'POST',
        headers: { Prefer: 'return=representation' },
        body: JSON.stringify({ title: `inj ${p}`, meta: { [p]: p }, tags: [p] }),
      });
      expectInert(ins, `insert value ${p}`);
      if (ins.status === 201) {
        const [row] = JSON.parse(ins.text) as { id: number; title: string }[];
        stored.push({ ...row, expected: `inj ${p}` });
      }
    }
    expect(stored.length).toBeGreaterThanOrEqual(PAYLOADS.length - 2);
    for (const s of stored) expect(s.title).toBe(s.expected);
    const back = await service
      .from('t_items')
      .select('id, title, meta, tags')
      .in(
        'id',
        stored.map((s) => s.id),
      )
      .order('id')
      .overrideTypes<{ id: number; title: string; meta: unknown; tags: unknown }[], { merge: false }>();
    expect(back.data!.map((r) => r.title)).toEqual(stored.map((s) => s.expected));
    for (const r of back.data!) {
      const p = r.title.slice(4);
      expect(r.meta).toEqual({ [p]: p });
      expect(r.tags).toEqual([p]);
    }
    const del = await db
      .from('t_items')
      .delete({ count: 'exact' })
      .in(
        'id',
        stored.map((s) => s.id),
      );
    expect(del.count).toBe(stored.length);
  });

  it('in rpc argument names and values, by POST and GET', async () => {
    for (const p of PAYLOADS) {
      expectInert(await send('/rpc/t_add', { method: 'POST', body: JSON.stringify({ [p]: 1, a: 1 }) }), `rpc arg name ${p}`);
      expectInert(await send('/rpc/t_add', { method: 'POST', body: JSON.stringify({ a: p, b: 1 }) }), `rpc arg value ${p}`);
      expectInert(await send(`/rpc/t_add?a=${q(p)}`), `rpc GET value ${p}`);
      expectInert(await send(`/rpc/t_add?${q(p)}=1&a=1`), `rpc GET name ${p}`);
      const echo = await send('/rpc/t_echo', { method: 'POST', body: JSON.stringify({ [p]: p }) });
      expectInert(echo, `rpc echo ${p}`);
      if (echo.status === 200) expect(JSON.parse(echo.text)).toEqual({ [p]: p });
      const series = await send(`/rpc/t_series?n=2&t_series=neq.${q(p)}`);
      expectInert(series, `rpc filter ${p}`);
    }
  });

  it('leaves the fixture tables, their rows and the list of tables as they were', async () => {
    const after = await listTables();
    for (const t of FIXTURE_TABLES) expect(after).toContain(t);
    // t_late may be created meanwhile by rest.test.ts (schema reload test); nothing else may appear.
    expect(after.filter((t) => !tablesBefore.includes(t) && t !== 't_late')).toEqual([]);
    expect(tablesBefore.filter((t) => !after.includes(t))).toEqual([]);
    expect(await myItems()).toEqual(itemsBefore);
    const secrets = await service.from('t_secrets').select('secret');
    expect(secrets.data).toEqual([{ secret: 'the cake is a lie' }]);
  });
});
