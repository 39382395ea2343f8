import { describe, expect, it } from 'vitest';
import { testStack } from '../setup/stack-info.ts';
import { mintUserToken } from '../setup/tokens.ts';

// The web app and the extension are other origins: every service answers CORS as Supabase's gateway does.
const ORIGIN = 'chrome-extension://abcdefghijklmnopabcdefghijklmnop';

describe('CORS on every service', () => {
  for (const path of [
    '/rest/v1/links',
    '/auth/v1/token?grant_type=password',
    '/storage/v1/object/link-icons/a/b.png',
    '/functions/v1/api-echo',
  ]) {
    it(`answers the preflight for ${path}`, async () => {
      const res = await fetch(`${testStack().url}${path}`, {
        method: 'OPTIONS',
        headers: {
          Origin: ORIGIN,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'authorization, apikey, content-type, x-client-info, prefer, x-upsert',
        },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('access-control-allow-methods')).toMatch(/POST/);
      const allowed = (res.headers.get('access-control-allow-headers') ?? '').split(',').map((h) => h.trim().toLowerCase());
      for (const h of ['authorization', 'apikey', 'content-type', 'x-client-info', 'prefer', 'x-upsert']) expect(allowed).toContain(h);
    });
  }

  it('lets the browser read Content-Range on a counted REST answer', async () => {
    const { url, anonKey } = testStack();
    const { token, sub } = mintUserToken();
    const res = await fetch(`${url}/rest/v1/links?select=id&user_id=eq.${sub}&limit=1`, {
      headers: { Origin: ORIGIN, apikey: anonKey, Authorization: `Bearer ${token}`, Prefer: 'count=exact' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-expose-headers')).toMatch(/Content-Range/);
    expect(res.headers.get('content-range')).toBe('*/0');
  });
});
