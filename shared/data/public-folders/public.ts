import type { RestEndpoint } from '../studio/public-page.ts';

/**
 * The public folder page's calls without supabase-js (/{slug}/{folder}'s JS is budgeted, as
 * /{slug}'s is): plain fetch with the anon key, or the visitor's own token. Imports nothing at runtime.
 */

function rpcUrl(endpoint: RestEndpoint, fn: string): string {
  return `${endpoint.url.replace(/\/+$/, '')}/rest/v1/rpc/${fn}`;
}

function headers(endpoint: RestEndpoint, accessToken: string | null): Record<string, string> {
  return { apikey: endpoint.anonKey, Authorization: `Bearer ${accessToken ?? endpoint.anonKey}`, 'Content-Type': 'application/json' };
}

/**
 * get_public_folder's raw answer: the folder, its owner and its links, or null when there is no such
 * published folder. Read with publicFolderOf (shared/rules/public-folder.ts). The same answer for every
 * caller, so the page asks as anon and needs no session.
 */
export async function fetchPublicFolder(
  endpoint: RestEndpoint,
  profileSlug: string,
  folderSlug: string,
  signal?: AbortSignal,
): Promise<unknown> {
  const response = await fetch(rpcUrl(endpoint, 'get_public_folder'), {
    method: 'POST',
    headers: headers(endpoint, null),
    body: JSON.stringify({ profile_slug: profileSlug, folder_slug: folderSlug }),
    signal,
  });
  if (!response.ok) throw new Error(`get_public_folder answered ${response.status}`);
  // No folder: `null`, or an empty body (204) from a REST layer that sends no content for it.
  const text = await response.text();
  return text ? (JSON.parse(text) as unknown) : null;
}

/**
 * A visitor opened a link of a public folder: the owner's counter +1 (count_public_folder_open stores
 * nothing about the visitor; the owner's own clicks, sent with their token, do not count). `keepalive`:
 * the request outlives a click that leaves the page.
 */
export async function countPublicFolderOpen(endpoint: RestEndpoint, publicFolderId: string, accessToken: string | null): Promise<boolean> {
  const response = await fetch(rpcUrl(endpoint, 'count_public_folder_open'), {
    method: 'POST',
    headers: headers(endpoint, accessToken),
    body: JSON.stringify({ public_folder_id: publicFolderId }),
    keepalive: true,
  });
  return response.ok && (await response.json()) === true;
}
