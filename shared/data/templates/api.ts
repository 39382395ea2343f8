import { STORAGE_BUCKETS } from '../../constants.ts';
import type { DataClient } from '../client.ts';
import { CLIENT_ERROR_CODES, clientError, toDataError, unwrap } from '../errors.ts';
import { CATEGORY_COLUMNS, type Category } from '../categories/api.ts';
import { FOLDER_LINK_COLUMNS, type FolderLinkItem } from '../links/api.ts';
import { checkUploadFile, extensionFor, type UploadFile } from '../storage.ts';
import type { TablesUpdate } from '../types.ts';

/** Curated template folders, by display_order then name (part 2 §7). */
export async function listTemplateCategories(client: DataClient, parentId?: string): Promise<Category[]> {
  let query = client.from('categories').select(CATEGORY_COLUMNS).eq('is_template', true);
  query = parentId ? query.eq('parent_category_id', parentId) : query.is('parent_category_id', null);
  return unwrap(await query.order('display_order', { ascending: true }).order('name', { ascending: true })) ?? [];
}

export async function listTemplateLinks(client: DataClient, categoryId: string): Promise<FolderLinkItem[]> {
  return (
    unwrap(
      await client
        .from('links')
        .select(FOLDER_LINK_COLUMNS)
        .eq('is_template', true)
        .eq('category_id', categoryId)
        .order('created_at', { ascending: false })
        .limit(1000),
    ) ?? []
  );
}

/** One template folder by id, or null (not a template, or gone). */
export async function getTemplate(client: DataClient, id: string): Promise<Category | null> {
  return unwrap(await client.from('categories').select(CATEGORY_COLUMNS).eq('id', id).eq('is_template', true).maybeSingle()) ?? null;
}

/** What a template card previews of a link. */
export type TemplateLinkPreview = Pick<FolderLinkItem, 'id' | 'title' | 'url' | 'icon_url' | 'category_id'>;

/** Every template folder (all levels) and a preview of every template link: the dashboard cards' one read. */
export interface TemplateTree {
  categories: Category[];
  links: TemplateLinkPreview[];
}

export async function listTemplateTree(client: DataClient): Promise<TemplateTree> {
  const [categories, links] = await Promise.all([
    client
      .from('categories')
      .select(CATEGORY_COLUMNS)
      .eq('is_template', true)
      .order('display_order', { ascending: true })
      .order('name', { ascending: true })
      .limit(1000),
    client
      .from('links')
      .select('id,title,url,icon_url,category_id')
      .eq('is_template', true)
      .order('created_at', { ascending: false })
      .limit(5000),
  ]);
  return { categories: unwrap(categories) ?? [], links: unwrap(links) ?? [] };
}

/**
 * Copies a template folder (subfolders and links) into the user's collection; returns the new folder id.
 * The server names a second copy 'Name (2)', a third 'Name (3)', … (docs/deviations.md).
 */
export async function copyTemplate(client: DataClient, params: { templateCategoryId: string; targetUserId: string }): Promise<string> {
  return unwrap(
    await client.rpc('copy_template_category', { template_category_id: params.templateCategoryId, target_user_id: params.targetUserId }),
  );
}

/** copyTemplate, then the new folder's name (for the success toast: it may be 'Name (2)'). */
export async function copyTemplateNamed(
  client: DataClient,
  params: { templateCategoryId: string; targetUserId: string },
): Promise<{ id: string; name: string }> {
  const id = await copyTemplate(client, params);
  const row = unwrap(await client.from('categories').select('name').eq('id', id).maybeSingle());
  return { id, name: row?.name ?? '' };
}

// ── Template Manager (admins; RLS refuses everyone else) ──

export async function createTemplate(
  client: DataClient,
  params: { name: string; displayOrder?: number; iconUrl?: string | null },
): Promise<Category> {
  return unwrap(
    await client
      .from('categories')
      .insert({
        user_id: null,
        name: params.name.trim(),
        is_template: true,
        display_order: params.displayOrder ?? 0,
        icon_url: params.iconUrl ?? null,
      })
      .select(CATEGORY_COLUMNS)
      .single(),
  );
}

export async function updateTemplate(
  client: DataClient,
  id: string,
  changes: { name?: string; iconUrl?: string | null; displayOrder?: number },
): Promise<Category> {
  const patch: TablesUpdate<'categories'> = {};
  if (changes.name !== undefined) patch.name = changes.name.trim();
  if (changes.iconUrl !== undefined) patch.icon_url = changes.iconUrl;
  if (changes.displayOrder !== undefined) patch.display_order = changes.displayOrder;
  const rows = unwrap(await client.from('categories').update(patch).eq('id', id).eq('is_template', true).select(CATEGORY_COLUMNS));
  if (!rows.length) throw clientError(CLIENT_ERROR_CODES.notFound, 'Template not found.');
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
export async function reorderTemplate(
  client: DataClient,
  templates: readonly Pick<Category, 'id' | 'display_order'>[],
  id: string,
  direction: 'up' | 'down',
): Promise<void> {
  const index = templates.findIndex((t) => t.id === id);
  const target = direction === 'up' ? index - 1 : index + 1;
  if (index === -1 || target < 0 || target >= templates.length) return;
  const order = [...templates];
  [order[index], order[target]] = [order[target], order[index]];
  for (const [position, template] of order.entries()) {
    if (template.display_order !== position) await updateTemplate(client, template.id, { displayOrder: position });
  }
}

/** Admins: a new icon for a template, stored under category-icons/templates/{id}/ (part 2 §3); its public URL. */
export async function uploadTemplateIcon(client: DataClient, templateId: string, file: UploadFile & Blob): Promise<string> {
  checkUploadFile(file, 'icon');
  const bucket = STORAGE_BUCKETS.categoryIcons;
  const path = `templates/${templateId}/${Date.now()}.${extensionFor(file)}`;
  const { error } = await client.storage.from(bucket).upload(path, file, { contentType: file.type, upsert: false });
  if (error) throw toDataError(error, 'storage');
  return client.storage.from(bucket).getPublicUrl(path).data.publicUrl;
}

// ── A template's links (admins; RLS refuses everyone else) ──

export interface TemplateLinkInput {
  title: string;
  url: string;
  description?: string | null;
}

const linkPatch = (input: TemplateLinkInput) => ({
  title: input.title.trim(),
  url: input.url.trim(),
  description: input.description?.trim() || null,
});

export async function createTemplateLink(client: DataClient, categoryId: string, input: TemplateLinkInput): Promise<FolderLinkItem> {
  return unwrap(
    await client
      .from('links')
      .insert({ ...linkPatch(input), user_id: null, is_template: true, category_id: categoryId })
      .select(FOLDER_LINK_COLUMNS)
      .single(),
  );
}

export async function updateTemplateLink(client: DataClient, id: string, input: TemplateLinkInput): Promise<FolderLinkItem> {
  const rows = unwrap(await client.from('links').update(linkPatch(input)).eq('id', id).eq('is_template', true).select(FOLDER_LINK_COLUMNS));
  if (!rows.length) throw clientError(CLIENT_ERROR_CODES.notFound, 'Link not found.');
  return rows[0];
}

export async function deleteTemplateLink(client: DataClient, id: string): Promise<void> {
  const rows = unwrap(await client.from('links').delete().eq('id', id).eq('is_template', true).select('id'));
  if (!rows?.length) throw clientError(CLIENT_ERROR_CODES.notFound, 'Link not found.');
}
