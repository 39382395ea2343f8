import { z } from 'zod';
import { DELETE_ACCOUNT_CONFIRMATION, DELETE_ACCOUNT_MESSAGES } from '../messages.ts';

// The messages live without zod in messages.ts: the data layer's error toasts use them on every page.
export { DELETE_ACCOUNT_CONFIRMATION, DELETE_ACCOUNT_MESSAGES };

/** Body of the delete-account function (the form uses the same schema). */
export const deleteAccountBodySchema = z.object({
  confirmation: z
    .string(DELETE_ACCOUNT_MESSAGES.confirmation)
    .trim()
    .refine((v) => v === DELETE_ACCOUNT_CONFIRMATION, DELETE_ACCOUNT_MESSAGES.confirmation),
  password: z.string(DELETE_ACCOUNT_MESSAGES.passwordRequired).min(1, DELETE_ACCOUNT_MESSAGES.passwordRequired).max(200),
});
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;
