import { featuredItemsInputSchema, type FeaturedItemInput } from '../../schemas/featured-items.ts';
import type { DataClient } from '../client.ts';
import { unwrap } from '../errors.ts';
import { parseInput } from '../parse.ts';

/** A featured item as the Studio edits it: the row plus what it points at, and its open count. */
export interface FeaturedItem {
  link_id: string | null;
  category_id: string | null;
  custom_title: string | null;
  image_url: string | null;
  open_count: number;
  /** The link's title, or the folder's name. */
  name: string;
  url: string | null;
  favicon_url: string | null;
  preview_image_url: string | null;
}

const FEATURED_COLUMNS =
  'link_id,category_id,position,custom_title,image_url,open_count,links(title,url,favicon_url,preview_image_url),categories(name)';

/** The owner's featured items in page order (RLS: only their own rows). */
export async function listFeaturedItems(client: DataClient, userId: string): Promise<FeaturedItem[]> {
  const rows = unwrap(
    await client
      .from('page_featured_items')
      .select(FEATURED_COLUMNS)
      .eq('user_id', userId)
      .order('position', { ascending: true })
      .order('created_at', { ascending: true }),
  );
  return (rows ?? []).map((row) => ({
    link_id: row.link_id,
    category_id: row.category_id,
    custom_title: row.custom_title,
    image_url: row.image_url,
    open_count: row.open_count,
    name: row.links?.title ?? row.categories?.name ?? '',
    url: row.links?.url ?? null,
    favicon_url: row.links?.favicon_url ?? null,
    preview_image_url: row.links?.preview_image_url ?? null,
  }));
}

/** Replaces the owner's list in one call (save_featured_items keeps the counts of items that stay). */
export async function saveFeaturedItems(client: DataClient, items: readonly FeaturedItemInput[]): Promise<number> {
  const input = parseInput(featuredItemsInputSchema, items);
  return unwrap(await client.rpc('save_featured_items', { items: input }));
}
