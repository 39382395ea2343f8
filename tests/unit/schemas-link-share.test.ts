import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { linkSchema, NEW_CATEGORY_OPTION } from '../../shared/schemas/link.ts';
import { categorySchema } from '../../shared/schemas/category.ts';
import { subfolderSchema } from '../../shared/schemas/subfolder.ts';
import { templateNameSchema } from '../../shared/schemas/template.ts';
import { SHARE_RULES_MESSAGE, shareFormSchema } from '../../shared/schemas/share.ts';
import { shareLinkPayloadSchema } from '../../shared/schemas/share-link-payload.ts';
import { toShareLinkPayload } from '../../shared/data/shares/payload.ts';
import { DEFAULT_SHARE_MESSAGE } from '../../shared/constants.ts';

function errorsOf(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues) (out[issue.path.join('.')] ??= []).push(issue.message);
  return out;
}

describe('linkSchema', () => {
  it('normalises the URL and keeps optional fields', () => {
    expect(linkSchema.parse({ title: ' Docs ', url: ' react.dev ', description: 'd', categoryId: 'c1' })).toEqual({
      title: 'Docs',
      url: 'https://react.dev',
      description: 'd',
      categoryId: 'c1',
    });
  });
  it('requires title and URL', () => {
    expect(errorsOf(linkSchema, { title: '', url: '  ' })).toEqual({ title: ['Title is required'], url: ['URL is required'] });
    expect(errorsOf(linkSchema, {})).toEqual({ title: ['Title is required'], url: ['URL is required'] });
  });
  it.each([
    ' JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'java\tscript:alert(1)',
    'https://',
    'http://exa mple.com',
    'vbscript:x',
  ])("refuses %j with 'Please enter a valid URL'", (url) => {
    expect(errorsOf(linkSchema, { title: 't', url })).toEqual({ url: ['Please enter a valid URL'] });
  });
  it("accepts '//evil.com' as an https URL", () => {
    expect(linkSchema.parse({ title: 't', url: '//evil.com' }).url).toBe('https://evil.com');
  });
  it('needs a name when creating a new category', () => {
    expect(errorsOf(linkSchema, { title: 't', url: 'a.com', categoryId: NEW_CATEGORY_OPTION })).toEqual({
      newCategory: ['Category name is required'],
    });
    expect(linkSchema.parse({ title: 't', url: 'a.com', categoryId: NEW_CATEGORY_OPTION, newCategory: ' Work ' }).newCategory).toBe('Work');
  });
});

describe('name schemas', () => {
  it('category, subfolder and template names are required (trimmed)', () => {
    expect(errorsOf(categorySchema, { name: '  ' })).toEqual({ name: ['Category name is required'] });
    expect(errorsOf(subfolderSchema, { name: '  ' })).toEqual({ name: ['Please enter a subfolder name'] });
    expect(errorsOf(templateNameSchema, { name: '' })).toEqual({ name: ['Template name is required'] });
    expect(subfolderSchema.parse({ name: '  Recipes ' })).toEqual({ name: 'Recipes' });
  });
});

