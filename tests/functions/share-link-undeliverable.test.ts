import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createConfirmedUser, mailsTo, serviceClient, uniqueEmail, type ConfirmedUser } from '../setup/clients.ts';
import { callFunction } from './helpers.ts';

/**
 * A share to an address that cannot receive mail is refused, not reported as shared: the sender
 * would believe the link reached someone.
 */

let alice: ConfirmedUser;
let linkId: string;

beforeAll(async () => {
  alice = await createConfirmedUser({ firstName: 'Alice', lastName: 'Sender' });
  const { data: saved } = await alice.client.from('categories').select('id').eq('system_key', 'saved').single();
  const { data, error } = await alice.client
    .from('links')
    .insert({ user_id: alice.user.id, title: 'Page', url: `https://example.com/${randomUUID()}`, category_id: saved!.id })
    .select('id')
    .single();
  if (error) throw error;
  linkId = data.id;
});

const shareTo = (recipient_email: string) =>
  callFunction('share-link', {
    token: alice.accessToken,
    body: { shareData: { sender_id: alice.user.id, link_id: linkId, recipient_email } },
  });

describe('share-link: undeliverable e-mail addresses', () => {
  it.each(['not-an-address', 'someone@', '@example.com', 'someone@localhost', 'some one@example.com', 'someone@example.c0m', 'a@b..com'])(
    'refuses %s with 400 and records nothing',
    async (address) => {
      const res = await shareTo(address);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('undeliverable_email');
      expect(res.body.message).toContain('cannot receive mail');
      const { data } = await serviceClient().from('shared_links').select('id').eq('link_id', linkId);
      expect(data).toEqual([]);
      expect(await mailsTo(address)).toEqual([]);
    },
  );

  it('still shares to a well-formed address (positive control)', async () => {
    const to = uniqueEmail('friend');
    const res = await shareTo(to);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Link shared successfully' });
    const { data } = await serviceClient().from('shared_links').select('recipient_email').eq('link_id', linkId);
    expect(data).toEqual([{ recipient_email: to }]);
  });
});
