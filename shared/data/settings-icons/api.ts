import { SETTINGS_ICON_LIST_LIMIT, STORAGE_BUCKETS } from '../../constants.ts';
import type { DataClient } from '../client.ts';
import { toDataError } from '../errors.ts';
import { checkUploadFile, extensionFor, type UploadFile, type UploadedFile } from '../storage.ts';

const BUCKET = STORAGE_BUCKETS.categoryIcons;
/** The settings page's own header icon lives beside the category icons (part 2 §2). */
export const SETTINGS_HEADER_ICON_SLUG = 'page-header';

const folderFor = (slug: string) => `settings/${slug}`;

/**
 * The newest icon uploaded for each settings slug (settings/{slug}/…, latest first, limit 100:
 * part 2 §7), as public URLs; slugs with none are absent.
 */
export async function listSettingsIcons(client: DataClient, slugs: readonly string[]): Promise<Record<string, string>> {
  const entries = await Promise.all(
    slugs.map(async (slug) => {
      const { data, error } = await client.storage
        .from(BUCKET)
        .list(folderFor(slug), { limit: SETTINGS_ICON_LIST_LIMIT, sortBy: { column: 'created_at', order: 'desc' } });
      if (error) throw toDataError(error, 'storage');
      const newest = (data ?? []).find((item) => item.id && item.name && !item.name.startsWith('.'));
      return newest ? ([slug, client.storage.from(BUCKET).getPublicUrl(`${folderFor(slug)}/${newest.name}`).data.publicUrl] as const) : null;
    }),
  );
  return Object.fromEntries(entries.filter((entry): entry is readonly [string, string] => entry !== null));
}

/** Admins only (the storage policies allow settings/ to admins): a new icon for one slug. */
export async function uploadSettingsIcon(client: DataClient, slug: string, file: UploadFile & Blob): Promise<UploadedFile> {
  checkUploadFile(file, 'icon');
  const path = `${folderFor(slug)}/${Date.now()}.${extensionFor(file)}`;
  const { error } = await client.storage.from(BUCKET).upload(path, file, { contentType: file.type, upsert: false });
  if (error) throw toDataError(error, 'storage');
  return { path, publicUrl: client.storage.from(BUCKET).getPublicUrl(path).data.publicUrl };
}
