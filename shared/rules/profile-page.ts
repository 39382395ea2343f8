import {
  DEFAULT_BANNER_MESSAGE,
  DEFAULT_BIO_SOCIAL_SECTION_TITLE,
  DEFAULT_MESSAGE_TITLES,
  DEFAULT_PROFILE_SECTION_TITLE,
  DEFAULT_STUDIO_ACCENT,
  MESSAGE_BOX_COUNT,
  MESSAGE_IMAGES_MAX,
} from '../constants.ts';
import { safeHref } from './url.ts';

/**
 * What a public profile page (/{slug}) shows, derived from get_public_page_by_slug's row. Pure: the
 * web page, the static server's Open Graph tags and the tests use the same answers.
 */

export interface ProfilePageFields {
  slug: string;
  username: string | null;
  first_name: string | null;
  last_name: string | null;
  public_display_name: string | null;
  company_name: string | null;
  banner_message: string | null;
  bio: string | null;
  website_url: string | null;
  twitter_handle: string | null;
  instagram_handle: string | null;
  linkedin_url: string | null;
  message_boxes: readonly string[] | null;
  message_titles: readonly string[] | null;
  message_image_paths: readonly string[] | null;
  profile_section_title: string | null;
  bio_social_section_title: string | null;
  links_section_title: string | null;
  accent_color: string | null;
}

const text = (value: string | null | undefined) => value?.trim() ?? '';

/** Display name, else first + last name, else '@username' (or the slug). */
export function pageDisplayName(
  page: Pick<ProfilePageFields, 'public_display_name' | 'first_name' | 'last_name' | 'username' | 'slug'>,
): string {
  return (
    text(page.public_display_name) ||
    [text(page.first_name), text(page.last_name)].filter(Boolean).join(' ') ||
    `@${page.username ?? page.slug}`
  );
}

/** Up to two letters for the initials circle ('Ada Lovelace' → 'AL', '@ada' → 'A'). */
export function initialsOf(name: string): string {
  const words = name
    .replace(/^@/, '')
    .split(/[\s_.-]+/)
    .filter(Boolean);
  const letters = words.length > 1 ? [words[0][0], words[words.length - 1][0]] : [words[0]?.[0] ?? '?'];
  return letters.join('').toUpperCase();
}

export const bannerMessageOf = (page: Pick<ProfilePageFields, 'banner_message'>) => text(page.banner_message) || DEFAULT_BANNER_MESSAGE;
export const profileTitleOf = (page: Pick<ProfilePageFields, 'profile_section_title'>) =>
  text(page.profile_section_title) || DEFAULT_PROFILE_SECTION_TITLE;
export const bioSocialTitleOf = (page: Pick<ProfilePageFields, 'bio_social_section_title'>) =>
  text(page.bio_social_section_title) || DEFAULT_BIO_SOCIAL_SECTION_TITLE;
/** Chosen: the links section is titled 'Links' unless the owner named it. */
export const linksTitleOf = (page: Pick<ProfilePageFields, 'links_section_title'>) => text(page.links_section_title) || 'Links';

/** A handle as typed ('@ada', 'ada', 'x.com/ada') reduced to the characters handles allow. */
export function cleanHandle(handle: string | null | undefined): string {
  const last = text(handle).replace(/\/+$/, '').split('/').pop() ?? '';
  return last
    .replace(/^@/, '')
    .replace(/[^A-Za-z0-9_.]/g, '')
    .slice(0, 50);
}

export type SocialKind = 'website' | 'twitter' | 'instagram' | 'linkedin';
export interface SocialLink {
  kind: SocialKind;
  label: string;
  /** Always an absolute http(s) URL. */
  href: string;
  /** What the link reads as ('example.com', '@ada'). */
  text: string;
}

