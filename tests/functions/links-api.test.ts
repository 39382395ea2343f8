/**
 * links-api over HTTP, as the curl lines of docs/edge-functions.md call it: a personal API token
 * lists, searches and (read and write scope) saves its own user's links; everything else is a
 * readable 4xx.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createConfirmedUser, serviceClient, type ConfirmedUser } from '../setup/clients.ts';
import { callFunction } from './helpers.ts';

let user: ConfirmedUser;
let other: ConfirmedUser;
let readToken: string;
let writeToken: string;

async function tokenFor(who: ConfirmedUser, scope: 'read' | 'read_write'): Promise<string> {
  const { data, error } = await who.client.rpc('create_api_token', { p_name: `t-${scope}`, p_scope: scope });
  if (error) throw error;
  return (data as { token: string }).token;
}

beforeAll(async () => {
  [user, other] = await Promise.all([createConfirmedUser(), createConfirmedUser()]);
  [readToken, writeToken] = await Promise.all([tokenFor(user, 'read'), tokenFor(user, 'read_write')]);
  await other.client.from('links').insert({ user_id: other.user.id, title: 'Not yours', url: 'https://not-yours.example.com' });
});

const list = (token: string | null, query = '') =>
  callFunction<{ links?: Array<{ title: string; url: string }>; error?: string }>(`links-api${query}`, { token, method: 'GET' });
const save = (token: string | null, body: unknown) =>
  callFunction<{ outcome?: string; link?: { url: string }; error?: string }>('links-api', { token, body });

describe('links-api', () => {
  it('saves with a read and write token, then lists and searches the user’s own links', async () => {
    const created = await save(writeToken, { url: 'api-docs.example.com/start', title: 'API docs start' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ outcome: 'inserted', link: { url: 'https://api-docs.example.com/start' } });
    const again = await save(writeToken, { url: 'https://api-docs.example.com/start' });
    expect(again.status).toBe(200);
    expect(again.body.outcome).toBe('updated_existing');

    const all = await list(readToken);
    expect(all.status).toBe(200);
    expect(all.body.links?.map((l) => l.title)).toEqual(['API docs start']);
    const found = await list(readToken, '?q=docs%20START&limit=5');
    expect(found.body.links).toHaveLength(1);
    expect((await list(readToken, '?q=not%20yours')).body.links).toHaveLength(0);
  });

  it('refuses a read token for a save, missing or unknown tokens, a session JWT and bad input with 4xx', async () => {
    const scoped = await save(readToken, { url: 'https://read-only.example.com' });
    expect(scoped.status).toBe(403);
    expect(scoped.body.error).toBe('insufficient_scope');
    const { count } = await serviceClient()
      .from('links')
      .select('id', { count: 'exact', head: true })
      .eq('url', 'https://read-only.example.com');
    expect(count).toBe(0);

    expect((await list(null)).status).toBe(401);
    expect((await list(`lv_${'0'.repeat(64)}`)).body.error).toBe('invalid_token');
    expect((await list(user.accessToken)).status).toBe(401);

    expect((await save(writeToken, { url: 'javascript:alert(1)' })).status).toBe(400);
    expect((await save(writeToken, { title: 'no url' })).status).toBe(400);
    expect((await list(readToken, '?limit=1000')).status).toBe(400);
    expect((await callFunction('links-api', { token: writeToken, rawBody: '{"not json' })).status).toBe(400);
    expect((await callFunction('links-api', { token: readToken, method: 'DELETE' })).status).toBe(405);
  });

  it('stops answering a token once it is revoked', async () => {
    const token = await tokenFor(user, 'read');
    expect((await list(token)).status).toBe(200);
    const { data: rows } = await user.client.from('api_tokens').select('id').eq('token_prefix', token.slice(0, 10));
    await user.client.from('api_tokens').update({ revoked_at: new Date().toISOString() }).eq('id', rows![0].id);
    expect((await list(token)).status).toBe(401);
  });
});
