/**
 * Personal API tokens (migration *_api_tokens.sql): made by the database, stored only as their
 * SHA-256, readable by their owner without the hash, revocable for good, and the API's calls
 * (service role only) bounded to the token's user, its scope and the per-minute limit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiToken, listApiTokens, revokeApiToken } from '../../shared/data/api-tokens/api.ts';
import { API_LIMITS, hashApiToken, isApiTokenFormat } from '../../shared/rules/api-tokens.ts';
import { serviceClient } from '../setup/clients.ts';
import { dataUser, readAsService, type DataUser } from '../integration/data-setup.ts';

let a: DataUser;
let b: DataUser;
beforeAll(async () => {
  [a, b] = await Promise.all([dataUser(), dataUser()]);
});
afterAll(async () => {
  await Promise.all([a?.client.auth.signOut(), b?.client.auth.signOut()]);
});

const perMinute = API_LIMITS.requestsPerMinute;
const listAs = (hash: string, q = '') =>
  serviceClient().rpc('api_list_links', { p_token_hash: hash, p_query: q, p_limit: 100, p_offset: 0, per_minute: perMinute });
const saveAs = (hash: string, url: string) =>
  serviceClient().rpc('api_save_link', {
    p_token_hash: hash,
    p_title: 'From the API',
    p_url: url,
    p_description: undefined,
    p_category_id: undefined,
    per_minute: perMinute,
  });

async function seedLink(user: DataUser, title: string): Promise<string> {
  const { data: saved } = await serviceClient()
    .from('categories')
    .select('id')
    .eq('user_id', user.userId)
    .eq('system_key', 'saved')
    .single();
  const { data, error } = await serviceClient()
    .from('links')
    .insert({ user_id: user.userId, title, url: `https://${title.toLowerCase().replace(/\W+/g, '-')}.example.com`, category_id: saved!.id })
    .select('id')
    .single();
  if (error) throw error;
  return data.id;
}

describe('api tokens', () => {
  it('are made by the database, shown once, and stored only as their SHA-256', async () => {
    const created = await createApiToken(a.client, { name: 'Script', scope: 'read' });
    expect(isApiTokenFormat(created.token)).toBe(true);
    const [row] = (await readAsService('api_tokens', 'user_id', a.userId)).filter((r) => r.id === created.id);
    expect(row.token_hash).toBe(await hashApiToken(created.token));
    // No column holds the token or its secret part.
    expect(JSON.stringify(row)).not.toContain(created.token.slice(10));
    expect(row.token_prefix).toBe(created.token.slice(0, 10));

    // The owner lists it without the hash, and cannot read the hash.
    const listed = await listApiTokens(a.client, a.userId);
    expect(listed.map((t) => t.id)).toContain(created.id);
    expect(Object.keys(listed[0])).not.toContain('token_hash');
    const hashRead = await a.client.from('api_tokens').select('token_hash').eq('id', created.id);
    expect(hashRead.error?.code).toBe('42501');
  });

  it('refuses a bad name or scope, and clients cannot insert or delete tokens directly', async () => {
    await expect(a.client.rpc('create_api_token', { p_name: ' ', p_scope: 'read' })).resolves.toMatchObject({ error: { code: '22023' } });
    await expect(a.client.rpc('create_api_token', { p_name: 'x', p_scope: 'admin' })).resolves.toMatchObject({ error: { code: '22023' } });
    const insert = await a.client
      .from('api_tokens')
      .insert({ user_id: a.userId, name: 'Mine', scope: 'read_write', token_hash: 'a'.repeat(64), token_prefix: 'lv_aaaaaaa' });
    expect(insert.error).not.toBeNull();
    const created = await createApiToken(a.client, { name: 'Keep', scope: 'read' });
    const removed = await a.client.from('api_tokens').delete().eq('id', created.id).select('id');
    expect(removed.data ?? []).toHaveLength(0);
    expect((await readAsService('api_tokens', 'id', created.id)).length).toBe(1);
  });

  it("lists and searches only the token user's links; other users' rows never show", async () => {
    await seedLink(a, 'Alpha Recipes');
    await seedLink(b, 'Beta Recipes');
    const { token } = await createApiToken(a.client, { name: 'Reader', scope: 'read' });
    const hash = await hashApiToken(token);
    const all = await listAs(hash);
    expect(all.error).toBeNull();
    const titles = (all.data as Array<{ title: string }>).map((l) => l.title);
    expect(titles).toContain('Alpha Recipes');
    expect(titles).not.toContain('Beta Recipes');
    const search = await listAs(hash, 'recipes ALPHA');
    expect((search.data as Array<{ title: string }>).map((l) => l.title)).toEqual(['Alpha Recipes']);
    expect(((await listAs(hash, 'beta')).data as unknown[]).length).toBe(0);
    // The use is recorded.
    const [row] = (await readAsService('api_tokens', 'token_hash', hash)).filter(Boolean);
    expect(row.last_used_at).not.toBeNull();
  });

  it('enforces the scope: a read token cannot save, a read and write token saves as its user', async () => {
    const reader = await hashApiToken((await createApiToken(a.client, { name: 'R', scope: 'read' })).token);
    const writer = await hashApiToken((await createApiToken(a.client, { name: 'RW', scope: 'read_write' })).token);
    const url = `https://api-save-${Date.now()}.example.com/`;
    const refused = await saveAs(reader, url);
    expect(refused.error?.code).toBe('PT403');
    expect((await readAsService('links', 'url', url)).length).toBe(0);
    const saved = await saveAs(writer, url);
    expect(saved.error).toBeNull();
    expect((saved.data as { outcome: string }).outcome).toBe('inserted');
    const rows = await readAsService('links', 'url', url);
    expect(rows.map((r) => r.user_id)).toEqual([a.userId]);
    // The same address again updates that link.
    expect(((await saveAs(writer, url)).data as { outcome: string }).outcome).toBe('updated_existing');
    expect((await readAsService('links', 'url', url)).length).toBe(1);
  });

  it('a folder of another user is refused', async () => {
    const writer = await hashApiToken((await createApiToken(a.client, { name: 'RW2', scope: 'read_write' })).token);
    const { data: theirs } = await serviceClient()
      .from('categories')
      .select('id')
      .eq('user_id', b.userId)
      .eq('system_key', 'saved')
      .single();
    const url = `https://api-folder-${Date.now()}.example.com/`;
    const result = await serviceClient().rpc('api_save_link', {
      p_token_hash: writer,
      p_title: 'Into B',
      p_url: url,
      p_description: undefined,
      p_category_id: theirs!.id,
      per_minute: perMinute,
    });
    expect(result.error?.code).toBe('PT404');
    expect((await readAsService('links', 'url', url)).length).toBe(0);
  });

  it('a revoked token is refused at once and stays revoked; only its owner can revoke it', async () => {
    const created = await createApiToken(a.client, { name: 'Short lived', scope: 'read_write' });
    const hash = await hashApiToken(created.token);
    expect((await listAs(hash)).error).toBeNull();

    // B can neither revoke it nor see it.
    const byB = await b.client.from('api_tokens').update({ revoked_at: new Date().toISOString() }).eq('id', created.id).select('id');
    expect(byB.data ?? []).toHaveLength(0);
    expect((await b.client.from('api_tokens').select('id').eq('id', created.id)).data ?? []).toHaveLength(0);
    expect((await readAsService('api_tokens', 'id', created.id))[0].revoked_at).toBeNull();

    await revokeApiToken(a.client, created.id);
    expect((await listAs(hash)).error?.code).toBe('PT401');
    expect((await saveAs(hash, 'https://after-revoke.example.com')).error?.code).toBe('PT401');
    // Un-revoking is refused.
    const undo = await a.client.from('api_tokens').update({ revoked_at: null }).eq('id', created.id).select('id');
    expect(undo.error ?? (undo.data ?? []).length === 0).toBeTruthy();
    expect((await readAsService('api_tokens', 'id', created.id))[0].revoked_at).not.toBeNull();
    // An unknown token is refused alike.
    expect((await listAs('0'.repeat(64))).error?.code).toBe('PT401');
  });

  it('only the server may call the API functions', async () => {
    const hash = await hashApiToken((await createApiToken(a.client, { name: 'Direct', scope: 'read' })).token);
    const direct = await a.client.rpc('api_list_links', { p_token_hash: hash, p_query: '', p_limit: 10, p_offset: 0, per_minute: 1000 });
    expect(direct.error).not.toBeNull();
    const user = await a.client.rpc('api_token_user', { p_token_hash: hash, p_write: false, per_minute: 1000 });
    expect(user.error).not.toBeNull();
  });

  it('limits calls per user per minute', async () => {
    const hash = await hashApiToken((await createApiToken(b.client, { name: 'Busy', scope: 'read' })).token);
    const call = () => serviceClient().rpc('api_token_user', { p_token_hash: hash, p_write: false, per_minute: 2 });
    expect((await call()).error).toBeNull();
    expect((await call()).error).toBeNull();
    expect((await call()).error?.code).toBe('PT429');
  });
});
