import { describe, expect, it } from 'vitest';
import { hashApiToken, isApiTokenFormat } from '../../shared/rules/api-tokens.ts';

describe('api tokens', () => {
  it('hashes as SHA-256, lower-case hex (what the database stores)', async () => {
    expect(await hashApiToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it("accepts only 'lv_' + 64 lower-case hex characters", () => {
    expect(isApiTokenFormat(`lv_${'a1'.repeat(32)}`)).toBe(true);
    expect(isApiTokenFormat(`lv_${'A1'.repeat(32)}`)).toBe(false);
    expect(isApiTokenFormat(`lv_${'a'.repeat(63)}`)).toBe(false);
    expect(isApiTokenFormat('eyJhbGciOiJIUzI1NiJ9.e30.x')).toBe(false);
  });
});
