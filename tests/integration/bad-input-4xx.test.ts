// Bad input and missing rows answer 4xx with a readable message, never 5xx (a 5xx says the server
// broke and hides what the caller must fix); save_link holds the client's URL rule; GET /rpc runs
// read-only as in PostgREST.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createConfirmedUser, serviceClient, type ConfirmedUser } from '../setup/clients.ts';
import { testStack } from '../setup/stack-info.ts';

async function linkCount(userId: string): Promise<number> {
  const { count } = await serviceClient().from('links').select('id', { count: 'exact', head: true }).eq('user_id', userId);
  return count ?? 0;
}

describe('RPC errors are 4xx', () => {
  let user: ConfirmedUser;
  beforeAll(async () => {
    user = await createConfirmedUser();
  });

  it("'not found' is a 404 with the message, not a 500", async () => {
    const accept = await user.client.rpc('accept_incoming_share', { shared_link_id: randomUUID(), destination_category_id: randomUUID() });
    expect(accept.status).toBe(404);
    expect(accept.error).toMatchObject({ code: 'PT404', message: 'Shared link not found.' });
    const copy = await user.client.rpc('copy_link', { source_link_id: randomUUID(), destination_category_id: randomUUID() });
    expect(copy.status).toBe(404);
    expect(copy.error?.message).toBe('Link not found.');
    const move = await user.client.rpc('move_link', { link_id: randomUUID(), direction: 'up' });
    expect(move.status).toBe(404);
    const member = await user.client.rpc('add_page_member', { member_username: `nobody_${randomUUID().slice(0, 8)}` });
    expect(member.status).toBe(404);
  });

  it("save_link refuses what the client's URL rule refuses; so does a direct insert", async () => {
    const before = await linkCount(user.user.id);
    for (const url of ['https://javascript:alert(1)', 'http://exa mple.com', 'https://a@b@c', 'https://host:99999999/x']) {
      const res = await user.client.rpc('save_link', { link_title: 'x', link_url: url });
      expect(res.status, url).toBe(400);
      expect(res.error?.message, url).toBe('Please enter a valid URL');
    }
    const { data: folder } = await user.client.from('categories').select('id').eq('system_key', 'saved').single();
    const direct = await user.client
      .from('links')
      .insert({ user_id: user.user.id, title: 'x', url: 'https://javascript:alert(1)', category_id: folder!.id }, { count: 'exact' });
    expect(direct.status).toBe(400);
    expect(direct.error?.code).toBe('23514');
    expect(await linkCount(user.user.id)).toBe(before);
    // Positive controls: ordinary, IDN, port and IPv6 URLs still save.
    for (const url of ['https://example.com/a?b=c#d', 'https://bücher.example/x', 'http://localhost:3000/x', 'http://[::1]:8080/']) {
      const ok = await user.client.rpc('save_link', { link_title: 'ok', link_url: url });
      expect(ok.error, url).toBeNull();
    }
    expect(await linkCount(user.user.id)).toBe(before + 4);
  });

  it('GET /rest/v1/rpc/save_link runs read-only: 405, nothing inserted', async () => {
    const before = await linkCount(user.user.id);
    const { url, anonKey } = testStack();
    const res = await fetch(`${url}/rest/v1/rpc/save_link?link_title=t&link_url=${encodeURIComponent('https://example.com/get')}`, {
      headers: { apikey: anonKey, Authorization: `Bearer ${user.accessToken}` },
    });
    expect(res.status).toBe(405);
    expect(((await res.json()) as { code: string }).code).toBe('25006');
    expect(await linkCount(user.user.id)).toBe(before);
    // A read-only function still answers a GET.
    const read = await fetch(`${url}/rest/v1/rpc/pending_incoming_count`, {
      headers: { apikey: anonKey, Authorization: `Bearer ${user.accessToken}` },
    });
    expect(read.status).toBe(200);
  });
});
