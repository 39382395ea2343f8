import { describe, expect, it } from 'vitest';
import {
  AUTH_STORAGE_KEY,
  hasStoredSession,
  parseStoredSession,
  storedAccessToken,
  storedSignedInUser,
  storedUser,
} from '../../shared/rules/stored-session.ts';

/**
 * The one reader of the session supabase-js stores (shared/rules/stored-session.ts): the web app's
 * first load and public pages, and the extension's popup, options page and service worker.
 */

const storage = (items: Record<string, string>) => ({ getItem: (key: string) => items[key] ?? null });
const stored = (value: unknown) => storage({ [AUTH_STORAGE_KEY]: typeof value === 'string' ? value : JSON.stringify(value) });

describe('the stored session', () => {
  it('parses only supabase-js session objects (a refresh token), expired ones included', () => {
    const session = { access_token: 'a', refresh_token: 'r', expires_at: 1, user: { id: 'u1', email: 'ada@example.test' } };
    expect(parseStoredSession(JSON.stringify(session))).toEqual(session);
    expect(parseStoredSession(JSON.stringify({ refresh_token: 'r' }))).toEqual({ refresh_token: 'r' });
    for (const raw of ['{"user":{"id":"x"}}', 'not json', 'null', '[]', '', undefined, 42])
      expect(parseStoredSession(raw), String(raw)).toBeNull();
  });

  it('storedUser: who is signed in, for the extension (the user id is required, the e-mail optional)', () => {
    const json = (user: unknown) => JSON.stringify({ access_token: 'a', refresh_token: 'r', expires_at: 1, user });
    expect(storedUser(json({ id: 'u1', email: 'ada@example.test' }))).toEqual({ userId: 'u1', email: 'ada@example.test' });
    expect(storedUser(json({ id: 'u1' }))).toEqual({ userId: 'u1', email: null });
    expect(storedUser(json({ id: '' }))).toBeNull();
    expect(storedUser(json(null))).toBeNull();
    expect(storedUser('{"user":{"id":"x"}}')).toBeNull();
    expect(storedUser('not json')).toBeNull();
    expect(storedUser(undefined)).toBeNull();
  });
});

describe('hasStoredSession', () => {
  it('is true only for a stored session with a refresh token', () => {
    expect(hasStoredSession(stored({ access_token: 'a', refresh_token: 'r' }))).toBe(true);
    expect(hasStoredSession(storage({}))).toBe(false);
    expect(hasStoredSession(stored('not json'))).toBe(false);
    expect(hasStoredSession(stored({ access_token: 'a' }))).toBe(false);
    expect(hasStoredSession(stored('null'))).toBe(false);
    expect(hasStoredSession(null)).toBe(false);
  });

  it('treats a storage that throws as signed out', () => {
    expect(
      hasStoredSession({
        getItem: () => {
          throw new Error('denied');
        },
      }),
    ).toBe(false);
  });
});

describe('storedAccessToken (the public page reads its RPC without supabase-js)', () => {
  it('gives a token valid for 30 s more, "stale" for an expired session, null when signed out', () => {
    const now = 1_000_000;
    expect(storedAccessToken(stored({ access_token: 'tok', refresh_token: 'r', expires_at: now + 3600 }), now)).toBe('tok');
    expect(storedAccessToken(stored({ access_token: 'tok', refresh_token: 'r', expires_at: now + 10 }), now)).toBe('stale');
    expect(storedAccessToken(stored({ access_token: 'tok', refresh_token: 'r' }), now)).toBe('stale');
    expect(storedAccessToken(stored({ access_token: 'tok', expires_at: now + 3600 }), now)).toBeNull();
    expect(storedAccessToken(stored('not json'), now)).toBeNull();
    expect(storedAccessToken({ getItem: () => null }, now)).toBeNull();
    expect(storedAccessToken(null, now)).toBeNull();
  });

  it('storedSignedInUser: the token and user id of a session valid for 90 s more (supabase-js refreshes sooner ones as it starts), else null', () => {
    const now = 1_000_000;
    const user = { id: 'u1' };
    expect(storedSignedInUser(stored({ access_token: 'tok', refresh_token: 'r', expires_at: now + 3600, user }), now)).toEqual({
      accessToken: 'tok',
      userId: 'u1',
    });
    expect(storedSignedInUser(stored({ access_token: 'tok', refresh_token: 'r', expires_at: now + 91, user }), now)).toEqual({
      accessToken: 'tok',
      userId: 'u1',
    });
    expect(storedSignedInUser(stored({ access_token: 'tok', refresh_token: 'r', expires_at: now + 60, user }), now)).toBeNull();
    expect(storedSignedInUser(stored({ access_token: 'tok', refresh_token: 'r', expires_at: now + 3600 }), now)).toBeNull();
    expect(
      storedSignedInUser(stored({ access_token: 'tok', refresh_token: 'r', expires_at: now + 3600, user: { id: 7 } }), now),
    ).toBeNull();
    expect(storedSignedInUser(stored({ access_token: 'tok', expires_at: now + 3600, user }), now)).toBeNull();
    expect(storedSignedInUser(null, now)).toBeNull();
  });

  it('a password-only session of an account with two-factor on counts as signed out until its code (the API refuses it)', () => {
    const now = 1_000_000;
    const jwt = (claims: object) => `h.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.s`;
    const session = (aal: string, status: string) =>
      stored({ access_token: jwt({ aal }), refresh_token: 'r', expires_at: now + 3600, user: { id: 'u1', factors: [{ status }] } });
    expect(storedAccessToken(session('aal1', 'verified'), now)).toBeNull();
    expect(storedSignedInUser(session('aal1', 'verified'), now)).toBeNull();
    expect(storedAccessToken(session('aal2', 'verified'), now)).toBe(jwt({ aal: 'aal2' }));
    expect(storedSignedInUser(session('aal2', 'verified'), now)).toEqual({ accessToken: jwt({ aal: 'aal2' }), userId: 'u1' });
    // An enrolment never verified does not ask for a code.
    expect(storedAccessToken(session('aal1', 'unverified'), now)).toBe(jwt({ aal: 'aal1' }));
  });
});
