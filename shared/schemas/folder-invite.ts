import { z } from 'zod';
import { USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH } from '../constants.ts';
import { USERNAME_CHARACTERS } from '../rules/username.ts';

export const FOLDER_ROLES = ['viewer', 'editor'] as const;
export type FolderRole = (typeof FOLDER_ROLES)[number];

export const FOLDER_INVITE_MESSAGES = {
  required: 'Enter a username or an e-mail address.',
  invalidEmail: 'Enter a valid e-mail address.',
  invalidUsername: 'A username has 3-30 letters, digits, _ or -.',
  role: 'Choose viewer or editor.',
} as const;

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/**
 * The Share Folder dialog's invitation: a username ('@name' works) or an e-mail address, and a role.
 * The recipient comes out lower-cased without the '@' the way invite_folder_member reads it.
 */
export const folderInviteSchema = z.object({
  recipient: z
    .string(FOLDER_INVITE_MESSAGES.required)
    .trim()
    .min(1, FOLDER_INVITE_MESSAGES.required)
    .transform((value) => value.replace(/^@/, '').toLowerCase())
    .superRefine((value, ctx) => {
      if (value.includes('@')) {
        if (!EMAIL.test(value) || value.length > 254) ctx.addIssue({ code: 'custom', message: FOLDER_INVITE_MESSAGES.invalidEmail });
      } else if (value.length < USERNAME_MIN_LENGTH || value.length > USERNAME_MAX_LENGTH || !USERNAME_CHARACTERS.test(value)) {
        ctx.addIssue({ code: 'custom', message: FOLDER_INVITE_MESSAGES.invalidUsername });
      }
    }),
  role: z.enum(FOLDER_ROLES, FOLDER_INVITE_MESSAGES.role),
});
export type FolderInviteInput = z.input<typeof folderInviteSchema>;
