import { describe, expect, it } from 'vitest';
import { groupOutgoingShares, outgoingRecipient } from '../../shared/rules/outgoing-shares.ts';

/** Issue 17 item 6: outgoing shares per link with who, when and how. */

const base = { recipient_email: null, recipient_phone: null, recipient_username: null, social_platform: null, social_handle: null };

describe('outgoing shares', () => {
  it('says who and how for each method', () => {
    expect(outgoingRecipient({ ...base, id: '1', link_id: 'a', shared_at: 't', recipient_username: 'bob' })).toMatchObject({
      who: '@bob',
      how: 'Username',
    });
    expect(outgoingRecipient({ ...base, id: '2', link_id: 'a', shared_at: 't', recipient_email: 'b@x.io' })).toMatchObject({
      who: 'b@x.io',
      how: 'E-mail',
    });
    expect(outgoingRecipient({ ...base, id: '3', link_id: 'a', shared_at: 't', recipient_phone: '+1 555' })).toMatchObject({
      who: '+1 555',
      how: 'Phone (SMS)',
    });
    expect(
      outgoingRecipient({ ...base, id: '4', link_id: 'a', shared_at: 't', social_platform: 'twitter', social_handle: 'ann' }),
    ).toMatchObject({ who: 'ann on X (Twitter)', how: 'X (Twitter)' });
  });

  it('groups per link, newest share first, groups by their newest share', () => {
    const groups = groupOutgoingShares([
      { ...base, id: '1', link_id: 'a', shared_at: '2026-01-01T00:00:00Z', recipient_username: 'old' },
      { ...base, id: '2', link_id: 'b', shared_at: '2026-01-02T00:00:00Z', recipient_email: 'b@x.io' },
      { ...base, id: '3', link_id: 'a', shared_at: '2026-01-03T00:00:00Z', recipient_username: 'new' },
    ]);
    expect(groups.map((g) => [g.linkId, g.recipients.map((r) => r.who)])).toEqual([
      ['a', ['@new', '@old']],
      ['b', ['b@x.io']],
    ]);
    expect(groups[0].lastSharedAt).toBe('2026-01-03T00:00:00Z');
  });
});
