import { z } from 'zod';

/** What the user types to confirm deleting their account. */
export const DELETE_ACCOUNT_CONFIRMATION = 'DELETE';

export const DELETE_ACCOUNT_MESSAGES = {
  confirmation: `Type ${DELETE_ACCOUNT_CONFIRMATION} to confirm`,
  passwordRequired: 'Enter your password',
  wrongPassword: 'Incorrect password',
  deleted: 'Account deleted',
  failed: 'Could not delete account',
} as const;

/** Body of the delete-account function (the form uses the same schema). */
export const deleteAccountBodySchema = z.object({
  confirmation: z.string(DELETE_ACCOUNT_MESSAGES.confirmation).trim().refine((v) => v === DELETE_ACCOUNT_CONFIRMATION, DELETE_ACCOUNT_MESSAGES.confirmation),
  password: z.string(DELETE_ACCOUNT_MESSAGES.passwordRequired).min(1, DELETE_ACCOUNT_MESSAGES.passwordRequired).max(200),
});
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;
