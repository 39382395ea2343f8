import type { ShareFormInput } from '../../schemas/share.ts';
import type { ShareLinkPayload } from '../../schemas/share-link-payload.ts';
import { DEFAULT_SHARE_MESSAGE } from '../../constants.ts';
import { normalizeEmail } from '../../rules/contact.ts';

/**
 * Builds the function payload from a parsed share form (e-mails lower-cased, default message).
 * Kept out of the schema module: the dashboard's first load reads shares without loading zod.
 * The share-link function checks the payload against shareLinkPayloadSchema.
 */
export function toShareLinkPayload(form: ShareFormInput, senderId: string, linkId: string): ShareLinkPayload {
  const base = { sender_id: senderId, link_id: linkId, message: form.message || DEFAULT_SHARE_MESSAGE };
  const recipient = form.recipient.trim();
  switch (form.shareType) {
    case 'email':
      return { shareData: { ...base, recipient_email: normalizeEmail(recipient) } };
    case 'phone':
      return { shareData: { ...base, recipient_phone: recipient } };
    case 'social':
      return { shareData: { ...base, social_platform: form.socialPlatform || undefined, social_handle: recipient } };
    case 'username':
      return { shareData: { ...base, recipient_username: recipient.replace(/^@/, '') } };
  }
}
