import { describe, expect, it } from 'vitest';
import { DEFAULT_AUTH_STORAGE_KEY } from '../../../shared/data/client.ts';
import { AUTH_STORAGE_KEY, hasStoredSession } from '../../../web/src/app/session/stored-session.ts';

const storage = (items: Record<string, string>) => ({ getItem: (key: string) => items[key] ?? null });

describe('hasStoredSession', () => {
  it('reads the key the data layer stores the session under', () => {
    expect(AUTH_STORAGE_KEY).toBe(DEFAULT_AUTH_STORAGE_KEY);
  });

  it('is true only for a stored session with a refresh token', () => {
    expect(hasStoredSession(storage({ [AUTH_STORAGE_KEY]: JSON.stringify({ access_token: 'a', refresh_token: 'r' }) }))).toBe(true);
    expect(hasStoredSession(storage({}))).toBe(false);
    expect(hasStoredSession(storage({ [AUTH_STORAGE_KEY]: 'not json' }))).toBe(false);
    expect(hasStoredSession(storage({ [AUTH_STORAGE_KEY]: JSON.stringify({ access_token: 'a' }) }))).toBe(false);
    expect(hasStoredSession(storage({ [AUTH_STORAGE_KEY]: 'null' }))).toBe(false);
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
