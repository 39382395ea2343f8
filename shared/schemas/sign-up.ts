import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants.ts';
import { hasAllCharacterClasses, passwordLength } from '../rules/password-policy.ts';
import { impersonatesProduct, NAME_RULE_MESSAGES } from '../rules/reserved-names.ts';
import { emailField } from './fields.ts';

const PASSWORD_TOO_SHORT_MESSAGE = 'Password must be at least 12 characters';
const PASSWORD_CLASSES_MESSAGE = 'Password must contain at least: 1 lowercase, 1 uppercase, 1 digit, and 1 symbol';
/** Chosen: GoTrue refuses longer passwords; saying so beats a server error. */
const PASSWORD_TOO_LONG_MESSAGE = `Password must be at most ${PASSWORD_MAX_LENGTH} characters`;

/** The sign-up password rule: 12+ characters with all four character classes. */
const signUpPasswordSchema = z
  .string()
  .refine((value) => passwordLength(value) >= PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT_MESSAGE)
  .refine((value) => passwordLength(value) <= PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG_MESSAGE)
  .refine(hasAllCharacterClasses, PASSWORD_CLASSES_MESSAGE);

export const signUpSchema = z
  .object({
    firstName: z.string().trim().min(1, 'First name is required'),
    lastName: z.string().trim().min(1, 'Last name is required'),
    email: emailField(),
    password: signUpPasswordSchema,
  })
  // A name cannot pose as the product or its staff (shared/rules/reserved-names.ts; the database drops such a name).
  .superRefine((value, ctx) => {
    if (impersonatesProduct(`${value.firstName} ${value.lastName}`)) {
      ctx.addIssue({
        code: 'custom',
        path: [impersonatesProduct(value.firstName) ? 'firstName' : 'lastName'],
        message: NAME_RULE_MESSAGES.displayName,
      });
    }
  });
