import type { IncomingMethod, IncomingSource, SharedLinkStatus } from '../../constants.ts';
import type { DataClient } from '../client.ts';
import { CLIENT_ERROR_CODES, DataError, toDataError, unwrap } from '../errors.ts';
import { invokeFunction } from '../functions.ts';
import type { LinkRow } from '../types.ts';

/** One received share with the sender's display data (RPC list_incoming_shares). */
export interface IncomingShare {
  shared_link_id: string;
  link_id: string;
  title: string;
  url: string;
  description: string | null;
  icon_url: string | null;
  message: string | null;
  shared_at: string;
  status: SharedLinkStatus;
  accepted_at: string | null;
  moved_to_category_id: string | null;
  sender_id: string;
  /** Name, else @username, else 'Unknown User'. */
  sender_name: string;
  sender_email: string | null;
  sender_username: string | null;
}

/** Shares addressed to the caller, newest first; status null = all. */
export async function listIncomingShares(client: DataClient, status: SharedLinkStatus | null = 'pending'): Promise<IncomingShare[]> {
  return (unwrap(await client.rpc('list_incoming_shares', { status_filter: status })) ?? []) as IncomingShare[];
}

/** The extension badge: pending shares for the caller. */
export async function pendingIncomingCount(client: DataClient): Promise<number> {
  return (unwrap(await client.rpc('pending_incoming_count')) as number | null) ?? 0;
}

/** Server messages of the RPCs for missing system folders, mapped to the codes errors.ts knows. */
function withFolderCodes(error: unknown): DataError {
  const dataError = toDataError(error);
  const message = dataError.message;
  const code = message.includes('APPROVED folder not found')
    ? CLIENT_ERROR_CODES.approvedFolderMissing
    : message.includes('REJECTED folder not found')
      ? CLIENT_ERROR_CODES.rejectedFolderMissing
      : message.includes('Incoming category not found')
        ? CLIENT_ERROR_CODES.incomingCategoryMissing
        : null;
  return code ? new DataError(message, { code, status: dataError.status, source: dataError.source, cause: error }) : dataError;
}

export type AcceptOutcome = 'inserted' | 'updated' | 'moved';

/**
 * Accept into a chosen folder (part 2 §4): the link lands there with APPROVED as second category;
 * same URL in that folder is updated, same URL elsewhere is moved, else inserted.
 */
export async function acceptIncomingShare(
  client: DataClient,
  params: { sharedLinkId: string; destinationCategoryId: string },
): Promise<{ outcome: AcceptOutcome; link: LinkRow }> {
  const { data, error } = await client.rpc('accept_incoming_share', {
    shared_link_id: params.sharedLinkId,
    destination_category_id: params.destinationCategoryId,
  });
  if (error) throw withFolderCodes(error);
  return data as { outcome: AcceptOutcome; link: LinkRow };
}

/** Reject: a copy goes to REJECTED (unless already there) and the share row is deleted. */
export async function rejectIncomingShare(
  client: DataClient,
  sharedLinkId: string,
): Promise<{ outcome: 'inserted' | 'already_rejected'; link: LinkRow }> {
  const { data, error } = await client.rpc('reject_incoming_share', { shared_link_id: sharedLinkId });
  if (error) throw withFolderCodes(error);
  return data as { outcome: 'inserted' | 'already_rejected'; link: LinkRow };
}

/** A link in REJECTED (or APPROVED) moves to APPROVED; null when it is not the caller's. */
export async function approveLink(client: DataClient, linkId: string): Promise<LinkRow | null> {
  const { data, error } = await client.rpc('approve_link', { link_id: linkId });
  if (error) throw withFolderCodes(error);
  return ((data as LinkRow[] | null) ?? [])[0] ?? null;
}

/** A link received from another app (/share/receive, /share/capture): the 'share-incoming' function. */
export async function saveSharedIn(
  client: DataClient,
  params: { url: string; source: IncomingSource; method: IncomingMethod },
): Promise<unknown> {
  return invokeFunction(client, 'share-incoming', params);
}

/** /receive: the 'incoming-links' function (body link, sender_email, timestamp). */
export async function receiveLink(
  client: DataClient,
  params: { link: string; senderEmail?: string | null; title?: string | null },
): Promise<{ success: boolean; folder: string; link: { id: string; title: string; url: string; category_id: string } }> {
  return invokeFunction(client, 'incoming-links', {
    link: params.link,
    sender_email: params.senderEmail ?? null,
    timestamp: new Date().toISOString(),
    ...(params.title ? { title: params.title.slice(0, 500) } : {}),
  });
}
