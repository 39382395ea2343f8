import { z } from 'zod';
import {
  BANNER_MESSAGE_MAX,
  MAIN_PHOTO_SIZES,
  MESSAGE_BOX_COUNT,
  MESSAGE_BOX_TEXT_MAX,
  MESSAGE_BOX_TITLE_MAX,
  MESSAGE_IMAGES_MAX,
  DEFAULT_STUDIO_ACCENT,
  DEFAULT_STUDIO_THEME,
  STUDIO_THEMES,
} from '../constants.ts';
import { optionalHttpUrlField, optionalTextField } from './fields.ts';
import { impersonatesProduct, NAME_RULE_MESSAGES } from '../rules/reserved-names.ts';

/** Chosen limits for fields the spec leaves open (bounded so one row stays small). */
export const BIO_MAX = 1000;
export const SHORT_TEXT_MAX = 100;
export const HANDLE_MAX = 50;
const STORAGE_PATH_MAX = 1024;

const WEBPAGE_MESSAGES = {
  messageTitleTooLong: `Message box titles must be at most ${MESSAGE_BOX_TITLE_MAX} characters`,
  messageTextTooLong: `Message box text must be at most ${MESSAGE_BOX_TEXT_MAX} characters`,
  tooManyMessageBoxes: `At most ${MESSAGE_BOX_COUNT} message boxes`,
  tooManyImages: `At most ${MESSAGE_IMAGES_MAX} message images`,
  bannerTooLong: `Banner message must be at most ${BANNER_MESSAGE_MAX} characters`,
  bioTooLong: `Bio must be at most ${BIO_MAX} characters`,
  textTooLong: `Must be at most ${SHORT_TEXT_MAX} characters`,
  handleTooLong: `Handle must be at most ${HANDLE_MAX} characters`,
  invalidUrl: 'Please enter a valid URL',
  invalidAccent: 'Choose a colour like #3b82f6',
} as const;

/** '#rrggbb', the accent colour's stored form. */
const ACCENT_COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;

const storagePath = z
  .string()
  .max(STORAGE_PATH_MAX)
  .nullish()
  .transform((v) => v || null);
const shortText = optionalTextField(SHORT_TEXT_MAX, WEBPAGE_MESSAGES.textTooLong);
/** A name the page shows as its owner's: it cannot pose as the product (shared/rules/reserved-names.ts; the database refuses it too). */
const displayName = shortText.refine((v) => !impersonatesProduct(v), NAME_RULE_MESSAGES.displayName);
/** '@name' and 'name' are the same handle; stored without the '@'. */
const handle = optionalTextField(HANDLE_MAX, WEBPAGE_MESSAGES.handleTooLong).transform((v) => v.trim().replace(/^@/, ''));

/** The studio's webpage_settings fields (the upsert is keyed by user_id, added by the data layer). */
export const webpageSettingsSchema = z.object({
  main_photo_path: storagePath,
  main_photo_size: z.enum(MAIN_PHOTO_SIZES).default('medium'),
  message_image_paths: z.array(z.string().min(1).max(STORAGE_PATH_MAX)).max(MESSAGE_IMAGES_MAX, WEBPAGE_MESSAGES.tooManyImages).default([]),
  message_boxes: z
    .array(z.string().max(MESSAGE_BOX_TEXT_MAX, WEBPAGE_MESSAGES.messageTextTooLong))
    .max(MESSAGE_BOX_COUNT, WEBPAGE_MESSAGES.tooManyMessageBoxes)
    .default([]),
  message_titles: z
    .array(z.string().max(MESSAGE_BOX_TITLE_MAX, WEBPAGE_MESSAGES.messageTitleTooLong))
    .max(MESSAGE_BOX_COUNT, WEBPAGE_MESSAGES.tooManyMessageBoxes)
    .default([]),
  banner_message: optionalTextField(BANNER_MESSAGE_MAX, WEBPAGE_MESSAGES.bannerTooLong),
  banner_background_url: optionalHttpUrlField(WEBPAGE_MESSAGES.invalidUrl),
  bio: optionalTextField(BIO_MAX, WEBPAGE_MESSAGES.bioTooLong),
  website_url: optionalHttpUrlField(WEBPAGE_MESSAGES.invalidUrl),
  twitter_handle: handle,
  instagram_handle: handle,
  linkedin_url: optionalHttpUrlField(WEBPAGE_MESSAGES.invalidUrl),
  public_display_name: displayName,
  company_name: displayName,
  links_section_title: shortText,
  profile_section_title: shortText,
  bio_social_section_title: shortText,
  theme_mode: z.enum(STUDIO_THEMES).default(DEFAULT_STUDIO_THEME),
  accent_color: z.string().trim().regex(ACCENT_COLOR_PATTERN, WEBPAGE_MESSAGES.invalidAccent).default(DEFAULT_STUDIO_ACCENT),
});
export type WebpageSettingsInput = z.infer<typeof webpageSettingsSchema>;
