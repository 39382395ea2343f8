// Reserved names (routes, staff-like names, the brand) cannot be taken as a username or a public
// URL name through REST either: a rule only the client keeps is no rule (anyone can call REST).
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
          .update(column === 'username' ? { username: name } : { public_page_slug: name }, { count: 'exact' })
          .eq('user_id', user.user.id);
        expect(res.status, column).toBe(400);
        expect(res.error?.code).toBe('23514');
        expect(res.error?.message).toMatch(/reserved/);
        expect(res.count ?? 0).toBe(0);
      }
      expect(await stored()).toEqual(before);
      const available = await user.client.rpc('is_username_available', { username_param: name });
      expect(available.data).toBe(false);
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
    const names = await serviceClient().rpc('_reserved_names');
    expect(names.error).toBeNull();
    expect(names.data).toEqual([...RESERVED_SLUGS]);
  });
});
