import type { IncomingMethod, IncomingSource, SharedLinkStatus } from '../../constants.ts';
import type { DataClient } from '../client.ts';
import { CLIENT_ERROR_CODES, DataError, toDataError, unwrap } from '../errors.ts';
import { invokeFunction } from '../functions.ts';
import type { LinkRow, RpcRow } from '../types.ts';
import { decodeAcceptShareResult, decodeRejectShareResult, type AcceptShareResult, type RejectShareResult } from './decode.ts';

export type { AcceptShareResult, RejectShareResult } from './decode.ts';

/**
 * One received share with the sender's display data (RPC list_incoming_shares). sender_name is
 * the name, else @username, else 'Unknown User'.
 */
export type IncomingShare = RpcRow<'list_incoming_shares'>;

/** Shares addressed to the caller, newest first; status null = all. */
export async function listIncomingShares(client: DataClient, status: SharedLinkStatus | null = 'pending'): Promise<IncomingShare[]> {
  return unwrap(await client.rpc('list_incoming_shares', { status_filter: status }));
}

/** The extension badge: pending shares for the caller. */
export async function pendingIncomingCount(client: DataClient): Promise<number> {
  return unwrap(await client.rpc('pending_incoming_count'));
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

/**
 * Accept into a chosen folder (part 2 §4): the link lands there with APPROVED as second category;
 * same URL in that folder is updated, same URL elsewhere is moved, else inserted.
 */
export async function acceptIncomingShare(
  client: DataClient,
  params: { sharedLinkId: string; destinationCategoryId: string },
): Promise<AcceptShareResult> {
  const result = await client.rpc('accept_incoming_share', {
    shared_link_id: params.sharedLinkId,
    destination_category_id: params.destinationCategoryId,
  });
  if (result.error) throw withFolderCodes(result.error);
  return decodeAcceptShareResult(result.data);
}

/** Reject: a copy goes to REJECTED (unless already there) and the share row is deleted. */
export async function rejectIncomingShare(client: DataClient, sharedLinkId: string): Promise<RejectShareResult> {
  const result = await client.rpc('reject_incoming_share', { shared_link_id: sharedLinkId });
  if (result.error) throw withFolderCodes(result.error);
  return decodeRejectShareResult(result.data);
}

/** A link in REJECTED (or APPROVED) moves to APPROVED; null when it is not the caller's. */
export async function approveLink(client: DataClient, linkId: string): Promise<LinkRow | null> {
  const result = await client.rpc('approve_link', { link_id: linkId });
  if (result.error) throw withFolderCodes(result.error);
  return result.data[0] ?? null;
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
