import { toBlockedSenderInsert, type BlockSenderInput } from '../../schemas/block-sender.ts';
import type { DataClient } from '../client.ts';
import { CLIENT_ERROR_CODES, clientError, unwrap } from '../errors.ts';
import type { BlockedSenderRow } from '../types.ts';

const COLUMNS = 'id,blocked_by,blocked_username,blocked_email,blocked_phone,created_at';

/** Newest first. */
export async function listBlockedSenders(client: DataClient, userId: string): Promise<BlockedSenderRow[]> {
  return (
    unwrap(await client.from('blocked_senders').select(COLUMNS).eq('blocked_by', userId).order('created_at', { ascending: false })) ?? []
  );
}

/** Blocks by username, e-mail (lower-cased) or phone (digits); input parsed by blockSenderSchema. */
export async function blockSender(client: DataClient, userId: string, input: BlockSenderInput): Promise<BlockedSenderRow> {
  return unwrap(await client.from('blocked_senders').insert(toBlockedSenderInsert(input, userId)).select(COLUMNS).single());
}

export async function unblockSender(client: DataClient, id: string): Promise<void> {
  const rows = unwrap(await client.from('blocked_senders').delete().eq('id', id).select('id'));
  if (!rows?.length) throw clientError(CLIENT_ERROR_CODES.notFound, 'Blocked sender not found.');
}
