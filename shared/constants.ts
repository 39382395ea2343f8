/**
 * Product constants from both specs' §9 (and the fixed values their other sections name).
 * Imports nothing, so the web app, the extension and the Deno edge functions can all use it.
 * Values the spec leaves open are marked "chosen" with the reason.
 */

// ── Brand ────────────────────────────────────────────────────────────────
/** Fills `{product}` / `{brand}` in the spec's copy. */
export const BRAND_NAME = 'LinkVault';
export const TAGLINE = 'The best links in life are free.';
export const LANDING_PAGE_TITLE = `${BRAND_NAME} — Save and share your favorite links`;
export const LANDING_AD_TEXT = 'Future ad space';
export const DEFAULT_SHARE_MESSAGE = `Your friend on ${BRAND_NAME} shared this with you!`;

// ── Passwords and auth ───────────────────────────────────────────────────
export const PASSWORD_MIN_LENGTH = 12;
/** Chosen: GoTrue (and bcrypt) refuse passwords longer than 72 characters. */
export const PASSWORD_MAX_LENGTH = 72;
/** Secure reset needs at least 3 of the 4 classes (lowercase, uppercase, digit, symbol). */
export const SECURE_RESET_MIN_CHARACTER_CLASSES = 3;
/** The last 5 passwords cannot be reused. */
export const PASSWORD_HISTORY_SIZE = 5;
/** Identity parts (e-mail local part, username) shorter than this are not checked in a password. */
export const PASSWORD_IDENTITY_MIN_PART_LENGTH = 3;
/** 4+ sequential ('abcd', '4321') or repeated ('aaaa') characters are refused by secure reset. */
export const PASSWORD_SEQUENCE_RUN_LENGTH = 4;

// ── Landing and layout ───────────────────────────────────────────────────
export const LOGO_TRANSPARENCY_TOLERANCE = 40;
export const BANNER_HEADER_HEIGHT = '8rem';
export const SCROLL_AREA_HIDE_DELAY_MS = 600;
export const PARTICLE_EFFECT_CAP = 250;
export const PRIVACY_POLICY_EFFECTIVE_DATE = 'August 8, 2025';
export const DATA_DELETION_EMAIL_SUBJECT = 'Data Deletion Request';
export const SUPPORT_REPLY_TIME = '1-2 business days';

// ── Files and storage ────────────────────────────────────────────────────
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const ICON_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;
export const BACKGROUND_MIME_PREFIX = 'image/';
export const ICON_GALLERY = ['Folder', 'Star', 'Link', 'Tag', 'Clock', 'Email', 'Social', 'Hash', 'Calendar', 'Documents', 'Home'] as const;
export const STORAGE_BUCKETS = {
  linkIcons: 'link-icons',
  bannerBackgrounds: 'banner-backgrounds',
  categoryIcons: 'category-icons',
  mainPhotos: 'main-photos',
  messageImages: 'message-images',
} as const;
export type StorageBucket = (typeof STORAGE_BUCKETS)[keyof typeof STORAGE_BUCKETS];
/** Settings icon listing (and each icon category in storage), latest first. */
export const SETTINGS_ICON_LIST_LIMIT = 100;

// ── Categories and folders ───────────────────────────────────────────────
export const DEFAULT_CATEGORY_NAME = 'Recently Saved Links';
export const INCOMING_CATEGORY_NAME = 'Recently Received Links (Incoming)';
/** Chosen: the spec says Instagram and TikTok variants exist but does not show their names. */
export const INCOMING_INSTAGRAM_CATEGORY_NAME = 'Recently Received Links (Instagram)';
export const INCOMING_TIKTOK_CATEGORY_NAME = 'Recently Received Links (TikTok)';
export const INCOMING_CATEGORY_NAMES = [INCOMING_CATEGORY_NAME, INCOMING_INSTAGRAM_CATEGORY_NAME, INCOMING_TIKTOK_CATEGORY_NAME] as const;
export const OUTGOING_SECTION_NAME = 'Recently Shared Links (Outgoing)';
/** categories.system_key: which of the user's folders the server files links into by itself (null for the others). */
export const SYSTEM_CATEGORY_KEYS = ['saved', 'incoming', 'approved', 'rejected'] as const;
export type SystemCategoryKey = (typeof SYSTEM_CATEGORY_KEYS)[number];
/** The category select's '+ Create new category' option value: the link form then asks for a name. */
export const NEW_CATEGORY_OPTION = '__new__';
/** Ids of the two virtual sub-sections of the default category. */
export const INCOMING_CATEGORY_ID = 'incoming-category';
export const OUTGOING_CATEGORY_ID = 'outgoing-category';
/** Pseudo-category showing every template category. */
export const ALL_TEMPLATES_CATEGORY_ID = 'all-templates';
export const ALL_TEMPLATES_TITLE = 'Our Templates';
/** Links shown per category (and per incoming/outgoing sub-section) in the grid preview. */
export const CATEGORY_PREVIEW_LINK_COUNT = 3;
export const DEFAULT_ICON_OUTLINE_COLOR = '#3b82f6';
/** Chosen: the spec has ten preset outline colours without the list; Tailwind 500 shades, default first. */
export const OUTLINE_COLOR_PRESETS = [
  '#3b82f6',
  '#10b981',
  '#8b5cf6',
  '#ec4899',
  '#ef4444',
  '#f97316',
  '#eab308',
  '#14b8a6',
  '#6366f1',
  '#64748b',
] as const;

