import { z } from 'zod';
import { SOCIAL_PLATFORMS } from '../constants.ts';
import { isSingleEmailAddress } from '../rules/share-limits.ts';
import { idField } from './fields.ts';

/** Chosen limits (the spec has none): enough for any real message or handle, bounded for the server. */
const SHARE_MESSAGE_MAX = 1000;
const SHARE_RECIPIENT_MAX = 320;
const SHARE_ONE_RECIPIENT_MESSAGE = 'Exactly one recipient is required';
const SHARE_EMAIL_MESSAGE = 'Please enter one valid email address';
const SHARE_MESSAGE_TEXT_MESSAGE = 'Message must be plain text';

const recipientText = z.string().trim().min(1, 'Recipient is required').max(SHARE_RECIPIENT_MAX, 'Recipient is too long');

/** Exactly one real address (a comma-separated list or 'not-an-email' is refused). */
const recipientEmail = z.string().trim().refine(isSingleEmailAddress, SHARE_EMAIL_MESSAGE);

/**
 * Plain text: no control characters but line breaks and tabs (the e-mail shows it as text). `\p{Cc}` is
 * C0, DEL and C1; C1 (U+0080-U+009F) stays allowed as before, so only C0 but tab/LF/CR, and DEL, are refused.
 */
const PLAIN_TEXT = /^[\P{Cc}\t\n\r\u0080-\u009f]*$/u;

/**
 * The 'share-link' function's shareData: sender, link, message and exactly one recipient kind
 * (recipient_email, recipient_phone, social_platform + social_handle, or recipient_username).
 */
const shareDataSchema = z
  .object({
    sender_id: idField(),
    link_id: idField(),
    message: z
      .string()
      .max(SHARE_MESSAGE_MAX, `Message must be at most ${SHARE_MESSAGE_MAX} characters`)
      .regex(PLAIN_TEXT, SHARE_MESSAGE_TEXT_MESSAGE)
      .nullish(),
    recipient_email: recipientEmail.nullish(),
    recipient_phone: recipientText.nullish(),
    social_platform: z.enum(SOCIAL_PLATFORMS).nullish(),
    social_handle: recipientText.nullish(),
    recipient_username: recipientText.nullish(),
  })
  .superRefine((value, ctx) => {
    const social = value.social_platform != null || value.social_handle != null;
    if (social && (value.social_platform == null || value.social_handle == null)) {
      ctx.addIssue({ code: 'custom', message: 'Social platform and handle are both required', path: ['social_handle'] });
    }
    const kinds =
      [value.recipient_email, value.recipient_phone, value.recipient_username].filter((v) => v != null).length + (social ? 1 : 0);
    if (kinds !== 1) ctx.addIssue({ code: 'custom', message: SHARE_ONE_RECIPIENT_MESSAGE, path: [] });
  });

export const shareLinkPayloadSchema = z.object({ shareData: shareDataSchema });
export type ShareLinkPayload = z.infer<typeof shareLinkPayloadSchema>;
