// Auth throttling, so passwords and e-mailed codes cannot be guessed by volume. Password guessing is limited per account and per IP (429 with
// GoTrue's over_request_rate_limit); wrong e-mailed codes count per stored code whatever `type`
// the request names. A stack of its own: its failure counters are not shared with other tests.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { RunningStack } from '../../supabase/local/server.ts';
import { startTestStack } from '../setup/stack.global.ts';
import type { TestStack } from '../setup/stack-info.ts';
import { clientFor, STRONG_PASSWORD } from '../setup/clients.ts';

let stack: RunningStack;
let info: TestStack;
let cleanup: () => void;
beforeAll(async () => {
  // GoTrue's request rate limits off: this file counts failures alone (auth-flood.test.ts checks the rates).
  ({ stack, info, cleanup } = await startTestStack({ AUTH_RATE_LIMIT_TOKEN_REFRESH: '0' }));
}, 120_000);
afterAll(async () => {
  await stack?.stop();
  cleanup?.();
});

const anon = (): SupabaseClient => clientFor(info.url, info.anonKey);
const admin = (): SupabaseClient => clientFor(info.url, info.serviceRoleKey);

async function confirmedUser(): Promise<string> {
  const email = `throttle-${randomUUID().slice(0, 10)}@example.test`;
  const { error } = await admin().auth.admin.createUser({ email, password: STRONG_PASSWORD, email_confirm: true });
  if (error) throw error;
  return email;
}

describe('password sign-in throttling', () => {
  it('per account: after 10 wrong passwords even the right one is 429 over_request_rate_limit', async () => {
    const email = await confirmedUser();
    const { perAccount } = stack.config.signInLimits;
    expect(perAccount).toBe(10);
    for (let i = 0; i < perAccount; i++) {
      const { error } = await anon().auth.signInWithPassword({ email, password: `Wrong-${i}-Passw0rd!` });
      expect(error?.status, `try ${i}`).toBe(400);
    }
    const locked = await anon().auth.signInWithPassword({ email, password: STRONG_PASSWORD });
    expect(locked.error).toMatchObject({ status: 429, code: 'over_request_rate_limit', message: 'Request rate limit reached' });
    // An unknown address is throttled the same way (the limit reveals no account).
    const ghost = `ghost-${randomUUID().slice(0, 8)}@example.test`;
    for (let i = 0; i < perAccount; i++) await anon().auth.signInWithPassword({ email: ghost, password: 'Wrong-Passw0rd!' });
    expect((await anon().auth.signInWithPassword({ email: ghost, password: 'Wrong-Passw0rd!' })).error?.status).toBe(429);
    // Once the window has passed, the right password works again.
    const realNow = stack.config.now;
    stack.config.now = () => realNow() + stack.config.signInLimits.windowMs + 1000;
    try {
      expect((await anon().auth.signInWithPassword({ email, password: STRONG_PASSWORD })).error).toBeNull();
    } finally {
      stack.config.now = realNow;
    }
  });

  it('per IP: wrong passwords spread over many accounts stop at the IP limit', async () => {
    const realNow = stack.config.now;
    const later = Date.now() + 3_600_000; // a fresh window, whatever the test above left
    stack.config.now = () => later;
    try {
      const { perIp } = stack.config.signInLimits;
      expect(perIp).toBe(30);
      const victim = await confirmedUser();
      for (let i = 0; i < perIp; i++) {
        const { error } = await anon().auth.signInWithPassword({
          email: `spray-${i}-${randomUUID().slice(0, 6)}@example.test`,
          password: 'Wrong-Passw0rd!',
        });
        expect(error?.status, `try ${i}`).toBe(400);
      }
      const blocked = await anon().auth.signInWithPassword({ email: victim, password: STRONG_PASSWORD });
      expect(blocked.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
    } finally {
      stack.config.now = realNow;
    }
  });
});

describe('e-mailed codes: one count per code, whatever the type', () => {
  it('recovery and magiclink share one code: 4 + 4 wrong guesses use up its 5 tries', async () => {
    const realNow = stack.config.now;
    const later = Date.now() + 7_200_000;
    stack.config.now = () => later;
    try {
      const email = await confirmedUser();
      const recovery = await admin().auth.admin.generateLink({ type: 'recovery', email });
      expect(recovery.error).toBeNull();
      const code = recovery.data.properties!.email_otp;
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < 4; i++) {
        for (const type of ['recovery', 'magiclink'] as const) {
          const { error } = await anon().auth.verifyOtp({ email, token: wrong, type });
          expect(error?.status).toBe(403);
        }
      }
      const right = await anon().auth.verifyOtp({ email, token: code, type: 'recovery' });
      expect(right.error?.message).toBe('Token has expired or is invalid');
      expect(right.data.session).toBeNull();
    } finally {
      stack.config.now = realNow;
    }
  });

  it('parallel guesses all count: after 40 wrong codes at once, the right one is refused', async () => {
    // (The right code is not among the 40: requests sent together reach the server in any order, and
    // when it happens to be among the first 5 it is rightly accepted. What must hold is that no guess
    // escapes the count, however they interleave, so the code is spent when they are done.)
    const email = await confirmedUser();
    const recovery = await admin().auth.admin.generateLink({ type: 'recovery', email });
    const code = recovery.data.properties!.email_otp;
    const guesses = Array.from({ length: 40 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
    const answers = await Promise.all(guesses.map((token) => anon().auth.verifyOtp({ email, token, type: 'recovery' })));
    expect(answers.filter((a) => a.data.session).length).toBe(0);
    expect(answers.every((a) => a.error?.status === 403)).toBe(true);
    const right = await anon().auth.verifyOtp({ email, token: code, type: 'recovery' });
    expect(right.error?.message).toBe('Token has expired or is invalid');
    expect(right.data.session).toBeNull();
  });
});
