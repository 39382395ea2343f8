import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../constants.ts';
import { idField } from './fields.ts';

/**
 * Body of the secure-reset function. Only the shape is checked here; the policy (codes
 * min_length, class_mix, …) is applied by the function with rules/password-policy.ts.
 */
export const secureResetBodySchema = z.object({
  user_id: idField(),
  new_password: z
    .string('Password is required')
    .min(1, 'Password is required')
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
});
