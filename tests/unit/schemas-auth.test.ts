import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { signUpSchema } from '../../shared/schemas/sign-up.ts';
import { signInSchema } from '../../shared/schemas/sign-in.ts';
import { resetRequestSchema } from '../../shared/schemas/reset-request.ts';
import { passwordUpdateSchema } from '../../shared/schemas/password-update.ts';

/** The messages of a failed parse, by field path. */
function errorsOf(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues) (out[issue.path.join('.')] ??= []).push(issue.message);
  return out;
}

const goodSignUp = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', password: 'Analytical#1843' };

describe('signUpSchema', () => {
  it('accepts a valid sign-up and trims names and e-mail', () => {
    expect(signUpSchema.parse({ ...goodSignUp, firstName: ' Ada ', email: ' ada@example.com ' })).toEqual(goodSignUp);
  });
  it('requires the names', () => {
    expect(errorsOf(signUpSchema, { ...goodSignUp, firstName: ' ', lastName: '' })).toEqual({
      firstName: ['First name is required'],
      lastName: ['Last name is required'],
    });
  });
  it('checks the e-mail', () => {
    expect(errorsOf(signUpSchema, { ...goodSignUp, email: 'not-an-email' })).toEqual({ email: ['Invalid email address'] });
  });
  it('needs 12 characters', () => {
    expect(errorsOf(signUpSchema, { ...goodSignUp, password: 'Short#1a' })).toEqual({
      password: ['Password must be at least 12 characters'],
    });
  });
  it.each(['nouppercase#123', 'NOLOWERCASE#123', 'NoDigitsHere#x', 'NoSymbols12345'])('needs all four classes (%s)', (password) => {
    expect(errorsOf(signUpSchema, { ...goodSignUp, password })).toEqual({
      password: ['Password must contain at least: 1 lowercase, 1 uppercase, 1 digit, and 1 symbol'],
    });
  });
  it('reports both password rules for a short simple password', () => {
    expect(errorsOf(signUpSchema, { ...goodSignUp, password: 'abc' }).password).toEqual([
      'Password must be at least 12 characters',
      'Password must contain at least: 1 lowercase, 1 uppercase, 1 digit, and 1 symbol',
    ]);
  });
  it('refuses passwords longer than GoTrue accepts', () => {
    expect(errorsOf(signUpSchema, { ...goodSignUp, password: `Aa1#${'x'.repeat(69)}` }).password).toEqual([
      'Password must be at most 72 characters',
    ]);
  });
});

describe('signInSchema', () => {
  it('needs a valid e-mail and a password', () => {
    expect(signInSchema.safeParse({ email: 'a@b.co', password: 'x' }).success).toBe(true);
    expect(errorsOf(signInSchema, { email: 'nope', password: '' })).toEqual({
      email: ['Invalid email address'],
      password: ['Password is required'],
    });
  });
});

describe('resetRequestSchema', () => {
  it('needs a valid e-mail', () => {
    expect(resetRequestSchema.parse({ email: ' a@b.co ' })).toEqual({ email: 'a@b.co' });
    expect(errorsOf(resetRequestSchema, { email: '' })).toEqual({ email: ['Invalid email address'] });
  });
});

describe('passwordUpdateSchema', () => {
  it('accepts matching passwords', () => {
    expect(passwordUpdateSchema.safeParse({ newPassword: 'Abc#12345678', confirmPassword: 'Abc#12345678' }).success).toBe(true);
  });
  it("reports 'Passwords do not match.' on the confirm field", () => {
    expect(errorsOf(passwordUpdateSchema, { newPassword: 'Abc#12345678', confirmPassword: 'Abc#12345679' })).toEqual({
      confirmPassword: ['Passwords do not match.'],
    });
  });
});
