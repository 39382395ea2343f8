/**
 * The Share Folder dialog's one write that validates with zod: its own module, so the dashboard's
 * shared-folder reads (api.ts) load without the schema library.
 */
import { folderInviteSchema, type FolderInviteInput } from '../../schemas/folder-invite.ts';
import type { DataClient } from '../client.ts';
import { CLIENT_ERROR_CODES, clientError, unwrap } from '../errors.ts';

/** Invites a username or an e-mail address (the same answer for every address); the invitation's id. */
export async function inviteFolderMember(client: DataClient, folderId: string, input: FolderInviteInput): Promise<string> {
  const parsed = folderInviteSchema.safeParse(input);
  if (!parsed.success) throw clientError(CLIENT_ERROR_CODES.invalidInput, parsed.error.issues[0]?.message ?? 'Invalid invitation.');
  return unwrap(
    await client.rpc('invite_folder_member', { p_folder_id: folderId, p_recipient: parsed.data.recipient, p_role: parsed.data.role }),
  );
}