/** Website, X/Twitter, Instagram, LinkedIn: only the ones set, only as http(s) links. */
export function socialLinksOf(
  page: Pick<ProfilePageFields, 'website_url' | 'twitter_handle' | 'instagram_handle' | 'linkedin_url'>,
): SocialLink[] {
  const links: SocialLink[] = [];
  const website = safeHref(page.website_url);
  if (website) links.push({ kind: 'website', label: 'Website', href: website, text: new URL(website).hostname.replace(/^www\./, '') });
  const twitter = cleanHandle(page.twitter_handle);
  if (twitter)
    links.push({ kind: 'twitter', label: 'X/Twitter', href: `https://x.com/${encodeURIComponent(twitter)}`, text: `@${twitter}` });
  const instagram = cleanHandle(page.instagram_handle);
  if (instagram)
    links.push({
      kind: 'instagram',
      label: 'Instagram',
      href: `https://www.instagram.com/${encodeURIComponent(instagram)}`,
      text: `@${instagram}`,
    });
  const linkedin = safeHref(page.linkedin_url);
  if (linkedin) links.push({ kind: 'linkedin', label: 'LinkedIn', href: linkedin, text: 'LinkedIn' });
  return links;
}

export interface MessageBox {
  index: number;
  title: string;
  text: string;
}

/** The message boxes with text (empty ones are not shown), titled 'Message Box N' by default. */
export function messageBoxesOf(page: Pick<ProfilePageFields, 'message_boxes' | 'message_titles'>): MessageBox[] {
  const boxes: MessageBox[] = [];
  for (let i = 0; i < MESSAGE_BOX_COUNT; i++) {
    const body = text(page.message_boxes?.[i]);
    if (body) boxes.push({ index: i, title: text(page.message_titles?.[i]) || DEFAULT_MESSAGE_TITLES[i], text: body });
  }
  return boxes;
}

export function messageImagesOf(page: Pick<ProfilePageFields, 'message_image_paths'>): string[] {
  return (page.message_image_paths ?? []).filter((p) => typeof p === 'string' && p.length > 0).slice(0, MESSAGE_IMAGES_MAX);
}

/** '#rrggbb' from the page, else the default (the value goes into CSS, so nothing else passes). */
export function accentOf(page: Pick<ProfilePageFields, 'accent_color'>): string {
  return /^#[0-9a-fA-F]{6}$/.test(page.accent_color ?? '') ? page.accent_color! : DEFAULT_STUDIO_ACCENT;
}

/** Black or white text on the accent, by relative luminance. */
export function textOnAccent(hex: string): '#000000' | '#ffffff' {
  const [r, g, b] = [1, 3, 5]
    .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.4 ? '#000000' : '#ffffff';
}

/** The owner's title and description for the document and the link preview (Open Graph). */
export function pageMetaOf(page: ProfilePageFields): { title: string; description: string } {
  const name = pageDisplayName(page);
  const company = text(page.company_name);
  const description = (text(page.bio) || bannerMessageOf(page)).replace(/\s+/g, ' ').slice(0, 200);
  return { title: company ? `${name} · ${company}` : name, description };
}

/** The title of 'This page isn't available' (part 2 §2) and of a public page or folder that failed to load. */
export const PAGE_UNAVAILABLE_TITLE = "This page isn't available";

export const PUBLIC_PAGE_MESSAGES = {
  previewPrivateTitle: 'This preview is private',
  previewPrivateDescription: 'Only the profile owner and admins can view it.',
  notFoundTitle: 'Oops! Page not found',
  returnHome: 'Return to Home',
} as const;

const UNAVAILABLE_MESSAGES = {
  private: 'This page is private.',
  exclusive: 'This page is exclusive to allowed members.',
  unpublished: (slug: string) => `The profile for @${slug} hasn't been published yet.`,
} as const;

/** The line under "This page isn't available"; null for 'ok' and 'not_found'. */
export function unavailableMessageOf(reason: string, slug: string): string | null {
  if (reason === 'private') return UNAVAILABLE_MESSAGES.private;
  if (reason === 'exclusive') return UNAVAILABLE_MESSAGES.exclusive;
  if (reason === 'unpublished') return UNAVAILABLE_MESSAGES.unpublished(slug);
  return null;
}
