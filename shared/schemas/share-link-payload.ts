import { z } from 'zod';
import { SOCIAL_PLATFORMS } from '../constants.ts';
import { isSingleEmailAddress } from '../rules/share-limits.ts';
import { idField } from './fields.ts';

/** Chosen limits (the spec has none): enough for any real message or handle, bounded for the server. */
export const SHARE_MESSAGE_MAX = 1000;
export const SHARE_RECIPIENT_MAX = 320;
export const SHARE_ONE_RECIPIENT_MESSAGE = 'Exactly one recipient is required';
export const SHARE_EMAIL_MESSAGE = 'Please enter one valid email address';
export const SHARE_MESSAGE_TEXT_MESSAGE = 'Message must be plain text';

const recipientText = z.string().trim().min(1, 'Recipient is required').max(SHARE_RECIPIENT_MAX, 'Recipient is too long');

/** Issue 19: exactly one real address (a comma-separated list or 'not-an-email' is refused). */
const recipientEmail = z.string().trim().refine(isSingleEmailAddress, SHARE_EMAIL_MESSAGE);

/** Plain text: no control characters but line breaks and tabs (the e-mail shows it as text). */
// eslint-disable-next-line no-control-regex
const PLAIN_TEXT = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]*$/;

/**
 * The 'share-link' function's shareData: sender, link, message and exactly one recipient kind
 * (recipient_email, recipient_phone, social_platform + social_handle, or recipient_username).
 */
export const shareDataSchema = z
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
export type ShareData = z.infer<typeof shareDataSchema>;
export type ShareLinkPayload = z.infer<typeof shareLinkPayloadSchema>;
