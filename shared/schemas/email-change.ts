import { z } from 'zod';
import { EMAIL_CODE_LENGTH, PASSWORD_MAX_LENGTH } from '../constants.ts';
import { normalizeEmail } from '../rules/contact.ts';
import { isSingleEmailAddress } from '../rules/share-limits.ts';

export const EMAIL_CHANGE_MESSAGES = {
  emailRequired: 'Email required',
  invalidEmail: 'Invalid email address',
  codeRequired: 'Enter the code',
  codeFormat: `Enter the ${EMAIL_CODE_LENGTH}-digit code`,
  passwordRequired: 'Enter your current password',
  wrongPassword: 'Incorrect password',
  undoTokenInvalid: 'This link is invalid or has expired.',
} as const;

/** A new e-mail: required, valid, lower-cased. */
export const newEmailSchema = z
  .string(EMAIL_CHANGE_MESSAGES.emailRequired)
  .trim()
  .min(1, EMAIL_CHANGE_MESSAGES.emailRequired)
  .pipe(z.email(EMAIL_CHANGE_MESSAGES.invalidEmail))
  // RFC lengths (64 before the @, 254 in all): a longer address is refused here, not by the server's mail.
  .pipe(z.string().refine(isSingleEmailAddress, EMAIL_CHANGE_MESSAGES.invalidEmail))
  .transform(normalizeEmail);

/** The verification code: required, exactly 6 digits (spaces typed around or inside are ignored). */
export const emailCodeSchema = z
  .string(EMAIL_CHANGE_MESSAGES.codeRequired)
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().min(1, EMAIL_CHANGE_MESSAGES.codeRequired))
  .pipe(z.string().regex(new RegExp(`^\\d{${EMAIL_CODE_LENGTH}}$`), EMAIL_CHANGE_MESSAGES.codeFormat));

/** The current password, asked again before the e-mail can change (a stolen session alone cannot change it). */
export const currentPasswordSchema = z
  .string(EMAIL_CHANGE_MESSAGES.passwordRequired)
  .min(1, EMAIL_CHANGE_MESSAGES.passwordRequired)
  .max(PASSWORD_MAX_LENGTH, EMAIL_CHANGE_MESSAGES.wrongPassword);

/** Body of the request-email-change function. */
export const requestEmailChangeBodySchema = z.object({ new_email: newEmailSchema, password: currentPasswordSchema });

/** Body of the confirm-email-change function (its response carries new_email). */
export const confirmEmailChangeBodySchema = z.object({ code: emailCodeSchema });

/** Body of the restore-email function: the token of the link e-mailed to the old address. */
export const restoreEmailBodySchema = z.object({
  token: z.string(EMAIL_CHANGE_MESSAGES.undoTokenInvalid).regex(/^[A-Za-z0-9_-]{43}$/, EMAIL_CHANGE_MESSAGES.undoTokenInvalid),
});
