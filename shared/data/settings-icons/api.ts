import { SETTINGS_ICON_LIST_LIMIT, STORAGE_BUCKETS } from '../../constants.ts';
import type { DataClient } from '../client.ts';
import { toDataError, unwrap } from '../errors.ts';
import { requireUserId } from '../session.ts';
import { checkUploadFile, extensionFor, type UploadFile, type UploadedFile } from '../storage.ts';

const BUCKET = STORAGE_BUCKETS.categoryIcons;
/** The settings page's own header icon lives beside the category icons (part 2 §2). */
export const SETTINGS_HEADER_ICON_SLUG = 'page-header';

const folderFor = (slug: string) => `settings/${slug}`;
const publicUrlOf = (client: DataClient, path: string) => client.storage.from(BUCKET).getPublicUrl(path).data.publicUrl;

/** One uploaded icon of a settings slug (Settings Icon Manager). */
export interface SettingsIconFile {
  path: string;
  publicUrl: string;
  createdAt: string | null;
}

/** The icons uploaded for one settings slug: settings/{slug}/…, latest first, limit 100 (part 2 §7). */
export async function listSettingsIconFiles(client: DataClient, slug: string): Promise<SettingsIconFile[]> {
  const { data, error } = await client.storage
    .from(BUCKET)
    .list(folderFor(slug), { limit: SETTINGS_ICON_LIST_LIMIT, sortBy: { column: 'created_at', order: 'desc' } });
  if (error) throw toDataError(error, 'storage');
  return (data ?? [])
    .filter((item) => item.id && item.name && !item.name.startsWith('.'))
    .map((item) => {
      const path = `${folderFor(slug)}/${item.name}`;
      return { path, publicUrl: publicUrlOf(client, path), createdAt: item.created_at ?? null };
    });
}

/**
 * The icon each settings slug shows, as public URLs: the one an admin chose (settings_icons), else
 * the newest uploaded for it; slugs with none are absent.
 */
export async function listSettingsIcons(client: DataClient, slugs: readonly string[]): Promise<Record<string, string>> {
  const chosen = unwrap(
    await client
      .from('settings_icons')
      .select('slug,path')
      .in('slug', [...slugs]),
  );
  const bySlug = new Map(chosen.map((row) => [row.slug, row.path]));
  const entries = await Promise.all(
    slugs.map(async (slug) => {
      const path = bySlug.get(slug);
      if (path) return [slug, publicUrlOf(client, path)] as const;
      const newest = (await listSettingsIconFiles(client, slug))[0];
      return newest ? ([slug, newest.publicUrl] as const) : null;
    }),
  );
  return Object.fromEntries(entries.filter((entry): entry is readonly [string, string] => entry !== null));
}

/** Admins only (settings_icons' policies): the icon a settings slug shows from now on. */
export async function chooseSettingsIcon(client: DataClient, slug: string, path: string): Promise<void> {
  const userId = await requireUserId(client);
  unwrap(
    await client
      .from('settings_icons')
      .upsert({ slug, path, updated_by: userId, updated_at: new Date().toISOString() }, { onConflict: 'slug' }),
  );
}

/** Admins only (the storage policies allow settings/ to admins): a new icon for one slug, which it then shows. */
export async function uploadSettingsIcon(client: DataClient, slug: string, file: UploadFile & Blob): Promise<UploadedFile> {
  checkUploadFile(file, 'icon');
  const path = `${folderFor(slug)}/${Date.now()}.${extensionFor(file)}`;
  const { error } = await client.storage.from(BUCKET).upload(path, file, { contentType: file.type, upsert: false });
  if (error) throw toDataError(error, 'storage');
  await chooseSettingsIcon(client, slug, path);
  return { path, publicUrl: publicUrlOf(client, path) };
}
