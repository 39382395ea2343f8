import { describe, expect, it } from 'vitest';
import {
  countPendingIncoming,
  folderItemCount,
  folderPulses,
  incomingBadgeText,
  isIncomingFolder,
} from '../../shared/rules/incoming-count.ts';
import { badgeText, countTitle } from '../../extension/lib/badge.ts';

const incoming = { id: 'in', system_key: 'incoming', name: 'Recently Received Links (Incoming)' };
const saved = { id: 'sv', system_key: 'saved', name: 'Recently Saved Links' };

describe('incoming count: one definition', () => {
  it('counts only pending shares', () => {
    expect(countPendingIncoming([{ status: 'pending' }, { status: 'accepted' }, { status: 'pending' }, { status: 'rejected' }])).toBe(2);
    expect(countPendingIncoming([])).toBe(0);
  });

  it('the incoming row in Manage Categories counts the waiting shares, not 0', () => {
    const linkCounts = new Map([['sv', 5]]);
    expect(folderItemCount(incoming, linkCounts, 2)).toBe(2);
    expect(folderItemCount(saved, linkCounts, 2)).toBe(5);
    expect(folderItemCount({ id: 'x', system_key: null }, linkCounts, 2)).toBe(0);
  });

  it('incoming-type folders pulse while shares wait', () => {
    expect(isIncomingFolder({ system_key: null, name: 'Recently Received Links (Instagram)' })).toBe(true);
    expect(folderPulses(incoming, 1)).toBe(true);
    expect(folderPulses(incoming, 0)).toBe(false);
    expect(folderPulses(saved, 3)).toBe(false);
  });

  it('the extension badge uses the same rule', () => {
    expect(badgeText).toBe(incomingBadgeText);
    expect([0, 1, 99, 100].map(badgeText)).toEqual(['', '1', '99', '99+']);
    expect(countTitle(1)).toBe('LinkVault — 1 incoming link to review');
  });
});
