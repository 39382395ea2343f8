import { z } from 'zod';
import { PHONE_MIN_DIGITS } from '../constants.ts';
import { normalizeEmail, phoneDigits } from '../rules/contact.ts';

/** Toasts of the blocked-senders form (the zod message is the toast title). */
const BLOCK_MESSAGES = {
  usernameRequired: 'Enter a username',
  emailRequired: 'Enter an email',
  invalidEmail: { title: 'Invalid email', description: 'Please enter a valid email address.' },
  invalidPhone: { title: 'Invalid phone', description: 'Enter a valid phone number (at least 7 digits).' },
} as const;

/** The description to show under a block form error title, if it has one. */
export function blockErrorDescription(title: string): string | undefined {
  if (title === BLOCK_MESSAGES.invalidEmail.title) return BLOCK_MESSAGES.invalidEmail.description;
  if (title === BLOCK_MESSAGES.invalidPhone.title) return BLOCK_MESSAGES.invalidPhone.description;
  return undefined;
}

export const blockUsernameSchema = z
  .string(BLOCK_MESSAGES.usernameRequired)
  .trim()
  .min(1, BLOCK_MESSAGES.usernameRequired)
  .transform((value) => value.replace(/^@/, ''));

/** Stored lower-cased. */
export const blockEmailSchema = z
  .string(BLOCK_MESSAGES.emailRequired)
  .trim()
  .min(1, BLOCK_MESSAGES.emailRequired)
  .pipe(z.email(BLOCK_MESSAGES.invalidEmail.title))
  .transform(normalizeEmail);

/** Only the digits are kept; at least 7. */
export const blockPhoneSchema = z
  .string(BLOCK_MESSAGES.invalidPhone.title)
  .transform(phoneDigits)
  .refine((digits) => digits.length >= PHONE_MIN_DIGITS, BLOCK_MESSAGES.invalidPhone.title);

/** One block request: which kind, and the value typed. */
export const blockSenderSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('username'), value: blockUsernameSchema }),
  z.object({ kind: z.literal('email'), value: blockEmailSchema }),
  z.object({ kind: z.literal('phone'), value: blockPhoneSchema }),
]);
export type BlockSenderInput = z.infer<typeof blockSenderSchema>;

/** The blocked_senders insert for a parsed request. */
export function toBlockedSenderInsert(input: BlockSenderInput, blockedBy: string) {
  const column = { username: 'blocked_username', email: 'blocked_email', phone: 'blocked_phone' }[input.kind];
  return { blocked_by: blockedBy, [column]: input.value } as {
    blocked_by: string;
    blocked_username?: string;
    blocked_email?: string;
    blocked_phone?: string;
  };
}
