// /rest/v1 security: RLS really applies through REST, bad input and bad tokens are 4xx JSON (never 500).
import { beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { untypedClient } from '../setup/clients.ts';
import { testStack } from '../setup/stack-info.ts';
import { mintUserToken } from '../setup/tokens.ts';
import { signJwt } from '../../supabase/local/jwt.ts';

const noSession = { persistSession: false, autoRefreshToken: false };
function userClient(token: string): SupabaseClient {
  const { url, anonKey } = testStack();
  return untypedClient(url, anonKey, { global: { headers: { Authorization: `Bearer ${token}` } }, auth: noSession });
}
const anonClient = () => untypedClient(testStack().url, testStack().anonKey, { auth: noSession });
const serviceClient = () => untypedClient(testStack().url, testStack().serviceRoleKey, { auth: noSession });

/** A raw request, for what supabase-js would not send (broken JSON, odd headers). */
async function raw(
  path: string,
  init: RequestInit & { token?: string } = {},
): Promise<{ status: number; body: Record<string, unknown> | null; text: string; type: string | null }> {
  const { url, anonKey } = testStack();
  const headers: Record<string, string> = {
    apikey: anonKey,
    Authorization: `Bearer ${init.token ?? anonKey}`,
    ...(init.headers as Record<string, string>),
  };
  const res = await fetch(`${url}/rest/v1${path}`, { ...init, headers });
  const text = await res.text();
  let body: Record<string, unknown> | null = null;
  try {
    body = JSON.parse(text) as Record<string, unknown> | null;
  } catch {
    body = null;
  }
  return { status: res.status, body, text, type: res.headers.get('content-type') };
}

function expectPgrstError(r: { status: number; body: Record<string, unknown> | null; text: string }, status: number, code?: string) {
  expect(r.status, r.text).toBe(status);
  expect(r.body).not.toBeNull();
  expect(typeof r.body!.message).toBe('string');
  expect(r.body).toHaveProperty('code');
  expect(r.body).toHaveProperty('details');
  expect(r.body).toHaveProperty('hint');
  expect(r.text).not.toMatch(/\n\s+at /); // no stack trace
  if (code) expect(r.body!.code).toBe(code);
}

let owner: { sub: string; token: string; db: SupabaseClient };
let other: { sub: string; token: string; db: SupabaseClient };
let ownerItemIds: number[];
let ownerFolderId: number;

beforeAll(async () => {
  const a = mintUserToken();
  const b = mintUserToken();
  owner = { ...a, db: userClient(a.token) };
  other = { ...b, db: userClient(b.token) };
  const f = await owner.db
    .from('t_folders')
    .insert({ name: 'Private' })
    .select('id')
    .single()
    .overrideTypes<{ id: number }, { merge: false }>();
  expect(f.error).toBeNull();
  ownerFolderId = f.data!.id;
  const ins = await owner.db
    .from('t_items')
    .insert([
      { title: 'secret A', folder_id: ownerFolderId, url: 'https://sa.test' },
      { title: 'secret B', folder_id: ownerFolderId, url: 'https://sb.test' },
    ])
    .select('id')
    .overrideTypes<{ id: number }[], { merge: false }>();
  expect(ins.error).toBeNull();
  ownerItemIds = ins.data!.map((r) => r.id);
});

async function ownerRowsAsService() {
  const { data, error } = await serviceClient().from('t_items').select('id, title, user_id, folder_id').in('id', ownerItemIds).order('id');
  expect(error).toBeNull();
  return data!;
}

describe('row-level security through REST', () => {
  it('the owner sees and changes their rows (positive control)', async () => {
    const { data, count } = await owner.db.from('t_items').select('id', { count: 'exact' }).in('id', ownerItemIds);
    expect(count).toBe(2);
    expect(data).toHaveLength(2);
    const upd = await owner.db.from('t_items').update({ title: 'secret A' }, { count: 'exact' }).eq('id', ownerItemIds[0]);
    expect(upd.count).toBe(1);
  });

  it('another user neither sees, updates nor deletes them', async () => {
    const before = await ownerRowsAsService();
    const seen = await other.db.from('t_items').select('*', { count: 'exact' }).in('id', ownerItemIds);
    expect(seen.error).toBeNull();
    expect(seen.data).toEqual([]);
    expect(seen.count).toBe(0);
    const embedded = await other.db.from('t_folders').select('id, t_items(id)').eq('id', ownerFolderId);
    expect(embedded.data).toEqual([]);
    const upd = await other.db.from('t_items').update({ title: 'pwned' }, { count: 'exact' }).in('id', ownerItemIds).select();
    expect(upd.error).toBeNull();
    expect(upd.count).toBe(0);
    expect(upd.data).toEqual([]);
    const del = await other.db.from('t_items').delete({ count: 'exact' }).in('id', ownerItemIds);
    expect(del.count).toBe(0);
    const upsert = await other.db.from('t_items').upsert({ id: ownerItemIds[0], title: 'pwned', user_id: owner.sub }).select();
    expect(upsert.error?.code).toBe('42501');
    expect(upsert.status).toBe(403);
    expect(await ownerRowsAsService()).toEqual(before);
  });

  it("another user cannot insert rows as the owner: 403 'new row violates row-level security policy'", async () => {
    const res = await other.db.from('t_items').insert({ title: 'forged', user_id: owner.sub });
    expect(res.status).toBe(403);
    expect(res.error?.code).toBe('42501');
    expect(res.error?.message).toBe('new row violates row-level security policy for table "t_items"');
    const moved = await other.db.from('t_items').insert({ title: 'mine', folder_id: ownerFolderId }).select('id').single();
    // The FK check itself is not bypassed by RLS, but the row belongs to `other`; clean it up.
    if (moved.data) await other.db.from('t_items').delete().eq('id', moved.data.id);
    const forged = await serviceClient().from('t_items').select('id', { count: 'exact', head: true }).eq('title', 'forged');
    expect(forged.count).toBe(0);
  });

  it('anon sees nothing, changes nothing, and an insert is 401', async () => {
    const before = await ownerRowsAsService();
    const anon = anonClient();
    const seen = await anon.from('t_items').select('*', { count: 'exact' });
    expect(seen.data).toEqual([]);
    expect(seen.count).toBe(0);
    const upd = await anon.from('t_items').update({ title: 'anon' }, { count: 'exact' }).in('id', ownerItemIds);
    expect(upd.count).toBe(0);
    const del = await anon.from('t_items').delete({ count: 'exact' }).in('id', ownerItemIds);
    expect(del.count).toBe(0);
    const ins = await anon.from('t_items').insert({ title: 'anon', user_id: owner.sub });
    expect(ins.status).toBe(401);
    expect(ins.error?.code).toBe('42501');
    expect(await ownerRowsAsService()).toEqual(before);
  });

  it('shares are visible to sender and recipient only', async () => {
    const third = mintUserToken();
    const thirdDb = userClient(third.token);
    expect((await owner.db.from('t_people').insert({ id: owner.sub, handle: `o-${owner.sub.slice(0, 8)}` })).error).toBeNull();
    expect((await other.db.from('t_people').insert({ id: other.sub, handle: `x-${other.sub.slice(0, 8)}` })).error).toBeNull();
    const share = await owner.db
      .from('t_shares')
      .insert({ item_id: ownerItemIds[0], sender_id: owner.sub, recipient_id: other.sub })
      .select('id')
      .single();
    expect(share.error).toBeNull();
    expect((await other.db.from('t_shares').select('id').eq('id', share.data!.id)).data).toHaveLength(1);
    expect((await thirdDb.from('t_shares').select('id').eq('id', share.data!.id)).data).toHaveLength(0);
    const spoof = await thirdDb.from('t_shares').insert({ item_id: ownerItemIds[0], sender_id: owner.sub, recipient_id: other.sub });
    expect(spoof.status).toBe(403);
  });

  it('a table without grants is permission denied: 401 for anon, 403 for a user, data intact', async () => {
    const a = await anonClient().from('t_secrets').select('*');
    expect(a.status).toBe(401);
    expect(a.error?.code).toBe('42501');
    expect(a.error?.message).toBe('permission denied for table t_secrets');
    const u = await owner.db.from('t_secrets').delete().neq('id', 0);
    expect(u.status).toBe(403);
    const still = await serviceClient().from('t_secrets').select('secret');
    expect(still.data).toEqual([{ secret: 'the cake is a lie' }]);
  });

  it('service-only functions are refused to users', async () => {
    const r = await owner.db.rpc('t_list_tables');
    expect(r.status).toBe(403);
    expect(r.error?.code).toBe('42501');
  });
});

describe('tokens', () => {
  const secret = () => testStack().jwtSecret;
  it('refuses a missing, malformed, forged, expired or role-less token with 401 JSON', async () => {
    const { url } = testStack();
    const none = await fetch(`${url}/rest/v1/t_items`);
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ message: 'No API key found in request' });

    expectPgrstError(await raw('/t_items', { token: 'garbage' }), 401, 'PGRST301');
    const forged = signJwt(
      { role: 'service_role', exp: Math.floor(Date.now() / 1000) + 60 },
      'another-secret-another-secret-another-secret',
    );
    expectPgrstError(await raw('/t_items', { token: forged }), 401, 'PGRST301');
    const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from('{"role":"service_role"}').toString('base64url')}.`;
    expectPgrstError(await raw('/t_items', { token: unsigned }), 401, 'PGRST301');
    const expired = mintUserToken({ expiresIn: -10 });
    const e = await raw('/t_items', { token: expired.token });
    expectPgrstError(e, 401, 'PGRST301');
    expect(e.body!.message).toBe('JWT expired');
    const postgres = signJwt({ role: 'postgres', exp: Math.floor(Date.now() / 1000) + 60 }, secret());
    expect((await raw('/t_items', { token: postgres })).status).toBe(401);
    const viaClient = await userClient(expired.token).from('t_items').select('id');
    expect(viaClient.status).toBe(401);
    expect(viaClient.error?.message).toBe('JWT expired');
  });
});

describe('bad input is a 4xx PostgREST error, never a 500', () => {
  const t = () => owner.token;
  it('unknown table, column, relationship and function', async () => {
    expectPgrstError(await raw('/t_nope', { token: t() }), 404, 'PGRST205');
    const col = await raw('/t_items?select=id,nope', { token: t() });
    expectPgrstError(col, 400, '42703');
    expect(col.body!.message).toBe('column t_items.nope does not exist');
    expectPgrstError(await raw('/t_items?nope=eq.1', { token: t() }), 400, '42703');
    expectPgrstError(await raw('/t_items?order=nope.desc', { token: t() }), 400, '42703');
    expectPgrstError(await raw('/t_items?select=id,t_nothing(*)', { token: t() }), 400, 'PGRST200');
    expectPgrstError(await raw('/t_items?t_folders.name=eq.x', { token: t() }), 400, 'PGRST108');
    expectPgrstError(
      await raw('/rpc/t_nope', { token: t(), method: 'POST', body: '{}', headers: { 'Content-Type': 'application/json' } }),
      404,
      'PGRST202',
    );
    expectPgrstError(
      await raw('/t_items', { token: t(), method: 'POST', body: '{"nope":1}', headers: { 'Content-Type': 'application/json' } }),
      400,
      'PGRST204',
    );
  });

  it('malformed filters, operators, select, order, logic trees, limits', async () => {
    for (const qs of [
      'id=eqq.1',
      'id=eq',
      'id=in.(1,2',
      'id=in.1,2',
      'title=is.maybe',
      'select=id,(',
      'select=id,t_folders(name',
      'select=',
      'order=id.sideways',
      'order=id..desc',
      'or=(id.eq.1',
      'or=id.eq.1',
      'or=(id.eq.1,nope)',
      'and=(id.eq.1,title.zz.2)',
      'limit=-1',
      'limit=abc',
      'offset=1.5',
      'id=like(some).x',
      'title=fts(eng lish).x',
      'select=id::int;drop',
    ]) {
      const r = await raw(`/t_items?${qs}`, { token: t() });
      if (qs === 'select=') {
        expect(r.status).toBe(200); // an empty select is valid: rows without columns
        continue;
      }
      expectPgrstError(r, 400);
      expect(r.body!.code === 'PGRST100' || r.body!.code === '42703', `${qs}: ${r.text}`).toBe(true);
    }
  });

  it('values of the wrong type and constraint violations', async () => {
    expectPgrstError(await raw('/t_items?id=eq.abc', { token: t() }), 400, '22P02');
    expectPgrstError(await raw('/t_items?created_at=gt.not-a-date', { token: t() }), 400, '22007');
    const json = { token: t(), method: 'POST', headers: { 'Content-Type': 'application/json' } };
    expectPgrstError(await raw('/t_items', { ...json, body: '{"title":null}' }), 400, '23502');
    expectPgrstError(await raw('/t_items', { ...json, body: '{"title":""}' }), 400, '23514');
    expectPgrstError(await raw('/t_items', { ...json, body: '{"title":"x","views":"many"}' }), 400, '22P02');
    expectPgrstError(await raw('/t_items', { ...json, body: '{"title":"x","folder_id":999999999}' }), 409, '23503');
    expectPgrstError(await raw('/t_items', { ...json, body: '{"title":"dup","url":"https://sa.test"}' }), 409, '23505');
  });

  it('invalid JSON, wrong body shapes and oversized bodies', async () => {
    const json = { token: t(), method: 'POST', headers: { 'Content-Type': 'application/json' } };
    expectPgrstError(await raw('/t_items', { ...json, body: '{"title": "x"' }), 400, 'PGRST102');
    expectPgrstError(await raw('/t_items', { ...json, body: '' }), 400, 'PGRST102');
    expectPgrstError(await raw('/t_items', { ...json, body: '42' }), 400, 'PGRST102');
    expectPgrstError(await raw('/t_items', { ...json, body: '[{"title":"a"},{"url":"b"}]' }), 400, 'PGRST102');
    expectPgrstError(await raw(`/t_items?id=eq.${ownerItemIds[0]}`, { ...json, method: 'PATCH', body: '[1]' }), 400, 'PGRST102');
    expectPgrstError(await raw('/rpc/t_add', { ...json, body: '{"a":' }), 400, 'PGRST102');
    const big = JSON.stringify({ title: 'x'.repeat(1024 * 1024 + 10) });
    expectPgrstError(await raw('/t_items', { ...json, body: big }), 413, 'PGRST413');
  });

  it('unsupported media types, schemas and methods', async () => {
    expectPgrstError(await raw('/t_items', { token: t(), headers: { Accept: 'application/xml' } }), 406, 'PGRST107');
    expectPgrstError(await raw('/t_items', { token: t(), headers: { 'Accept-Profile': 'auth' } }), 406, 'PGRST106');
    expectPgrstError(await raw('/t_items', { token: t(), method: 'PUT', body: '{}' }), 405, 'PGRST117');
    expectPgrstError(await raw('/t_items/extra/segments', { token: t() }), 404, 'PGRST125');
    expectPgrstError(await raw('/%E0%A4%A', { token: t() }), 400, 'PGRST100');
  });
});
