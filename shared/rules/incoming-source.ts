import {
  INCOMING_CATEGORY_NAME,
  INCOMING_INSTAGRAM_CATEGORY_NAME,
  INCOMING_TIKTOK_CATEGORY_NAME,
  INCOMING_SOURCES,
  type IncomingSource,
} from '../constants.ts';

/** The incoming folder a received link lands in, by its source. */
export function incomingFolderName(source: IncomingSource): string {
  if (source === 'instagram') return INCOMING_INSTAGRAM_CATEGORY_NAME;
  if (source === 'tiktok') return INCOMING_TIKTOK_CATEGORY_NAME;
  return INCOMING_CATEGORY_NAME;
}

/** The /receive button label by source. */
export function receiveButtonLabel(source: IncomingSource): string {
  if (source === 'instagram') return 'Add to Incoming Instagram Links';
  if (source === 'tiktok') return 'Add to Incoming TikTok Links';
  return 'Add to Receiving Folder';
}

/** A `src`/`source` parameter as a known source ('generic' when missing or unknown). */
export function parseIncomingSource(value: string | null | undefined): IncomingSource {
  const lower = (value ?? '').trim().toLowerCase();
  return (INCOMING_SOURCES as readonly string[]).includes(lower) ? (lower as IncomingSource) : 'generic';
}

/** Guesses the source from the link itself when the sender did not say (tiktok.com, instagram.com). */
export function detectIncomingSource(url: string): IncomingSource {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return 'generic';
  }
  const isOrUnder = (domain: string) => host === domain || host.endsWith(`.${domain}`);
  if (isOrUnder('tiktok.com')) return 'tiktok';
  if (isOrUnder('instagram.com') || isOrUnder('instagr.am')) return 'instagram';
  return 'generic';
}

/**
 * The shared URL from share-in parameters: `url`, else `link`, else the first http(s) URL inside
 * `text` (Android share targets put the link in the text). Null when there is none.
 */
export function extractSharedUrl(params: { url?: string | null; link?: string | null; text?: string | null }): string | null {
  for (const candidate of [params.url, params.link]) {
    if (candidate && candidate.trim()) return candidate.trim();
  }
  const found = params.text?.match(/https?:\/\/[^\s<>"']+/i)?.[0];
  return found ? found.replace(/[.,;:!?)\]]+$/, '') : null;
}
