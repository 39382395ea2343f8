import {
  DEFAULT_BANNER_MESSAGE,
  DEFAULT_BIO_SOCIAL_SECTION_TITLE,
  DEFAULT_MESSAGE_TITLES,
  DEFAULT_PROFILE_SECTION_TITLE,
  DEFAULT_STUDIO_ACCENT,
  DEFAULT_STUDIO_THEME,
  MESSAGE_BOX_COUNT,
  type MainPhotoSize,
  type StudioTheme,
} from '~shared/constants.ts';
import type { FeaturedItem } from '~shared/data/studio/featured.ts';
import type { WebpageSettingsRow } from '~shared/data/types.ts';
import { featuredItemsInputSchema, type FeaturedItemInput } from '~shared/schemas/featured-items.ts';
import { webpageSettingsSchema, type WebpageSettingsInput } from '~shared/schemas/webpage-settings.ts';

/** The studio's editable copy of webpage_settings: every text a string, 7 boxes and titles. */
export interface StudioDraft {
  main_photo_path: string | null;
  main_photo_size: MainPhotoSize;
  message_image_paths: string[];
  message_boxes: string[];
  message_titles: string[];
  banner_message: string;
  banner_background_url: string | null;
  bio: string;
  website_url: string;
  twitter_handle: string;
  instagram_handle: string;
  linkedin_url: string;
  public_display_name: string;
  company_name: string;
  links_section_title: string;
  profile_section_title: string;
  bio_social_section_title: string;
  theme_mode: StudioTheme;
  accent_color: string;
  /** The links section's featured links and folders, in page order (saved on their own table). */
  featured: FeaturedItem[];
}

const seven = (values: readonly string[] | null | undefined, fallback: (i: number) => string) =>
  Array.from({ length: MESSAGE_BOX_COUNT }, (_, i) => values?.[i] ?? fallback(i));

/** The draft for a saved row, or the spec's defaults when the user has none yet. */
export function draftFrom(row: WebpageSettingsRow | null | undefined, featured: readonly FeaturedItem[] = []): StudioDraft {
  return {
    main_photo_path: row?.main_photo_path ?? null,
    main_photo_size: row?.main_photo_size ?? 'medium',
    message_image_paths: [...(row?.message_image_paths ?? [])],
    message_boxes: seven(row?.message_boxes, () => ''),
    message_titles: seven(row?.message_titles, (i) => DEFAULT_MESSAGE_TITLES[i]),
    banner_message: row ? (row.banner_message ?? '') : DEFAULT_BANNER_MESSAGE,
    banner_background_url: row?.banner_background_url ?? null,
    bio: row?.bio ?? '',
    website_url: row?.website_url ?? '',
    twitter_handle: row?.twitter_handle ?? '',
    instagram_handle: row?.instagram_handle ?? '',
    linkedin_url: row?.linkedin_url ?? '',
    public_display_name: row?.public_display_name ?? '',
    company_name: row?.company_name ?? '',
    links_section_title: row?.links_section_title ?? '',
    profile_section_title: row ? (row.profile_section_title ?? '') : DEFAULT_PROFILE_SECTION_TITLE,
    bio_social_section_title: row ? (row.bio_social_section_title ?? '') : DEFAULT_BIO_SOCIAL_SECTION_TITLE,
    theme_mode: row?.theme_mode ?? DEFAULT_STUDIO_THEME,
    accent_color: row?.accent_color ?? DEFAULT_STUDIO_ACCENT,
    featured: featured.map((item) => ({ ...item })),
  };
}

export type DraftErrors = Partial<Record<string, string>>;

/** What save_featured_items takes for the draft's list. */
const featuredInputOf = (featured: readonly FeaturedItem[]): FeaturedItemInput[] =>
  featured.map((item) => ({
    link_id: item.link_id,
    category_id: item.category_id,
    custom_title: item.custom_title ?? '',
    image_url: item.image_url,
  }));

/**
 * Parses the draft with the one schema per table; errors keyed 'bio', 'message_titles.2',
 * 'featured.3.custom_title', …
 */
export function parseDraft(
  draft: StudioDraft,
): { ok: true; value: WebpageSettingsInput; featured: FeaturedItemInput[] } | { ok: false; errors: DraftErrors; first: string } {
  const { featured, ...settings } = draft;
  const result = webpageSettingsSchema.safeParse(settings);
  const featuredResult = featuredItemsInputSchema.safeParse(featuredInputOf(featured));
  if (result.success && featuredResult.success) return { ok: true, value: result.data, featured: featuredResult.data };
  const errors: DraftErrors = {};
  const issues = [
    ...(result.success ? [] : result.error.issues.map((issue) => ({ key: issue.path.join('.'), message: issue.message }))),
    ...(featuredResult.success
      ? []
      : featuredResult.error.issues.map((issue) => ({ key: ['featured', ...issue.path].join('.'), message: issue.message }))),
  ];
  for (const issue of issues) errors[issue.key] ??= issue.message;
  return { ok: false, errors, first: issues[0]?.message ?? '' };
}

export const sameDraft = (a: StudioDraft, b: StudioDraft) => JSON.stringify(a) === JSON.stringify(b);

/** Storage objects the saved row used that the new one no longer does (removed after a save). */
export function replacedImages(
  before: StudioDraft,
  after: StudioDraft,
): { mainPhotos: string[]; messageImages: string[]; banners: string[] } {
  const featuredImages = new Set(after.featured.map((item) => item.image_url));
  return {
    mainPhotos: before.main_photo_path && before.main_photo_path !== after.main_photo_path ? [before.main_photo_path] : [],
    // Featured items' uploaded images live in message-images too (as public URLs; other buckets' URLs are skipped).
    messageImages: [
      ...before.message_image_paths.filter((p) => !after.message_image_paths.includes(p)),
      ...before.featured.flatMap((item) => (item.image_url && !featuredImages.has(item.image_url) ? [item.image_url] : [])),
    ],
    banners:
      before.banner_background_url && before.banner_background_url !== after.banner_background_url ? [before.banner_background_url] : [],
  };
}
