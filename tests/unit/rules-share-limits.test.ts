import { describe, expect, it } from 'vitest';
import { cleanSenderName, isSingleEmailAddress, SHARE_SENDER_NAME_MAX } from '../../shared/rules/share-limits.ts';
import { shareLinkPayloadSchema } from '../../shared/schemas/share-link-payload.ts';

describe('share limits', () => {
  it('one address only', () => {
    for (const ok of ['a@b.co', 'first.last+tag@mail.example.com', "o'neil@example.ie"]) expect(isSingleEmailAddress(ok), ok).toBe(true);
    for (const bad of [
      'not-an-email',
      'a@b.co,c@d.co',
      'a@b.co c@d.co',
      'a..b@x.com',
      '.a@x.com',
      'a@x',
      `${'a'.repeat(65)}@x.com`,
      `a@${'b'.repeat(250)}.com`,
      'a@b.co\n',
      '<a@b.co>',
    ])
      expect(isSingleEmailAddress(bad), bad).toBe(false);
  });

  it("a sender's name keeps only name words, at most 60 characters", () => {
    expect(cleanSenderName('Anne-Marie O\u2019Neil')).toBe('Anne-Marie O\u2019Neil');
    expect(cleanSenderName('J. R. Tolkien')).toBe('J. R. Tolkien');
    expect(cleanSenderName('Win $1000 at https://evil.example <b>now</b> www.spam.io Bob')).toBe('Win at Bob');
    expect(cleanSenderName('José Ñandú')).toBe('José Ñandú');
    expect(Array.from(cleanSenderName('Lee'.repeat(40))).length).toBe(SHARE_SENDER_NAME_MAX);
    expect(cleanSenderName('1234 @@@')).toBe('');
  });

  it('the payload refuses lists, bad addresses and control characters', () => {
    const base = { sender_id: '00000000-0000-0000-0000-000000000001', link_id: '00000000-0000-0000-0000-000000000002' };
    expect(shareLinkPayloadSchema.safeParse({ shareData: { ...base, recipient_email: 'a@b.co' } }).success).toBe(true);
    expect(shareLinkPayloadSchema.safeParse({ shareData: { ...base, recipient_email: 'a@b.co,c@d.co' } }).success).toBe(false);
    expect(
      shareLinkPayloadSchema.safeParse({ shareData: { ...base, recipient_email: 'a@b.co', message: 'line 1\nline 2\ttab' } }).success,
    ).toBe(true);
    expect(shareLinkPayloadSchema.safeParse({ shareData: { ...base, recipient_email: 'a@b.co', message: 'bell\u0007' } }).success).toBe(
      false,
    );
  });
});
