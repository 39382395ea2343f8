import { describe, expect, it } from 'vitest';
import { isValidPhone, normalizeEmail, phoneDigits } from '../../shared/rules/contact.ts';
import {
  detectIncomingSource,
  extractSharedUrl,
  incomingFolderName,
  parseIncomingSource,
  receiveButtonLabel,
} from '../../shared/rules/incoming-source.ts';
import { isReservedSlug, isValidSlug, sanitizeSlugInput } from '../../shared/rules/slug.ts';
import {
  canViewPreview,
  canViewPublicPage,
  categoryShareUrl,
  pageUnavailableReason,
  publicPageUrl,
} from '../../shared/rules/public-page.ts';

describe('contact rules', () => {
  it('phones keep digits and need at least 7', () => {
    expect(phoneDigits('+1 (555) 010-2030')).toBe('15550102030');
    expect(isValidPhone('555-0102')).toBe(true);
    expect(isValidPhone('555-010')).toBe(false);
    expect(isValidPhone('phone')).toBe(false);
  });
  it('e-mails are trimmed and lower-cased', () => {
    expect(normalizeEmail('  Bob@Example.COM ')).toBe('bob@example.com');
  });
});

describe('incoming sources', () => {
  it('names the incoming folders', () => {
    expect(incomingFolderName('generic')).toBe('Recently Received Links (Incoming)');
    expect(incomingFolderName('instagram')).toBe('Recently Received Links (Instagram)');
    expect(incomingFolderName('tiktok')).toBe('Recently Received Links (TikTok)');
  });
  it('labels the /receive button', () => {
    expect(receiveButtonLabel('instagram')).toBe('Add to Incoming Instagram Links');
    expect(receiveButtonLabel('tiktok')).toBe('Add to Incoming TikTok Links');
    expect(receiveButtonLabel('generic')).toBe('Add to Receiving Folder');
  });
  it('parses and detects sources', () => {
    expect(parseIncomingSource('TikTok')).toBe('tiktok');
    expect(parseIncomingSource('myspace')).toBe('generic');
    expect(parseIncomingSource(null)).toBe('generic');
    expect(detectIncomingSource('https://vm.tiktok.com/abc')).toBe('tiktok');
    expect(detectIncomingSource('https://www.instagram.com/p/x')).toBe('instagram');
    expect(detectIncomingSource('https://notinstagram.com/p/x')).toBe('generic');
    expect(detectIncomingSource('garbage')).toBe('generic');
  });
  it('extracts the shared URL from url, link or text', () => {
    expect(extractSharedUrl({ url: ' https://a.com ', link: 'https://b.com' })).toBe('https://a.com');
    expect(extractSharedUrl({ link: 'https://b.com' })).toBe('https://b.com');
    expect(extractSharedUrl({ text: 'Look at this: https://c.com/x?y=1.' })).toBe('https://c.com/x?y=1');
    expect(extractSharedUrl({ text: 'no link here' })).toBeNull();
    expect(extractSharedUrl({})).toBeNull();
  });
});

describe('public URL names', () => {
  it('strips characters other than letters, digits, _ and -', () => {
    expect(sanitizeSlugInput('My Page!_2025-ok')).toBe('MyPage_2025-ok');
  });
  it('needs 3-30 allowed characters and no app route name', () => {
    expect(isValidSlug('abc')).toBe(true);
    expect(isValidSlug('a'.repeat(30))).toBe(true);
    expect(isValidSlug('ab')).toBe(false);
    expect(isValidSlug('a'.repeat(31))).toBe(false);
    expect(isValidSlug('has space')).toBe(false);
    expect(isReservedSlug('Dashboard')).toBe(true);
    expect(isValidSlug('settings')).toBe(false);
  });
});

describe('public page access', () => {
  const page = { published: true, visibility: 'public' as const };
  it('anyone may view a published public page', () => {
    expect(canViewPublicPage({ ...page, isOwner: false, isAdmin: false })).toBe(true);
  });
  it('unpublished, private and exclusive pages are for the owner and admins', () => {
    for (const p of [
      { published: false, visibility: 'public' as const },
      { published: true, visibility: 'private' as const },
      { published: true, visibility: 'exclusive' as const },
    ]) {
      expect(canViewPublicPage({ ...p, isOwner: false, isAdmin: false })).toBe(false);
      expect(canViewPublicPage({ ...p, isOwner: true, isAdmin: false })).toBe(true);
      expect(canViewPublicPage({ ...p, isOwner: false, isAdmin: true })).toBe(true);
    }
    expect(canViewPreview({ isOwner: false, isAdmin: false })).toBe(false);
    expect(canViewPreview({ isOwner: false, isAdmin: true })).toBe(true);
  });
  it('explains why a page is unavailable', () => {
    expect(pageUnavailableReason({ published: false, visibility: 'public' }, 'ada')).toBe(
      "The profile for @ada hasn't been published yet.",
    );
    expect(pageUnavailableReason({ published: true, visibility: 'private' }, 'ada')).toBe('This page is private.');
    expect(pageUnavailableReason({ published: true, visibility: 'exclusive' }, 'ada')).toBe('This page is exclusive to allowed members.');
    expect(pageUnavailableReason(page, 'ada')).toBeNull();
  });
  it('builds public and category URLs', () => {
    expect(publicPageUrl('https://app.test/', 'ada')).toBe('https://app.test/ada');
    expect(publicPageUrl('https://app.test', '  ')).toBeNull();
    expect(categoryShareUrl('https://app.test', 'c1')).toBe('https://app.test/category/c1');
  });
});
