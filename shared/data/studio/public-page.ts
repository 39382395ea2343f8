import type { RpcRow } from '../database.ts';

/**
 * The public page's read path without supabase-js: /{slug} must stay small (a public page is
 * budgeted at 100 KB of gzipped JS, tests/e2e/js-budgets.test.ts), so it calls its one RPC with
 * fetch. Imports nothing at runtime.
 */

/**
 * One row of get_public_page_by_slug (typed in database.ts): when the caller may not see the page
 * (`viewable` false), every page field is null; a viewable page has the defaults filled in by the SQL.
 */
export type PublicPage = RpcRow<'get_public_page_by_slug'>;

/** The answer for a name nobody has: what the RPC sends then, for when it sends no row at all. */
export function notFoundPage(slug: string): PublicPage {
  return {
    reason: 'not_found',
    viewable: false,
    is_owner: false,
    slug,
    user_id: null,
    username: null,
    first_name: null,
    last_name: null,
    icon_outline_color: null,
    public_page_published: null,
    public_page_visibility: null,
    main_photo_path: null,
    main_photo_size: null,
    message_image_paths: null,
    message_boxes: null,
    message_titles: null,
    banner_message: null,
    banner_background_url: null,
    bio: null,
    website_url: null,
    twitter_handle: null,
    instagram_handle: null,
    linkedin_url: null,
    public_display_name: null,
    company_name: null,
    links_section_title: null,
    profile_section_title: null,
    bio_social_section_title: null,
    theme_mode: null,
    accent_color: null,
  };
}

export interface RestEndpoint {
  /** The Supabase URL (https://xyz.supabase.co or the local stack). */
  url: string;
  anonKey: string;
}

class PublicPageFetchError extends Error {
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
  return rows?.[0] ?? notFoundPage(slug);
}

/**
 * /{slug}'s featured links (get_public_page_links): [] unless the caller may see the page. Raw JSON:
 * the page reads it with featuredItemsOf (shared/rules/featured-links.ts), no zod on this route.
 */
export async function fetchPublicPageLinks(
  endpoint: RestEndpoint,
  slug: string,
  accessToken: string | null,
  signal?: AbortSignal,
): Promise<unknown> {
  return rpc<unknown>(endpoint, 'get_public_page_links', { slug_param: slug }, accessToken, signal);
}

/**
 * A visitor opened a featured item: the owner's counter +1 (count_featured_open stores nothing about
 * the visitor). `keepalive`: the request outlives a click that leaves the page.
 */
export async function countFeaturedOpen(endpoint: RestEndpoint, itemId: string, accessToken: string | null): Promise<boolean> {
  const response = await fetch(`${endpoint.url.replace(/\/+$/, '')}/rest/v1/rpc/count_featured_open`, {
    method: 'POST',
    headers: { apikey: endpoint.anonKey, Authorization: `Bearer ${accessToken ?? endpoint.anonKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ item_id: itemId }),
    keepalive: true,
  });
  return response.ok && (await response.json()) === true;
}

/** Whether the signed-in caller is an admin (the private preview is also theirs). */
export async function fetchIsAdmin(endpoint: RestEndpoint, accessToken: string, signal?: AbortSignal): Promise<boolean> {
  return (await rpc<boolean | null>(endpoint, 'is_admin', {}, accessToken, signal)) === true;
}

/** The public URL of an object in a public bucket ({url}/storage/v1/object/public/{bucket}/{path}). */
export function publicObjectUrl(supabaseUrl: string, bucket: string, path: string): string {
  return `${supabaseUrl.replace(/\/+$/, '')}/storage/v1/object/public/${bucket}/${path.split('/').map(encodeURIComponent).join('/')}`;
}
