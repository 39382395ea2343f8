import type { MainPhotoSize, StudioTheme } from '../../constants.ts';

/**
 * The public page's read path without supabase-js: /{slug} must stay small (issue 14: ≤ 100 KB of
 * gzipped JS), so it calls its one RPC with fetch. Imports nothing at runtime.
 */

export type PublicPageReason = 'ok' | 'not_found' | 'unpublished' | 'private' | 'exclusive';

/** One row of get_public_page_by_slug: every page field is null unless `viewable`. */
export interface PublicPage {
  reason: PublicPageReason;
  viewable: boolean;
  is_owner: boolean;
  slug: string;
  user_id: string | null;
  username: string | null;
  first_name: string | null;
  last_name: string | null;
  icon_outline_color: string | null;
  public_page_published: boolean | null;
  public_page_visibility: string | null;
  main_photo_path: string | null;
  main_photo_size: MainPhotoSize;
  message_image_paths: string[];
  message_boxes: string[];
  message_titles: string[];
  banner_message: string | null;
  banner_background_url: string | null;
  bio: string | null;
  website_url: string | null;
  twitter_handle: string | null;
  instagram_handle: string | null;
  linkedin_url: string | null;
  public_display_name: string | null;
  company_name: string | null;
  links_section_title: string | null;
  profile_section_title: string | null;
  bio_social_section_title: string | null;
  theme_mode: StudioTheme | null;
  accent_color: string | null;
}

export interface RestEndpoint {
  /** The Supabase URL (https://xyz.supabase.co or the local stack). */
  url: string;
  anonKey: string;
}

export class PublicPageFetchError extends Error {
  constructor(readonly status: number) {
    super(`get_public_page_by_slug answered ${status}`);
  }
}

async function rpc<T>(endpoint: RestEndpoint, fn: string, body: object, accessToken: string | null, signal?: AbortSignal): Promise<T> {
  const response = await fetch(`${endpoint.url.replace(/\/+$/, '')}/rest/v1/rpc/${fn}`, {
    method: 'POST',
    headers: { apikey: endpoint.anonKey, Authorization: `Bearer ${accessToken ?? endpoint.anonKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    signal,
  });
  if (!response.ok) throw new PublicPageFetchError(response.status);
  return (await response.json()) as T;
}

/** /{slug}: the page when the caller may see it, else only `reason`. `accessToken` null = signed out. */
export async function fetchPublicPage(
  endpoint: RestEndpoint,
  slug: string,
  accessToken: string | null,
  signal?: AbortSignal,
): Promise<PublicPage> {
  const rows = await rpc<PublicPage[] | null>(endpoint, 'get_public_page_by_slug', { slug_param: slug }, accessToken, signal);
  return rows?.[0] ?? ({ reason: 'not_found', viewable: false, is_owner: false, slug } as PublicPage);
}

/** Whether the signed-in caller is an admin (the private preview is also theirs). */
export async function fetchIsAdmin(endpoint: RestEndpoint, accessToken: string, signal?: AbortSignal): Promise<boolean> {
  return (await rpc<boolean | null>(endpoint, 'is_admin', {}, accessToken, signal)) === true;
}

/** The public URL of an object in a public bucket ({url}/storage/v1/object/public/{bucket}/{path}). */
export function publicObjectUrl(supabaseUrl: string, bucket: string, path: string): string {
  return `${supabaseUrl.replace(/\/+$/, '')}/storage/v1/object/public/${bucket}/${path.split('/').map(encodeURIComponent).join('/')}`;
}
