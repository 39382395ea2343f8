import { USERNAME_SUGGESTION_LIMIT, USERNAME_SUGGESTION_MIN_CHARS } from '../../constants.ts';
import { toShareLinkPayload } from './payload.ts';
import type { ShareFormInput } from '../../schemas/share.ts';
import type { DataClient } from '../client.ts';
import { unwrap } from '../errors.ts';
import { invokeFunction } from '../functions.ts';
import { requireUserId } from '../session.ts';
import type { LinkRow, RpcRow, SharedLinkRow } from '../types.ts';

/** A username the share dialog suggests, with the names its owner shows (RPC search_usernames). */
export type UsernameSuggestion = RpcRow<'search_usernames'>;

/**
 * Share-dialog suggestions (RPC search_usernames): usernames starting with the text,
 * case-insensitive, at most 5, never the caller; nothing below 2 characters.
 */
export async function searchUsernames(client: DataClient, prefix: string): Promise<UsernameSuggestion[]> {
  const text = prefix.trim().replace(/^@/, '');
  if (Array.from(text).length < USERNAME_SUGGESTION_MIN_CHARS) return [];
  const rows = unwrap(await client.rpc('search_usernames', { prefix: text }));
  return rows.slice(0, USERNAME_SUGGESTION_LIMIT);
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
  'id,link_id,shared_at,recipient_email,recipient_phone,recipient_username,social_platform,social_handle,message,status,link:links(id,title,url,icon_url,access_count,share_count,created_at)';

/** Rows per request when reading the outgoing shares, and the most the list reads in all. */
const OUTGOING_PAGE_SIZE = 1000;
const OUTGOING_MAX_SHARES = 20_000;

/**
 * 'Recently Shared Links (Outgoing)': every share the user sent (newest first) joined to its link,
 * with its status (pending, accepted, rejected); read in pages of `pageSize`, up to `max` shares.
 */
export async function listOutgoingShares(
  client: DataClient,
  userId: string,
  { max = OUTGOING_MAX_SHARES, pageSize = OUTGOING_PAGE_SIZE }: { max?: number; pageSize?: number } = {},
): Promise<OutgoingShare[]> {
  const all: OutgoingShare[] = [];
  while (all.length < max) {
    const size = Math.min(pageSize, max - all.length);
    const rows = unwrap(
      await client
        .from('shared_links')
        .select(OUTGOING_COLUMNS)
        .eq('sender_id', userId)
        .order('shared_at', { ascending: false })
        .order('id', { ascending: true })
        .range(all.length, all.length + size - 1),
    );
    all.push(...rows);
    if (rows.length < size) break;
  }
  return all;
}

/** Withdraws one of the user's shares (the sender may delete it). */
export async function withdrawShare(client: DataClient, id: string): Promise<boolean> {
  const rows = unwrap(await client.from('shared_links').delete().eq('id', id).select('id'));
  return (rows?.length ?? 0) > 0;
}
