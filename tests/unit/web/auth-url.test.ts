import { describe, expect, it } from 'vitest';
import {
  hasSessionTokens,
  isRecoveryLink,
  postSignInPath,
  readAuthUrlParams,
  stripAuthParams,
} from '../../../web/src/routes/auth/auth-url.ts';

describe('readAuthUrlParams', () => {
  it('reads tokens and type from the hash', () => {
    const p = readAuthUrlParams('', '#access_token=a&refresh_token=r&type=recovery&expires_in=3600');
    expect(p).toMatchObject({ accessToken: 'a', refreshToken: 'r', type: 'recovery', error: null });
    expect(isRecoveryLink(p)).toBe(true);
  });

  it('reads them from the query too', () => {
    const p = readAuthUrlParams('?access_token=a&refresh_token=r&type=recovery', '');
    expect(isRecoveryLink(p)).toBe(true);
  });

  it('is not a recovery without both tokens or with another type', () => {
    expect(isRecoveryLink(readAuthUrlParams('', '#access_token=a&type=recovery'))).toBe(false);
    const signup = readAuthUrlParams('', '#access_token=a&refresh_token=r&type=signup');
    expect(isRecoveryLink(signup)).toBe(false);
    expect(hasSessionTokens(signup)).toBe(true);
  });

  it('reads an error and its description', () => {
    const p = readAuthUrlParams('', '#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid');
    expect(p.error).toBe('access_denied');
    expect(p.errorDescription).toBe('Email link is invalid');
    expect(readAuthUrlParams('?error_code=otp_expired', '').error).toBe('otp_expired');
  });

  it('reads which e-mail the link came from (our own ?link=), and strips it with the rest', () => {
    expect(readAuthUrlParams('?link=signup', '#error=access_denied&error_code=otp_expired').link).toBe('signup');
    expect(readAuthUrlParams('', '#error=access_denied').link).toBeNull();
    expect(stripAuthParams('/auth', '?link=signup&redirect=%2Freceive')).toBe('/auth?redirect=%2Freceive');
  });
});

describe('stripAuthParams', () => {
  it('drops auth parameters and keeps the others', () => {
    expect(stripAuthParams('/auth', '?error=x&redirect=%2Freceive')).toBe('/auth?redirect=%2Freceive');
    expect(stripAuthParams('/auth', '?access_token=a&type=recovery')).toBe('/auth');
  });
});

describe('postSignInPath', () => {
  it('follows a same-site redirect', () => {
    expect(postSignInPath('?redirect=%2Freceive%3Furl%3Dhttps%253A%252F%252Fa.b')).toBe('/receive?url=https%3A%2F%2Fa.b');
  });
  it('refuses anything that leaves the site or loops back to /auth', () => {
    for (const bad of ['https://evil.test', '//evil.test', '/\\evil.test', 'javascript:alert(1)', '/auth?x=1']) {
      expect(postSignInPath(`?redirect=${encodeURIComponent(bad)}`)).toBe('/dashboard');
    }
    expect(postSignInPath('')).toBe('/dashboard');
  });
});
