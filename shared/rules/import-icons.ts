import { ICON_MIME_TYPES } from '../constants.ts';
import { IMAGE_MIME, PREVIEW_LIMITS, sniffRasterImage } from './link-preview.ts';

/**
 * Favicons inside bookmark files (Chrome and Edge write each bookmark's icon as an ICON="data:…"
 * URI). They become stored icons like any upload: the bytes are decoded, their real type sniffed
 * (never the URI's word), and only the icon types an upload may have (PNG, JPEG, GIF) up to the
 * size a fetched favicon may have are kept; anything else is dropped and the link imported without it.
 */

/** The largest favicon kept from a file: the same limit as a favicon the link-preview function fetches. */
export const IMPORT_ICON_MAX_BYTES = PREVIEW_LIMITS.iconBytes;
/** Distinct icons one import stores at most (a file with more keeps the first ones). */
export const IMPORT_ICONS_MAX = 5000;

// Raster image types only (an SVG can carry script; it is never kept). The bytes decide in the end.
const DATA_URI = /^data:image\/(?!svg)[a-z0-9.+-]+;base64,/i;

/** A cheap look at the text (the parser keeps only these): a base64 image URI not obviously over the limit. */
export function isImportableIconUri(value: string | undefined): value is string {
  if (!value || !DATA_URI.test(value)) return false;
  const payload = value.length - value.indexOf(',') - 1;
  return payload > 0 && Math.floor((payload * 3) / 4) <= IMPORT_ICON_MAX_BYTES + 2;
}

export interface DecodedIcon {
  bytes: Uint8Array<ArrayBuffer>;
  /** The sniffed type, one of the upload icon types. */
  type: (typeof ICON_MIME_TYPES)[number];
}

/** The icon's bytes and sniffed type, or null when it is not a PNG/JPEG/GIF within the limit. */
export function decodeImportIcon(uri: string): DecodedIcon | null {
  if (!isImportableIconUri(uri)) return null;
  let binary: string;
  try {
    binary = atob(uri.slice(uri.indexOf(',') + 1).replace(/\s+/g, ''));
  } catch {
    return null;
  }
  if (binary.length === 0 || binary.length > IMPORT_ICON_MAX_BYTES) return null;
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  const kind = sniffRasterImage(bytes);
  const type = kind ? IMAGE_MIME[kind] : null;
  if (!type || !(ICON_MIME_TYPES as readonly string[]).includes(type)) return null;
  return { bytes, type: type as DecodedIcon['type'] };
}
