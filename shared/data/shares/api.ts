import { USERNAME_SUGGESTION_LIMIT, USERNAME_SUGGESTION_MIN_CHARS } from '../../constants.ts';
import { toShareLinkPayload } from './payload.ts';
import type { ShareFormInput } from '../../schemas/share.ts';
import type { DataClient } from '../client.ts';
import { unwrap } from '../errors.ts';
import { invokeFunction } from '../functions.ts';
import { requireUserId } from '../session.ts';
import type { LinkRow, SharedLinkRow } from '../types.ts';

export interface UsernameSuggestion {
  username: string;
  first_name: string | null;
  last_name: string | null;
}

/**
 * Share-dialog suggestions (RPC search_usernames): usernames starting with the text,
 * case-insensitive, at most 5, never the caller; nothing below 2 characters.
 */
export async function searchUsernames(client: DataClient, prefix: string): Promise<UsernameSuggestion[]> {
  const text = prefix.trim().replace(/^@/, '');
  if (Array.from(text).length < USERNAME_SUGGESTION_MIN_CHARS) return [];
  const rows = unwrap(await client.rpc('search_usernames', { prefix: text })) as UsernameSuggestion[] | null;
  return (rows ?? []).slice(0, USERNAME_SUGGESTION_LIMIT);
}

/**
 * Shares a link through the 'share-link' edge function (it delivers into the recipient's inbox
 * with the service role). The body is {shareData: {sender_id, link_id, message, one recipient}}.
 */
export async function shareLink(client: DataClient, params: { linkId: string; form: ShareFormInput }): Promise<unknown> {
  const senderId = await requireUserId(client);
  return invokeFunction(client, 'share-link', toShareLinkPayload(params.form, senderId, params.linkId));
}

export type OutgoingShare = Pick<
  SharedLinkRow,
  | 'id'
  | 'link_id'
  | 'shared_at'
  | 'recipient_email'
  | 'recipient_phone'
  | 'recipient_username'
  | 'social_platform'
  | 'social_handle'
  | 'message'
  | 'status'
> & { link: Pick<LinkRow, 'id' | 'title' | 'url' | 'icon_url' | 'access_count' | 'share_count' | 'created_at'> | null };

const OUTGOING_COLUMNS =
  'id,link_id,shared_at,recipient_email,recipient_phone,recipient_username,social_platform,social_handle,message,status,' +
  'link:links(id,title,url,icon_url,access_count,share_count,created_at)';

/** 'Recently Shared Links (Outgoing)': the user's shares joined to their links, newest first. */
export async function listOutgoingShares(client: DataClient, userId: string, limit = 1000): Promise<OutgoingShare[]> {
  const rows = unwrap(
    await client
      .from('shared_links')
      .select(OUTGOING_COLUMNS)
      .eq('sender_id', userId)
      .order('shared_at', { ascending: false })
      .limit(limit),
  );
  return (rows ?? []) as unknown as OutgoingShare[];
}

/** Withdraws one of the user's shares (the sender may delete it). */
export async function withdrawShare(client: DataClient, id: string): Promise<boolean> {
  const rows = unwrap(await client.from('shared_links').delete().eq('id', id).select('id'));
  return (rows?.length ?? 0) > 0;
}
