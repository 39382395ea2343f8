import { z } from 'zod';

const PASSWORDS_DO_NOT_MATCH_MESSAGE = 'Passwords do not match.';

/**
 * New Password + Confirm Password after a recovery link. Only the match is checked here (the
 * button stays disabled while a field is empty); the policy is enforced by secure-reset.
 */
export const passwordUpdateSchema = z
  .object({
    newPassword: z.string().min(1, 'Password is required'),
    confirmPassword: z.string().min(1, 'Password is required'),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    message: PASSWORDS_DO_NOT_MATCH_MESSAGE,
    path: ['confirmPassword'],
  });
