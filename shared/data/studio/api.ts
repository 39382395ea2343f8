import { STORAGE_BUCKETS } from '../../constants.ts';
import type { WebpageSettingsInput } from '../../schemas/webpage-settings.ts';
import type { DataClient } from '../client.ts';
import { unwrap } from '../errors.ts';
import { requireUserId } from '../session.ts';
import { uploadPublicFile, type UploadFile, type UploadedFile } from '../storage.ts';
import type { WebpageSettingsRow } from '../types.ts';

const WEBPAGE_COLUMNS =
  'user_id,main_photo_path,main_photo_size,message_image_paths,message_boxes,message_titles,banner_message,banner_background_url,bio,website_url,' +
  'twitter_handle,instagram_handle,linkedin_url,public_display_name,company_name,links_section_title,profile_section_title,bio_social_section_title';

export async function getWebpageSettings(client: DataClient, userId: string): Promise<WebpageSettingsRow | null> {
  return unwrap(await client.from('webpage_settings').select(WEBPAGE_COLUMNS).eq('user_id', userId).maybeSingle()) as WebpageSettingsRow | null;
}

/** Studio save: an upsert keyed by user (part 2 §4); input parsed by webpageSettingsSchema. */
export async function saveWebpageSettings(client: DataClient, userId: string, input: WebpageSettingsInput): Promise<WebpageSettingsRow> {
  return unwrap(
    await client.from('webpage_settings').upsert({ ...input, user_id: userId }, { onConflict: 'user_id' }).select(WEBPAGE_COLUMNS).single(),
  ) as WebpageSettingsRow;
}

export type PublicPageReason = 'ok' | 'not_found' | 'unpublished' | 'private' | 'exclusive';
export interface PublicPage extends Omit<WebpageSettingsRow, 'user_id'> {
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
}

/** /{slug}: the page when the caller may see it, else only `reason` (RPC get_public_page_by_slug; works signed out). */
export async function getPublicPage(client: DataClient, slug: string): Promise<PublicPage> {
  const rows = unwrap(await client.rpc('get_public_page_by_slug', { slug_param: slug })) as PublicPage[] | null;
  return rows?.[0] ?? ({ reason: 'not_found', viewable: false, is_owner: false, slug } as PublicPage);
}

/** Studio images go to main-photos / message-images under {userId}/{timestamp}.{ext}. */
export async function uploadStudioImage(client: DataClient, kind: 'main-photo' | 'message-image', file: UploadFile & Blob): Promise<UploadedFile> {
  const userId = await requireUserId(client);
  const bucket = kind === 'main-photo' ? STORAGE_BUCKETS.mainPhotos : STORAGE_BUCKETS.messageImages;
  return uploadPublicFile(client, bucket, userId, file, 'background');
}

export interface PageMember {
  id: string;
  member_user_id: string;
  username: string | null;
  first_name: string | null;
  last_name: string | null;
  created_at: string;
}

/** Who may see an 'exclusive' page. */
export async function listPageMembers(client: DataClient): Promise<PageMember[]> {
  return (unwrap(await client.rpc('list_page_members')) ?? []) as PageMember[];
}

export async function addPageMember(client: DataClient, username: string): Promise<string> {
  return unwrap(await client.rpc('add_page_member', { member_username: username.trim().replace(/^@/, '') })) as string;
}

export async function removePageMember(client: DataClient, id: string): Promise<boolean> {
  const rows = unwrap(await client.from('public_page_members').delete().eq('id', id).select('id'));
  return (rows?.length ?? 0) > 0;
}
