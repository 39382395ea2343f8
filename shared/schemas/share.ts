import { z } from 'zod';
import { SHARE_TYPES, SOCIAL_PLATFORMS, USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH } from '../constants.ts';

export const SHARE_RULES_MESSAGE = 'Social platform is required when sharing via social media, username must be 3-30 characters';

/**
 * The Share Link dialog. The spec has one combined rule and one combined message; it is reported
 * on the field that breaks it (socialPlatform for social without a platform, recipient for a
 * username outside 3-30 characters), so the form shows it next to what must change. An empty
 * recipient reports 'Recipient is required' only.
 */
export const shareFormSchema = z
  .object({
    shareType: z.enum(SHARE_TYPES),
    recipient: z.string('Recipient is required').trim().min(1, 'Recipient is required'),
    socialPlatform: z.union([z.enum(SOCIAL_PLATFORMS), z.literal('')]).optional(),
    message: z.string().trim().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.shareType === 'social' && !value.socialPlatform) {
      ctx.addIssue({ code: 'custom', message: SHARE_RULES_MESSAGE, path: ['socialPlatform'] });
    }
    // A leading '@' (as the suggestions show usernames) is not part of the username.
    const length = Array.from((value.recipient ?? '').replace(/^@/, '')).length;
    if (value.shareType === 'username' && value.recipient && (length < USERNAME_MIN_LENGTH || length > USERNAME_MAX_LENGTH)) {
      ctx.addIssue({ code: 'custom', message: SHARE_RULES_MESSAGE, path: ['recipient'] });
    }
  });
export type ShareFormInput = z.infer<typeof shareFormSchema>;
export type ShareFormValues = z.input<typeof shareFormSchema>;