// ── Links: ordering, display ─────────────────────────────────────────────
/** 'Beginning' = newest + 60 s, 'End' = oldest − 60 s. */
export const REORDER_OFFSET_MS = 60_000;
export const DESCRIPTION_PREVIEW_LENGTH = 120;
export const VIEW_MODES = ['gallery', 'compact', 'list'] as const;
export type ViewMode = (typeof VIEW_MODES)[number];
export const SORT_OPTIONS = ['newest', 'oldest', 'alphabetical', 'most_viewed', 'most_shared'] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];
/** Window-width breakpoint (px) from which a card's reorder bar is a hover overlay (Tailwind's sm). */
export const GRID_BREAKPOINTS = [640] as const;
/**
 * The narrowest card a view mode lays out (px): as many columns as fit the grid's width, so a title
 * shows at least ~24 characters (gallery cards also hold a picture and a description). List is one
 * row a link. Gap between cards: GRID_GAP_PX.
 */
export const GRID_MIN_CARD_WIDTH: Record<Exclude<ViewMode, 'list'>, number> = { gallery: 320, compact: 260 };
export const GRID_MAX_COLUMNS: Record<ViewMode, number> = { gallery: 6, compact: 8, list: 1 };
export const GRID_GAP_PX = 12;

// ── Sharing ──────────────────────────────────────────────────────────────
export const SHARE_TYPES = ['email', 'phone', 'social', 'username'] as const;
export type ShareType = (typeof SHARE_TYPES)[number];
export const SOCIAL_PLATFORMS = ['instagram', 'twitter', 'facebook', 'snapchat', 'tiktok', 'youtube'] as const;
export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number];
export const SOCIAL_PLATFORM_LABELS: Record<SocialPlatform, string> = {
  // The spec lists the allowed values in lower case; the labels people read are the brands' own names.
  instagram: 'Instagram',
  twitter: 'X (Twitter)',
  facebook: 'Facebook',
  snapchat: 'Snapchat',
  tiktok: 'TikTok',
  youtube: 'YouTube',
};
export const SHARED_LINK_STATUSES = ['pending', 'accepted', 'rejected'] as const;
export type SharedLinkStatus = (typeof SHARED_LINK_STATUSES)[number];
/** Incoming view auto-refresh. */
export const INCOMING_REFRESH_MS = 30_000;
export const INCOMING_SOURCES = ['tiktok', 'instagram', 'generic'] as const;
export type IncomingSource = (typeof INCOMING_SOURCES)[number];
export const INCOMING_METHODS = ['web_share_target', 'deep_link'] as const;
export type IncomingMethod = (typeof INCOMING_METHODS)[number];
/** Redirect to /dashboard after a share-in save. */
export const SHARE_SAVE_REDIRECT_MS = 1_500;

// ── Usernames, public page URL names, contacts ───────────────────────────
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 30;
export const USERNAME_CHECK_DEBOUNCE_MS = 500;
export const USERNAME_SUGGESTION_MIN_CHARS = 2;
export const USERNAME_SUGGESTION_LIMIT = 5;
export const USERNAME_SUGGESTION_DEBOUNCE_MS = 300;
export const SLUG_MIN_LENGTH = 3;
export const SLUG_MAX_LENGTH = 30;
export const SLUG_CHECK_DEBOUNCE_MS = 400;
export const PHONE_MIN_DIGITS = 7;

// ── E-mail change codes ──────────────────────────────────────────────────
export const EMAIL_CODE_LENGTH = 6;
export const EMAIL_CODE_EXPIRY_MINUTES = 5;
export const EMAIL_CODES_PER_HOUR = 3;
/** Wrong codes per stored code; the last one burns the code (check_email_change_code). */
export const EMAIL_CODE_MAX_TRIES = 5;
/** Chosen: how long the link e-mailed to the old address can undo an e-mail change. */
export const EMAIL_CHANGE_UNDO_DAYS = 7;
/** The web page the undo link opens (its token in the fragment); it calls the restore-email function. */
export const EMAIL_CHANGE_UNDO_PATH = '/auth/restore-email';

