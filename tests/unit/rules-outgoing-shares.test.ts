import { describe, expect, it } from 'vitest';
import { groupOutgoingShares, outgoingRecipient, outgoingStatus, searchOutgoingShares } from '../../shared/rules/outgoing-shares.ts';

/** Outgoing shares per link with who, when and how. */

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

  it("reads each share's status for the sender (unknown reads as pending)", () => {
    expect(outgoingStatus({ status: 'accepted' })).toBe('accepted');
    expect(outgoingStatus({ status: 'rejected' })).toBe('rejected');
    expect(outgoingStatus({ status: 'pending' })).toBe('pending');
    expect(outgoingStatus({ status: 'odd' })).toBe('pending');
    expect(outgoingStatus({})).toBe('pending');
    expect(
      outgoingRecipient({ ...base, id: '1', link_id: 'a', shared_at: 't', recipient_username: 'bob', status: 'rejected' }).status,
    ).toBe('rejected');
  });

  it('searches title, URL, recipient and status; every word must match', () => {
    const shares = [
      {
        ...base,
        id: '1',
        link_id: 'a',
        shared_at: 't',
        recipient_username: 'bob',
        status: 'accepted',
        link: { title: 'Rust book', url: 'https://doc.rust-lang.org/' },
      },
      {
        ...base,
        id: '2',
        link_id: 'b',
        shared_at: 't',
        recipient_email: 'ann@x.io',
        status: 'pending',
        link: { title: 'Go tour', url: 'https://go.dev/tour' },
      },
      { ...base, id: '3', link_id: 'c', shared_at: 't', recipient_username: 'ann', status: 'rejected', link: null },
    ];
    const ids = (query: string) => searchOutgoingShares(shares, query).map((s) => s.id);
    expect(ids('')).toEqual(['1', '2', '3']);
    expect(ids('RUST')).toEqual(['1']);
    expect(ids('go.dev')).toEqual(['2']);
    expect(ids('ann')).toEqual(['2', '3']);
    expect(ids('@bob')).toEqual(['1']);
    expect(ids('rejected')).toEqual(['3']);
    expect(ids('ann pending')).toEqual(['2']);
    expect(ids('nothing-like-this')).toEqual([]);
  });
});
