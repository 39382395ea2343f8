import type { LinkRow } from '../types.ts';
import type { LinkListItem } from './api.ts';

/**
 * Cache patches for the user's link list (newest first), so a save or delete shows at once even
 * when re-reading a 10,000-link list takes a second; the list is then refreshed in the background.
 */

export function toListItem(link: LinkRow): LinkListItem {
  const { id, title, url, icon_url, access_count, share_count, created_at, updated_at, category_id, second_category_id } = link;
  const { favicon_url, preview_image_url } = link;
  return {
    id,
    title,
    url,
    icon_url,
    access_count,
    share_count,
    created_at,
    updated_at,
    category_id,
    second_category_id,
    favicon_url,
    preview_image_url,
  };
}

/** The list with `item` in it: replaced where its id already is, else inserted by created_at (newest first). */
export function upsertListItem(links: readonly LinkListItem[], item: LinkListItem): LinkListItem[] {
  const at = links.findIndex((l) => l.id === item.id);
  if (at >= 0) return links.map((l, i) => (i === at ? item : l));
  const time = Date.parse(item.created_at);
  const before = links.findIndex((l) => Date.parse(l.created_at) < time);
  const out = links.slice();
  out.splice(before < 0 ? out.length : before, 0, item);
  return out;
}

export function removeListItem(links: readonly LinkListItem[], id: string): LinkListItem[] {
  return links.filter((l) => l.id !== id);
}