// ── Account limits (one definition: the migrations' functions answer the same, tests/db/abuse-limits.test.ts) ──
/** Chosen: links one account can hold, on every insert path (far above any real collection). */
export const LINK_QUOTA = 100_000;
/** Links per import_links call: one call stays a short statement other users barely wait for. */
export const IMPORT_LINKS_PER_CALL = 100;
/** Links offered to import_links per user and minute; then 429 until the minute is over. */
export const IMPORT_LINKS_PER_MINUTE = 30_000;
/** Most links list_links / list_folder_links answer in one call (more: pages of at most this many). */
export const LINK_LIST_MAX_ROWS = 10_000;
/** Most bytes of link values one list answer holds (more: smaller pages). */
export const LINK_LIST_MAX_BYTES = 6 * 1024 * 1024;
/** Chosen: a released username or URL name is held this long before anyone else can take it. */
export const NAME_HOLD_DAYS = 30;
/** Chosen: pending e-mail invitations one page owner can have. */
export const PAGE_INVITATIONS_MAX = 200;

// ── AI discovery ─────────────────────────────────────────────────────────
export const AI_MODEL = 'gpt-4o-mini';
export const AI_MAX_COMPLETION_TOKENS = 1500;
export const AI_MIN_SUGGESTIONS = 3;
export const AI_MAX_SUGGESTIONS = 5;
export const AI_CONTEXT_LINK_LIMIT = 10;
export const AI_SUGGESTIONS_LIST_HEIGHT_PX = 400;
/** Chosen: AI discovery calls per user (the ai-chat function; far above what a person asks by hand). */
export const AI_CHATS_PER_MINUTE = 6;
export const AI_CHATS_PER_DAY = 100;
/** Chosen caps of one ai-chat call (the card sends one user message well within them). */
export const AI_MAX_MESSAGES = 6;
export const AI_MAX_MESSAGE_CHARS = 4_000;
export const AI_MAX_TOTAL_CHARS = 8_000;

// ── Appearance ───────────────────────────────────────────────────────────
export const THEMES = ['system', 'light', 'dark', 'gray'] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'dark';
export const DENSITIES = ['comfortable', 'compact'] as const;
export type Density = (typeof DENSITIES)[number];
export const DEFAULT_DENSITY: Density = 'comfortable';
export const DEFAULT_ACCENT_HSL = '222.2 47.4% 11.2%';
export const ACCENT_PRESETS = [
  { name: 'Blue', hex: '#3b82f6' },
  { name: 'Emerald', hex: '#10b981' },
  { name: 'Violet', hex: '#8b5cf6' },
  { name: 'Pink', hex: '#ec4899' },
] as const;
/** Accents lighter than this (HSL lightness, %) get dark text. */
export const ACCENT_TEXT_LIGHTNESS_THRESHOLD = 55;

// ── Public page and studio ───────────────────────────────────────────────
export const PAGE_VISIBILITIES = ['public', 'exclusive', 'private'] as const;
export type PageVisibility = (typeof PAGE_VISIBILITIES)[number];
export const MAIN_PHOTO_SIZES = ['x-large', 'large', 'medium', 'small', 'none'] as const;
export type MainPhotoSize = (typeof MAIN_PHOTO_SIZES)[number];
export const MESSAGE_BOX_COUNT = 7;
export const MESSAGE_BOX_TITLE_MAX = 60;
export const MESSAGE_BOX_TEXT_MAX = 255;
export const MESSAGE_IMAGES_MAX = 6;
export const BANNER_MESSAGE_MAX = 120;
export const DEFAULT_BANNER_MESSAGE = 'Welcome to my page.';
export const DEFAULT_PROFILE_SECTION_TITLE = 'Profile';
export const DEFAULT_BIO_SOCIAL_SECTION_TITLE = 'Bio & Social';
/** The studio's Theme tab (saved with the page: a deviation, the spec keeps them in local state). */
export const STUDIO_THEMES = ['light', 'dark', 'neon', 'pastel'] as const;
export type StudioTheme = (typeof STUDIO_THEMES)[number];
export const DEFAULT_STUDIO_THEME: StudioTheme = 'light';
export const DEFAULT_STUDIO_ACCENT = '#3b82f6';
/** 'Message Box 1' … 'Message Box 7'. */
export const DEFAULT_MESSAGE_TITLES: readonly string[] = Array.from({ length: MESSAGE_BOX_COUNT }, (_, i) => `Message Box ${i + 1}`);

// ── Roles ────────────────────────────────────────────────────────────────
export const ADMIN_ROLE = 'admin';
/** user_roles.role: the roles the server grants (scripts/admin.ts). */
export const USER_ROLES = [ADMIN_ROLE] as const;
export type UserRole = (typeof USER_ROLES)[number];
