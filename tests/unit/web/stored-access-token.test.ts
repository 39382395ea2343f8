import { describe, expect, it } from 'vitest';
import { AUTH_STORAGE_KEY, storedAccessToken, storedSignedInUser } from '../../../web/src/app/session/stored-session.ts';

const storage = (value: unknown) => ({
  getItem: (key: string) => (key === AUTH_STORAGE_KEY ? (typeof value === 'string' ? value : JSON.stringify(value)) : null),
});

describe('storedAccessToken (the public page reads its RPC without supabase-js)', () => {
  it('gives a token valid for 30 s more, "stale" for an expired session, null when signed out', () => {
    const now = 1_000_000;
    expect(storedAccessToken(storage({ access_token: 'tok', refresh_token: 'r', expires_at: now + 3600 }), now)).toBe('tok');
    expect(storedAccessToken(storage({ access_token: 'tok', refresh_token: 'r', expires_at: now + 10 }), now)).toBe('stale');
    expect(storedAccessToken(storage({ access_token: 'tok', refresh_token: 'r' }), now)).toBe('stale');
    expect(storedAccessToken(storage({ access_token: 'tok', expires_at: now + 3600 }), now)).toBeNull();
    expect(storedAccessToken(storage('not json'), now)).toBeNull();
    expect(storedAccessToken({ getItem: () => null }, now)).toBeNull();
    expect(storedAccessToken(null, now)).toBeNull();
  });

  it('storedSignedInUser: the token and user id of a session valid for 90 s more (supabase-js refreshes sooner ones as it starts), else null', () => {
    const now = 1_000_000;
    const user = { id: 'u1' };
    expect(storedSignedInUser(storage({ access_token: 'tok', refresh_token: 'r', expires_at: now + 3600, user }), now)).toEqual({
      accessToken: 'tok',
      userId: 'u1',
    });
    expect(storedSignedInUser(storage({ access_token: 'tok', refresh_token: 'r', expires_at: now + 91, user }), now)).toEqual({
      accessToken: 'tok',
      userId: 'u1',
    });
    expect(storedSignedInUser(storage({ access_token: 'tok', refresh_token: 'r', expires_at: now + 60, user }), now)).toBeNull();
    expect(storedSignedInUser(storage({ access_token: 'tok', refresh_token: 'r', expires_at: now + 3600 }), now)).toBeNull();
    expect(
      storedSignedInUser(storage({ access_token: 'tok', refresh_token: 'r', expires_at: now + 3600, user: { id: 7 } }), now),
    ).toBeNull();
    expect(storedSignedInUser(storage({ access_token: 'tok', expires_at: now + 3600, user }), now)).toBeNull();
    expect(storedSignedInUser(null, now)).toBeNull();
  });
});