describe('shareFormSchema', () => {
  it('accepts each method', () => {
    expect(shareFormSchema.safeParse({ shareType: 'email', recipient: 'a@b.co' }).success).toBe(true);
    expect(shareFormSchema.safeParse({ shareType: 'phone', recipient: '555' }).success).toBe(true);
    expect(shareFormSchema.safeParse({ shareType: 'social', recipient: 'handle', socialPlatform: 'twitter' }).success).toBe(true);
    expect(shareFormSchema.safeParse({ shareType: 'username', recipient: 'bob' }).success).toBe(true);
  });
  it('does not validate e-mail or phone formats beyond being non-empty', () => {
    expect(shareFormSchema.safeParse({ shareType: 'email', recipient: 'not an email' }).success).toBe(true);
  });
  it("requires a recipient ('Recipient is required' only)", () => {
    expect(errorsOf(shareFormSchema, { shareType: 'username', recipient: ' ' })).toEqual({ recipient: ['Recipient is required'] });
  });
  it('reports the combined message on socialPlatform when social has no platform', () => {
    expect(errorsOf(shareFormSchema, { shareType: 'social', recipient: 'h', socialPlatform: '' })).toEqual({
      socialPlatform: [SHARE_RULES_MESSAGE],
    });
    expect(SHARE_RULES_MESSAGE).toBe('Social platform is required when sharing via social media, username must be 3-30 characters');
  });
  it('reports the combined message on recipient for usernames outside 3-30 characters', () => {
    expect(errorsOf(shareFormSchema, { shareType: 'username', recipient: 'ab' })).toEqual({ recipient: [SHARE_RULES_MESSAGE] });
    expect(errorsOf(shareFormSchema, { shareType: 'username', recipient: 'a'.repeat(31) })).toEqual({ recipient: [SHARE_RULES_MESSAGE] });
    expect(shareFormSchema.safeParse({ shareType: 'username', recipient: '@abc' }).success).toBe(true);
  });
  it('refuses unknown methods and platforms', () => {
    expect(shareFormSchema.safeParse({ shareType: 'fax', recipient: 'x' }).success).toBe(false);
    expect(shareFormSchema.safeParse({ shareType: 'social', recipient: 'x', socialPlatform: 'myspace' }).success).toBe(false);
  });
});

describe('share-link payload', () => {
  const sender = '11111111-1111-4111-8111-111111111111';
  const link = '22222222-2222-4222-8222-222222222222';
  const base = { sender_id: sender, link_id: link, message: 'hi' };

  it('accepts exactly one recipient kind', () => {
    for (const recipient of [
      { recipient_email: 'a@b.co' },
      { recipient_phone: '5550102' },
      { social_platform: 'tiktok', social_handle: '@me' },
      { recipient_username: 'bob' },
    ]) {
      expect(shareLinkPayloadSchema.safeParse({ shareData: { ...base, ...recipient } }).success).toBe(true);
    }
  });
  it('refuses no recipient, two recipients, half a social recipient and bad ids', () => {
    expect(shareLinkPayloadSchema.safeParse({ shareData: base }).success).toBe(false);
    expect(shareLinkPayloadSchema.safeParse({ shareData: { ...base, recipient_email: 'a@b.co', recipient_username: 'bob' } }).success).toBe(
      false,
    );
    expect(shareLinkPayloadSchema.safeParse({ shareData: { ...base, social_platform: 'tiktok' } }).success).toBe(false);
    expect(shareLinkPayloadSchema.safeParse({ shareData: { ...base, sender_id: 'me', recipient_username: 'bob' } }).success).toBe(false);
    expect(shareLinkPayloadSchema.safeParse({}).success).toBe(false);
    expect(shareLinkPayloadSchema.safeParse({ shareData: { ...base, recipient_username: 'bob', message: 'x'.repeat(1001) } }).success).toBe(
      false,
    );
  });
  it('is built from the share form', () => {
    const email = toShareLinkPayload(shareFormSchema.parse({ shareType: 'email', recipient: ' Bob@Example.com ' }), sender, link);
    expect(email).toEqual({
      shareData: { sender_id: sender, link_id: link, message: DEFAULT_SHARE_MESSAGE, recipient_email: 'bob@example.com' },
    });
    const social = toShareLinkPayload(
      shareFormSchema.parse({ shareType: 'social', recipient: 'me', socialPlatform: 'youtube', message: 'Look' }),
      sender,
      link,
    );
    expect(social.shareData).toMatchObject({ social_platform: 'youtube', social_handle: 'me', message: 'Look' });
    const username = toShareLinkPayload(shareFormSchema.parse({ shareType: 'username', recipient: '@bob' }), sender, link);
    expect(username.shareData.recipient_username).toBe('bob');
    for (const payload of [email, social, username]) expect(shareLinkPayloadSchema.safeParse(payload).success).toBe(true);
  });
  it('uses the branded default message', () => {
    expect(DEFAULT_SHARE_MESSAGE).toBe('Your friend on LinkVault shared this with you!');
  });
});
