import { z } from 'zod';
import { USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH } from '../constants.ts';
import { isReservedName, NAME_RULE_MESSAGES } from '../rules/reserved-names.ts';
import { USERNAME_CHARACTERS, USERNAME_MESSAGES } from '../rules/username.ts';

export { USERNAME_MESSAGES };

/** A username: trimmed, 3-30 characters of letters, digits, underscore and dash. */
export const usernameSchema = z
  .string(USERNAME_MESSAGES.tooShort)
  .trim()
  .min(USERNAME_MIN_LENGTH, USERNAME_MESSAGES.tooShort)
  .max(USERNAME_MAX_LENGTH, USERNAME_MESSAGES.tooLong)
  .regex(USERNAME_CHARACTERS, USERNAME_MESSAGES.characters)
  // Route, staff and brand names, look-alikes included: the database refuses them too.
  .refine((value) => !isReservedName(value), NAME_RULE_MESSAGES.reservedUsername);

/** The 'Choose Your Username' card. */
export const usernameFormSchema = z.object({ username: usernameSchema });

/** The name-email settings page: empty says 'Username required' (and only that). */
export const nameEmailUsernameSchema = z.string(USERNAME_MESSAGES.required).trim().min(1, USERNAME_MESSAGES.required).pipe(usernameSchema);
export const nameEmailUsernameFormSchema = z.object({ username: nameEmailUsernameSchema });
export type UsernameInput = z.infer<typeof usernameFormSchema>;
