import { STORAGE_BUCKETS, type StorageBucket } from '../../constants.ts';
import type { WebpageSettingsInput } from '../../schemas/webpage-settings.ts';
import type { DataClient } from '../client.ts';
import { toDataError, unwrap } from '../errors.ts';
import { requireUserId } from '../session.ts';
import { pathFromPublicUrl, uploadPublicFile, type UploadFile, type UploadedFile } from '../storage.ts';
import type { RpcRow, WebpageSettingsRow } from '../types.ts';
import { notFoundPage, type PublicPage } from './public-page.ts';

/** Every column but the timestamps (WebpageSettingsRow); one literal, so the typed client reads the columns from it. */
const WEBPAGE_COLUMNS =
  'user_id,main_photo_path,main_photo_size,message_image_paths,message_boxes,message_titles,banner_message,banner_background_url,bio,website_url,twitter_handle,instagram_handle,linkedin_url,public_display_name,company_name,links_section_title,profile_section_title,bio_social_section_title,theme_mode,accent_color';

export async function getWebpageSettings(client: DataClient, userId: string): Promise<WebpageSettingsRow | null> {
  return unwrap(await client.from('webpage_settings').select(WEBPAGE_COLUMNS).eq('user_id', userId).maybeSingle());
}

/** Studio save: an upsert keyed by user (part 2 §4); input parsed by webpageSettingsSchema. */
export async function saveWebpageSettings(client: DataClient, userId: string, input: WebpageSettingsInput): Promise<WebpageSettingsRow> {
  return unwrap(
    await client
      .from('webpage_settings')
      .upsert({ ...input, user_id: userId }, { onConflict: 'user_id' })
      .select(WEBPAGE_COLUMNS)
      .single(),
  );
}

export type { PublicPage } from './public-page.ts';

/** /{slug}: the page when the caller may see it, else only `reason` (RPC get_public_page_by_slug; works signed out). */
export async function getPublicPage(client: DataClient, slug: string): Promise<PublicPage> {
  const rows = unwrap(await client.rpc('get_public_page_by_slug', { slug_param: slug }));
  return rows[0] ?? notFoundPage(slug);
}

export type StudioImageKind = 'main-photo' | 'message-image' | 'banner';

/** The bucket each studio image lives in. */
function studioImageBucket(kind: StudioImageKind): StorageBucket {
  if (kind === 'main-photo') return STORAGE_BUCKETS.mainPhotos;
  if (kind === 'message-image') return STORAGE_BUCKETS.messageImages;
  return STORAGE_BUCKETS.bannerBackgrounds;
}

/**
 * Studio images go to main-photos / message-images / banner-backgrounds under {userId}/{timestamp}.{ext}.
 * Raster images only and at most 5 MB: checked here, and by the buckets' limits on the server (type
 * sniffed from the bytes).
 */
export async function uploadStudioImage(client: DataClient, kind: StudioImageKind, file: UploadFile & Blob): Promise<UploadedFile> {
  const userId = await requireUserId(client);
  return uploadPublicFile(client, studioImageBucket(kind), userId, file, 'background');
}

/**
 * Removes replaced studio images (paths inside the bucket, or public URLs of it). Only the caller's own
 * folder can be removed (storage RLS); anything else is skipped. Returns how many objects were removed.
 */
export async function removeStudioImages(client: DataClient, kind: StudioImageKind, pathsOrUrls: readonly string[]): Promise<number> {
  const bucket = studioImageBucket(kind);
  const paths = pathsOrUrls.map((p) => (/^https?:/i.test(p) ? pathFromPublicUrl(p, bucket) : p)).filter((p): p is string => Boolean(p));
  if (!paths.length) return 0;
  const { data, error } = await client.storage.from(bucket).remove(paths);
  if (error) throw toDataError(error, 'storage');
  return data?.length ?? 0;
}

/**
 * Someone allowed to see an 'exclusive' page (RPC list_page_members): a member by username
 * (status 'member'), or an invitation by e-mail not accepted yet (status 'invited', the address
 * typed). Nothing else about the person is shown.
 */
export type PageMember = RpcRow<'list_page_members'>;

/** An invitation to someone else's exclusive page, addressed to the caller's e-mail (RPC list_page_invitations). */
export type PageInvitation = RpcRow<'list_page_invitations'>;

/** Who may see an 'exclusive' page. */
export async function listPageMembers(client: DataClient): Promise<PageMember[]> {
  return unwrap(await client.rpc('list_page_members'));
}

/**
 * Adds an allowed member by username ('@name' works; 404 for a name nobody has), or invites an
 * e-mail address (the same answer for every address: the person accepts in their studio).
 */
export async function addPageMember(client: DataClient, username: string): Promise<string> {
  return unwrap(await client.rpc('add_page_member', { member_username: username.trim().replace(/^@/, '') }));
}

export async function removePageMember(client: DataClient, id: string): Promise<boolean> {
  const rows = unwrap(await client.from('public_page_members').delete().eq('id', id).select('id'));
  return (rows?.length ?? 0) > 0;
}

/** Invitations to other people's exclusive pages, sent to the caller's confirmed e-mail. */
export async function listPageInvitations(client: DataClient): Promise<PageInvitation[]> {
  return unwrap(await client.rpc('list_page_invitations'));
}

/** Accepts (the owner then sees the caller's username) or declines an invitation. */
export async function respondPageInvitation(client: DataClient, id: string, accept: boolean): Promise<boolean> {
  return unwrap(await client.rpc('respond_page_invitation', { invitation_id: id, accept }));
}
