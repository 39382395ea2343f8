import { describe, expect, it } from 'vitest';
import type { ProfileRow } from '../../../shared/data/types.ts';
import { displayName, initialsOf, masked } from '../../../web/src/features/header-banner/banner-identity.ts';

const profile = (first: string | null, last: string | null) => ({ first_name: first, last_name: last }) as ProfileRow;

describe('banner identity', () => {
  it('prefers the profile names, then the sign-up metadata, then the e-mail local part', () => {
    expect(displayName(profile('Ada', 'Lovelace'), { email: 'a@b.c', user_metadata: {} })).toBe('Ada Lovelace');
    expect(displayName(profile(null, null), { email: 'a@b.c', user_metadata: { first_name: 'Grace', last_name: 'Hopper' } })).toBe(
      'Grace Hopper',
    );
    expect(displayName(null, { email: 'katherine@nasa.test', user_metadata: {} })).toBe('katherine');
  });

  it('makes initials and a masked form that does not reveal the length of long values', () => {
    expect(initialsOf('Ada Lovelace')).toBe('AL');
    expect(initialsOf('Plato')).toBe('PL');
    expect(initialsOf('')).toBe('?');
    expect(masked('ab')).toBe('••••••');
    expect(masked('someone.with.a.long.address@example.test')).toBe('••••••••••••');
  });
});
