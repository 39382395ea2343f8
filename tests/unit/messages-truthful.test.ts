import { describe, expect, it } from 'vitest';
import { EmailRateLimiter, sendAuthEmail } from '../../supabase/local/auth/mail.ts';
import type { StackContext } from '../../supabase/local/types.ts';
import { LINK_MESSAGES, noLinksMatch } from '../../shared/messages.ts';
import { messageOr, singularUnits } from '../../shared/rules/error-messages.ts';

/** Messages that tell the truth: what they say (counts, units, what to do) is what happened. */

describe('rate-limit texts use correct plurals', () => {
  it('the local stack says "1 second", and "2 seconds"', () => {
    const limiter = new EmailRateLimiter(10_000);
    limiter.take('recovery', 'a@example.test', 0);
    expect(() => limiter.take('recovery', 'a@example.test', 9_500)).toThrow('you can only request this after 1 second.');
    expect(() => limiter.take('recovery', 'a@example.test', 8_000)).toThrow('you can only request this after 2 seconds.');
  });

  it('server texts shown in the UI are fixed too (hosted GoTrue says "1 seconds")', () => {
    expect(messageOr('For security purposes, you can only request this after 1 seconds.', 'x')).toBe(
      'For security purposes, you can only request this after 1 second.',
    );
    expect(singularUnits('after 11 seconds')).toBe('after 11 seconds');
    expect(singularUnits('after 21 seconds, 1 minutes')).toBe('after 21 seconds, 1 minute');
    expect(singularUnits('after 0.1 seconds')).toBe('after 0.1 seconds');
  });
});

describe('auth e-mails contain only what the product can use', () => {
  it.each(['signup', 'recovery', 'magiclink', 'email_change'] as const)('%s: the link, no "enter this code" line', async (type) => {
    const sent: Array<{ text: string; html: string }> = [];
    const ctx = {
      mail: { send: (m: { text: string; html: string }) => Promise.resolve(void sent.push(m)) },
      log: () => undefined,
    } as unknown as StackContext;
    await sendAuthEmail(ctx, 'a@example.test', type, 'http://127.0.0.1/auth/v1/verify?token=abc');
    expect(sent).toHaveLength(1);
    expect(sent[0].text).toContain('http://127.0.0.1/auth/v1/verify?token=abc');
    expect(sent[0].text.toLowerCase()).not.toContain('code');
    expect(sent[0].html.toLowerCase()).not.toContain('code');
  });
});

describe('search with no matches', () => {
  it('says so; the empty collection keeps the spec text', () => {
    expect(noLinksMatch(' recipes ')).toBe('No links match "recipes"');
    expect(LINK_MESSAGES.emptyGrid).toBe('No links found. Add your first link!');
  });
});
