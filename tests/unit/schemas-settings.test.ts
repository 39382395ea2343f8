import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { nameEmailUsernameSchema, usernameSchema, USERNAME_MESSAGES } from '../../shared/schemas/username.ts';
import { isWellFormedUsername } from '../../shared/rules/username.ts';
import { publicUrlNameSchema, sanitizeSlugInput } from '../../shared/schemas/public-url-name.ts';
import {
  blockEmailSchema,
  blockErrorDescription,
  blockPhoneSchema,
  blockSenderSchema,
  blockUsernameSchema,
  toBlockedSenderInsert,
} from '../../shared/schemas/block-sender.ts';
import {
  confirmEmailChangeBodySchema,
  emailCodeSchema,
  newEmailSchema,
  requestEmailChangeBodySchema,
  currentPasswordSchema,
} from '../../shared/schemas/email-change.ts';
import { appearanceSchema } from '../../shared/schemas/appearance.ts';
import { webpageSettingsSchema } from '../../shared/schemas/webpage-settings.ts';

const messagesOf = (schema: z.ZodType, input: unknown): string[] => {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('usernames', () => {
  it('accepts 3-30 letters, digits, _ and -', () => {
    expect(usernameSchema.parse(' ada_L-99 ')).toBe('ada_L-99');
    expect(usernameSchema.safeParse('a'.repeat(30)).success).toBe(true);
  });
  it('has the three messages', () => {
    expect(messagesOf(usernameSchema, 'ab')).toEqual(['Username must be at least 3 characters']);
    expect(messagesOf(usernameSchema, 'a'.repeat(31))).toEqual(['Username must be less than 30 characters']);
    expect(messagesOf(usernameSchema, 'ada lovelace')).toEqual(['Username can only contain letters, numbers, underscores, and dashes']);
    expect(USERNAME_MESSAGES.taken).toBe('This username is already taken');
  });
  it('the zod-free check the username card runs per keystroke agrees with the schema', () => {
    const samples = [
      '',
      '  ',
      'ab',
      ' ab ',
      'abc',
      ' ada_L-99 ',
      'a'.repeat(30),
      ` ${'a'.repeat(30)} `,
      'a'.repeat(31),
      'ada lovelace',
      'ada.l',
      'émile',
      'x-y_z',
      '___',
      'ab\n',
      '--',
    ];
    for (const sample of samples)
      expect(isWellFormedUsername(sample), JSON.stringify(sample)).toBe(usernameSchema.safeParse(sample).success);
    expect(samples.filter(isWellFormedUsername).length).toBeGreaterThan(3);
  });
  it("says only 'Username required' when empty on the name-email page", () => {
    expect(messagesOf(nameEmailUsernameSchema, '  ')).toEqual(['Username required']);
    expect(messagesOf(nameEmailUsernameSchema, 'ab')).toEqual(['Username must be at least 3 characters']);
    expect(nameEmailUsernameSchema.parse('bob')).toBe('bob');
  });
});

describe('public URL name', () => {
  it('accepts 3-30 allowed characters', () => {
    expect(publicUrlNameSchema.parse('ada-page_1')).toBe('ada-page_1');
  });
  it.each(['ab', 'a'.repeat(31), 'has space', 'ünï', ''])('refuses %j with the spec message', (slug) => {
    expect(messagesOf(publicUrlNameSchema, slug)).toEqual(['Use 3-30 letters, numbers, underscores or dashes']);
  });
  it('refuses app route names', () => {
    expect(messagesOf(publicUrlNameSchema, 'dashboard')).toEqual(['Invalid URL name']);
  });
  it('exports the input sanitiser', () => {
    expect(sanitizeSlugInput('a b/c')).toBe('abc');
  });
});

describe('block senders', () => {
  it('username: trimmed, required', () => {
    expect(blockUsernameSchema.parse('  @bob ')).toBe('bob');
    expect(messagesOf(blockUsernameSchema, '   ')).toEqual(['Enter a username']);
  });
  it('email: required, valid, lower-cased', () => {
    expect(blockEmailSchema.parse(' Bob@Example.COM ')).toBe('bob@example.com');
    expect(messagesOf(blockEmailSchema, '')).toEqual(['Enter an email']);
    expect(messagesOf(blockEmailSchema, 'bob@')).toEqual(['Invalid email']);
    expect(blockErrorDescription('Invalid email')).toBe('Please enter a valid email address.');
  });
  it('phone: digits kept, at least 7', () => {
    expect(blockPhoneSchema.parse('+1 (555) 010-2030')).toBe('15550102030');
    expect(messagesOf(blockPhoneSchema, '555-010')).toEqual(['Invalid phone']);
    expect(blockErrorDescription('Invalid phone')).toBe('Enter a valid phone number (at least 7 digits).');
    expect(blockErrorDescription('Enter a username')).toBeUndefined();
  });
  it('maps a parsed request to its insert', () => {
    const parsed = blockSenderSchema.parse({ kind: 'email', value: 'X@Y.io' });
    expect(toBlockedSenderInsert(parsed, 'me')).toEqual({ blocked_by: 'me', blocked_email: 'x@y.io' });
    expect(toBlockedSenderInsert(blockSenderSchema.parse({ kind: 'phone', value: '555 0102 30' }), 'me')).toEqual({
      blocked_by: 'me',
      blocked_phone: '555010230',
    });
  });
});

describe('e-mail change', () => {
  it("new e-mail: 'Email required', valid, lower-cased", () => {
    expect(messagesOf(newEmailSchema, ' ')).toEqual(['Email required']);
    expect(messagesOf(newEmailSchema, 'nope')).toEqual(['Invalid email address']);
    expect(requestEmailChangeBodySchema.parse({ new_email: 'New@Mail.com', password: 'Sturdy-Passw0rd!' })).toEqual({
      new_email: 'new@mail.com',
      password: 'Sturdy-Passw0rd!',
    });
    // The current password is asked again (a stolen session alone cannot change the e-mail).
    expect(requestEmailChangeBodySchema.safeParse({ new_email: 'new@mail.com' }).success).toBe(false);
    expect(messagesOf(currentPasswordSchema, '')).toEqual(['Enter your current password']);
  });
  it("code: 'Enter the code', 6 digits", () => {
    expect(messagesOf(emailCodeSchema, '')).toEqual(['Enter the code']);
    expect(messagesOf(emailCodeSchema, '12345')).toEqual(['Enter the 6-digit code']);
    expect(messagesOf(emailCodeSchema, '12345a')).toEqual(['Enter the 6-digit code']);
    expect(confirmEmailChangeBodySchema.parse({ code: ' 123 456 ' })).toEqual({ code: '123456' });
  });
});

describe('appearance', () => {
  it('fills the defaults', () => {
    expect(appearanceSchema.parse({})).toEqual({ theme: 'dark', accent_hsl: '222.2 47.4% 11.2%', density: 'comfortable' });
  });
  it('accepts the choices and refuses others', () => {
    expect(appearanceSchema.safeParse({ theme: 'gray', accent_hsl: '217.2 91.2% 59.8%', density: 'compact' }).success).toBe(true);
    expect(appearanceSchema.safeParse({ theme: 'neon' }).success).toBe(false);
    expect(appearanceSchema.safeParse({ density: 'cozy' }).success).toBe(false);
    expect(messagesOf(appearanceSchema, { accent_hsl: '#3b82f6' })).toEqual(["Accent must look like 'h s% l%'"]);
  });
});

describe('webpage settings', () => {
  it('accepts a full studio form and normalises URLs and handles', () => {
    const parsed = webpageSettingsSchema.parse({
      main_photo_size: 'x-large',
      message_titles: Array(7).fill('t'.repeat(60)),
      message_boxes: Array(7).fill('b'.repeat(255)),
      message_image_paths: Array(6).fill('u/1.png'),
      banner_message: 'm'.repeat(120),
      website_url: 'example.com',
      linkedin_url: '',
      twitter_handle: '@ada',
    });
    expect(parsed.website_url).toBe('https://example.com');
    expect(parsed.linkedin_url).toBeNull();
    expect(parsed.twitter_handle).toBe('ada');
    expect(parsed.bio).toBe('');
  });
  it('enforces the limits', () => {
    expect(messagesOf(webpageSettingsSchema, { message_titles: ['t'.repeat(61)] })).toEqual([
      'Message box titles must be at most 60 characters',
    ]);
    expect(messagesOf(webpageSettingsSchema, { message_boxes: ['b'.repeat(256)] })).toEqual([
      'Message box text must be at most 255 characters',
    ]);
    expect(messagesOf(webpageSettingsSchema, { message_boxes: Array(8).fill('') })).toEqual(['At most 7 message boxes']);
    expect(messagesOf(webpageSettingsSchema, { message_image_paths: Array(7).fill('p') })).toEqual(['At most 6 message images']);
    expect(messagesOf(webpageSettingsSchema, { banner_message: 'm'.repeat(121) })).toEqual([
      'Banner message must be at most 120 characters',
    ]);
    expect(webpageSettingsSchema.safeParse({ main_photo_size: 'huge' }).success).toBe(false);
  });
  it('accepts only http(s) website and LinkedIn URLs', () => {
    expect(messagesOf(webpageSettingsSchema, { website_url: 'javascript:alert(1)' })).toEqual(['Please enter a valid URL']);
    expect(messagesOf(webpageSettingsSchema, { linkedin_url: 'data:text/html,x' })).toEqual(['Please enter a valid URL']);
  });
});
