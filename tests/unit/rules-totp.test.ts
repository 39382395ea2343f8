import { describe, expect, it } from 'vitest';
import {
  base32Decode,
  base32Encode,
  hotp,
  isTotpCodeShape,
  matchTotpStep,
  otpauthUri,
  totpCode,
  totpStep,
} from '../../shared/rules/totp.ts';
import { accessTokenAal, needsSecondFactor } from '../../shared/rules/two-factor-session.ts';
import { twoFactorErrorMessage } from '../../shared/rules/two-factor.ts';

const ascii = (s: string) => new TextEncoder().encode(s);

describe('TOTP rule', () => {
  it('matches the RFC 4226 HOTP test vectors', async () => {
    const secret = ascii('12345678901234567890');
    const expected = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583', '399871', '520489'];
    for (const [counter, code] of expected.entries()) expect(await hotp(secret, counter)).toBe(code);
  });

  it('matches the RFC 6238 TOTP test vectors (8 digits, SHA-1/256/512)', async () => {
    const keys = {
      'SHA-1': ascii('12345678901234567890'),
      'SHA-256': ascii('12345678901234567890123456789012'),
      'SHA-512': ascii('1234567890123456789012345678901234567890123456789012345678901234'),
    } as const;
    const table: [number, string, string, string][] = [
      [59, '94287082', '46119246', '90693936'],
      [1111111109, '07081804', '68084774', '25091201'],
      [1111111111, '14050471', '67062674', '99943326'],
      [1234567890, '89005924', '91819424', '93441116'],
      [2000000000, '69279037', '90698825', '38618901'],
      [20000000000, '65353130', '77737706', '47863826'],
    ];
    for (const [time, sha1, sha256, sha512] of table) {
      const step = totpStep(time * 1000);
      expect(await hotp(keys['SHA-1'], step, 8, 'SHA-1')).toBe(sha1);
      expect(await hotp(keys['SHA-256'], step, 8, 'SHA-256')).toBe(sha256);
      expect(await hotp(keys['SHA-512'], step, 8, 'SHA-512')).toBe(sha512);
    }
  });

  it('round-trips base32 and refuses other characters', () => {
    const bytes = ascii('12345678901234567890');
    const encoded = base32Encode(bytes);
    expect(encoded).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(Array.from(base32Decode(encoded.toLowerCase()) ?? [])).toEqual(Array.from(bytes));
    expect(base32Decode('GEZD GNBV====')).not.toBeNull();
    expect(base32Decode('not base32!')).toBeNull();
  });

  it('accepts the code of the step before and after now, and none further', async () => {
    const secret = base32Encode(ascii('12345678901234567890'));
    const now = 1_700_000_000_000;
    const step = totpStep(now);
    expect(await matchTotpStep(secret, await totpCode(secret, now), now)).toBe(step);
    expect(await matchTotpStep(secret, await totpCode(secret, now - 30_000), now)).toBe(step - 1);
    expect(await matchTotpStep(secret, await totpCode(secret, now + 30_000), now)).toBe(step + 1);
    expect(await matchTotpStep(secret, await totpCode(secret, now - 60_000), now)).toBeNull();
    expect(await matchTotpStep(secret, await totpCode(secret, now + 60_000), now)).toBeNull();
  });

  it('never matches a step at or before the last one used (no replay)', async () => {
    const secret = base32Encode(ascii('12345678901234567890'));
    const now = 1_700_000_000_000;
    const code = await totpCode(secret, now);
    expect(await matchTotpStep(secret, code, now, totpStep(now))).toBeNull();
    expect(await matchTotpStep(secret, code, now, totpStep(now) - 1)).toBe(totpStep(now));
  });

  it('checks the shape of a typed code', () => {
    expect(isTotpCodeShape('123456')).toBe(true);
    expect(isTotpCodeShape('123 456')).toBe(true);
    expect(isTotpCodeShape('12345')).toBe(false);
    expect(isTotpCodeShape('12345a')).toBe(false);
  });

  it('builds the otpauth URI authenticator apps read', () => {
    expect(otpauthUri({ issuer: 'LinkVault', account: 'a@b.test', secret: 'ABC' })).toBe(
      'otpauth://totp/LinkVault:a%40b.test?algorithm=SHA1&digits=6&issuer=LinkVault&period=30&secret=ABC',
    );
  });
});

describe('two-factor session rule', () => {
  const token = (claims: object) => `h.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.s`;
  const verified = { factors: [{ status: 'verified', factor_type: 'totp' }] };

  it('needs the code while the token is aal1 and a verified factor exists', () => {
    expect(needsSecondFactor({ access_token: token({ aal: 'aal1' }), user: verified })).toBe(true);
    expect(needsSecondFactor({ access_token: token({ aal: 'aal2' }), user: verified })).toBe(false);
    expect(needsSecondFactor({ access_token: token({ aal: 'aal1' }), user: { factors: [{ status: 'unverified' }] } })).toBe(false);
    expect(needsSecondFactor({ access_token: token({ aal: 'aal1' }), user: {} })).toBe(false);
    expect(accessTokenAal('not a token')).toBeNull();
  });

  it('words the auth server MFA errors for people', () => {
    expect(twoFactorErrorMessage('mfa_verification_failed')).toMatch(/not right/);
    expect(twoFactorErrorMessage(null, 429)).toMatch(/Too many wrong codes/);
    expect(twoFactorErrorMessage('insufficient_aal')).toMatch(/code/);
  });
});
