import { ICON_GALLERY } from '~shared/constants.ts';

/** One icon of the category gallery (part 1 §2: 11 icons), served from web/public/icons/gallery. */
export interface GalleryIcon {
  name: (typeof ICON_GALLERY)[number];
  /** What is stored in categories.icon_url: a site-relative path, stable across builds and deploys. */
  path: string;
}

const GALLERY_PATH_PREFIX = '/icons/gallery/';

export const GALLERY_ICONS: readonly GalleryIcon[] = ICON_GALLERY.map((name) => ({
  name,
  path: `${GALLERY_PATH_PREFIX}${name.toLowerCase()}.svg`,
}));

const GALLERY_PATH = /^\/icons\/gallery\/[a-z]+\.svg$/;

/**
 * The src to show for a stored category icon: a gallery path, or an uploaded http(s) image.
 * Anything else (javascript:, data:, other relative paths) is not rendered.
 */
export function categoryIconSrc(iconUrl: string | null | undefined): string | null {
  if (!iconUrl) return null;
  if (GALLERY_PATH.test(iconUrl)) return iconUrl;
  try {
    const url = new URL(iconUrl);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}
