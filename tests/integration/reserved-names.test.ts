// Issue 19 item 8: reserved names (routes, staff-like names, the brand) cannot be taken as a
// username or a public URL name through REST; only the client's rule refused them before.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { RESERVED_SLUGS } from '../../shared/rules/slug.ts';
import { createConfirmedUser, serviceClient, type ConfirmedUser } from '../setup/clients.ts';

describe('reserved names on the server', () => {
  let user: ConfirmedUser;
  beforeAll(async () => {
    user = await createConfirmedUser();
  });

  async function stored() {
    const { data } = await serviceClient().from('profiles').select('username, public_page_slug').eq('user_id', user.user.id).single();
    return data as { username: string | null; public_page_slug: string | null };
  }

  it.each(['admin', 'Support', 'STAFF', 'help', 'LinkVault', 'dashboard', 'settings'])(
    '%s: refused as username and as URL name (400, 0 rows), nothing stored',
    async (name) => {
      const before = await stored();
      for (const column of ['username', 'public_page_slug'] as const) {
        const res = await user.client
          .from('profiles')
          .update({ [column]: name }, { count: 'exact' })
          .eq('user_id', user.user.id);
        expect(res.status, column).toBe(400);
        expect(res.error?.code).toBe('23514');
        expect(res.error?.message).toMatch(/reserved/);
        expect(res.count ?? 0).toBe(0);
      }
      expect(await stored()).toEqual(before);
      const { data: available } = await user.client.rpc('is_username_available', { username_param: name });
      expect(available).toBe(false);
    },
  );

  it('an ordinary name still works (positive control)', async () => {
    const name = `admin_${randomUUID().slice(0, 6)}`;
    const res = await user.client.from('profiles').update({ username: name }, { count: 'exact' }).eq('user_id', user.user.id);
    expect(res.error).toBeNull();
    expect(res.count).toBe(1);
    expect((await stored()).username).toBe(name);
  });

  it('the server list is the client rule, name for name', async () => {
    const { data, error } = await serviceClient().rpc('_reserved_names');
    expect(error).toBeNull();
    expect(data).toEqual([...RESERVED_SLUGS]);
  });
});
