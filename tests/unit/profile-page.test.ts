import { describe, expect, it } from 'vitest';
import {
  accentOf,
  bannerMessageOf,
  cleanHandle,
  initialsOf,
  messageBoxesOf,
  messageImagesOf,
  pageDisplayName,
  pageMetaOf,
  socialLinksOf,
  textOnAccent,
  unavailableMessageOf,
  type ProfilePageFields,
} from '../../shared/rules/profile-page.ts';
import { webpageSettingsSchema } from '../../shared/schemas/webpage-settings.ts';

const base: ProfilePageFields = {
  slug: 'ada',
  username: 'ada',
  first_name: 'Ada',
  last_name: 'Lovelace',
  public_display_name: null,
  company_name: null,
  banner_message: null,
  bio: null,
  website_url: null,
  twitter_handle: null,
  instagram_handle: null,
  linkedin_url: null,
  message_boxes: null,
  message_titles: null,
  message_image_paths: null,
  profile_section_title: null,
  bio_social_section_title: null,
  links_section_title: null,
  accent_color: null,
};

describe('profile page rules', () => {
  it('names, initials and the default banner message', () => {
    expect(pageDisplayName(base)).toBe('Ada Lovelace');
    expect(pageDisplayName({ ...base, public_display_name: '  Countess  ' })).toBe('Countess');
    expect(pageDisplayName({ ...base, first_name: null, last_name: null })).toBe('@ada');
    expect(initialsOf('Ada King Lovelace')).toBe('AL');
    expect(initialsOf('@ada')).toBe('A');
    expect(initialsOf('')).toBe('?');
    expect(bannerMessageOf(base)).toBe('Welcome to my page.');
  });

  it('renders only http(s) links; handles keep handle characters only', () => {
    const links = socialLinksOf({
      website_url: 'javascript:alert(1)',
      twitter_handle: '@a"><script>',
      instagram_handle: 'https://instagram.com/ada.l/',
      linkedin_url: 'data:text/html,x',
    });
    expect(links).toEqual([
      { kind: 'twitter', label: 'X/Twitter', href: 'https://x.com/ascript', text: '@ascript' },
      { kind: 'instagram', label: 'Instagram', href: 'https://www.instagram.com/ada.l', text: '@ada.l' },
    ]);
    expect(cleanHandle('  @ada_l  ')).toBe('ada_l');
    const all = socialLinksOf({
      website_url: 'https://www.ada.dev/x',
      twitter_handle: 'a',
      instagram_handle: 'b',
      linkedin_url: 'https://linkedin.com/in/ada',
    });
    expect(all.map((l) => l.href.startsWith('https://'))).toEqual([true, true, true, true]);
    expect(all[0].text).toBe('ada.dev');
  });

  it('message boxes with text only, default titles; at most 6 images', () => {
    expect(messageBoxesOf({ message_boxes: ['', 'Hello', ' '], message_titles: ['A', ''] })).toEqual([
      { index: 1, title: 'Message Box 2', text: 'Hello' },
    ]);
    expect(messageImagesOf({ message_image_paths: ['1', '2', '3', '4', '5', '6', '7', ''] })).toEqual(['1', '2', '3', '4', '5', '6']);
  });

  it('accent colour goes into CSS only as #rrggbb; text on it by contrast', () => {
    expect(accentOf({ accent_color: 'red;background:url(x)' })).toBe('#3b82f6');
    expect(accentOf({ accent_color: '#EC4899' })).toBe('#EC4899');
    expect(textOnAccent('#ffffff')).toBe('#000000');
    expect(textOnAccent('#1e3a8a')).toBe('#ffffff');
  });

  it('meta: the owner title and description; unavailable messages', () => {
    expect(pageMetaOf({ ...base, company_name: 'Engines', bio: 'Poetical\nscience' })).toEqual({
      title: 'Ada Lovelace · Engines',
      description: 'Poetical science',
    });
    expect(pageMetaOf(base).description).toBe('Welcome to my page.');
    expect(unavailableMessageOf('private', 'ada')).toBe('This page is private.');
    expect(unavailableMessageOf('exclusive', 'ada')).toBe('This page is exclusive to allowed members.');
    expect(unavailableMessageOf('unpublished', 'ada')).toBe("The profile for @ada hasn't been published yet.");
    expect(unavailableMessageOf('ok', 'ada')).toBeNull();
  });

  it('the studio schema: theme and accent, defaults', () => {
    expect(webpageSettingsSchema.parse({})).toMatchObject({ theme_mode: 'light', accent_color: '#3b82f6', main_photo_size: 'medium' });
    expect(webpageSettingsSchema.safeParse({ theme_mode: 'gray' }).success).toBe(false);
    expect(webpageSettingsSchema.safeParse({ accent_color: 'red' }).error?.issues[0].message).toBe('Choose a colour like #3b82f6');
  });
});
