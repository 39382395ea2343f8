import type { DataClient } from '../client.ts';
import { CLIENT_ERROR_CODES, clientError, unwrap } from '../errors.ts';
import { CATEGORY_COLUMNS, type Category } from '../categories/api.ts';
import { FOLDER_LINK_COLUMNS, type FolderLinkItem } from '../links/api.ts';

/** Curated template folders, by display_order then name (part 2 §7). */
export async function listTemplateCategories(client: DataClient, parentId?: string): Promise<Category[]> {
  let query = client.from('categories').select(CATEGORY_COLUMNS).eq('is_template', true);
  query = parentId ? query.eq('parent_category_id', parentId) : query.is('parent_category_id', null);
  return (unwrap(await query.order('display_order', { ascending: true }).order('name', { ascending: true })) ?? []) as Category[];
}

export async function listTemplateLinks(client: DataClient, categoryId: string): Promise<FolderLinkItem[]> {
  return (unwrap(
    await client.from('links').select(FOLDER_LINK_COLUMNS).eq('is_template', true).eq('category_id', categoryId).order('created_at', { ascending: false }).limit(1000),
  ) ?? []) as FolderLinkItem[];
}

/** Copies a template folder (subfolders and links) into the user's collection; returns the new folder id. */
export async function copyTemplate(client: DataClient, params: { templateCategoryId: string; targetUserId: string }): Promise<string> {
  return unwrap(
    await client.rpc('copy_template_category', { template_category_id: params.templateCategoryId, target_user_id: params.targetUserId }),
  ) as string;
}

// ── Template Manager (admins; RLS refuses everyone else) ──

export async function createTemplate(client: DataClient, params: { name: string; displayOrder?: number; iconUrl?: string | null }): Promise<Category> {
  return unwrap(
    await client
      .from('categories')
      .insert({ user_id: null, name: params.name.trim(), is_template: true, display_order: params.displayOrder ?? 0, icon_url: params.iconUrl ?? null })
      .select(CATEGORY_COLUMNS)
      .single(),
  ) as Category;
}

export async function updateTemplate(client: DataClient, id: string, changes: { name?: string; iconUrl?: string | null; displayOrder?: number }): Promise<Category> {
  const patch: Record<string, unknown> = {};
  if (changes.name !== undefined) patch.name = changes.name.trim();
  if (changes.iconUrl !== undefined) patch.icon_url = changes.iconUrl;
  if (changes.displayOrder !== undefined) patch.display_order = changes.displayOrder;
  const rows = unwrap(await client.from('categories').update(patch).eq('id', id).eq('is_template', true).select(CATEGORY_COLUMNS)) as Category[] | null;
  if (!rows?.length) throw clientError(CLIENT_ERROR_CODES.notFound, 'Template not found.');
  return rows[0];
}

export async function deleteTemplate(client: DataClient, id: string): Promise<void> {
  const rows = unwrap(await client.from('categories').delete().eq('id', id).eq('is_template', true).select('id'));
  if (!rows?.length) throw clientError(CLIENT_ERROR_CODES.notFound, 'Template not found.');
}

/**
 * Moves a template up or down: renumbers the list 0..n-1 in its new order so equal
 * display_order values (e.g. all 0) still reorder. `templates` is the list as shown.
 */
export async function reorderTemplate(client: DataClient, templates: readonly Pick<Category, 'id' | 'display_order'>[], id: string, direction: 'up' | 'down'): Promise<void> {
  const index = templates.findIndex((t) => t.id === id);
  const target = direction === 'up' ? index - 1 : index + 1;
  if (index === -1 || target < 0 || target >= templates.length) return;
  const order = [...templates];
  [order[index], order[target]] = [order[target], order[index]];
  for (const [position, template] of order.entries()) {
    if (template.display_order !== position) await updateTemplate(client, template.id, { displayOrder: position });
  }
}
