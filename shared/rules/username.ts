import { USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH } from '../constants.ts';

/** part 2 §5's username messages (the schema in shared/schemas/username.ts uses them too). */
export const USERNAME_MESSAGES = {
  tooShort: 'Username must be at least 3 characters',
  tooLong: 'Username must be less than 30 characters',
  characters: 'Username can only contain letters, numbers, underscores, and dashes',
  required: 'Username required',
  taken: 'This username is already taken',
} as const;

export const USERNAME_CHARACTERS = /^[A-Za-z0-9_-]+$/;

/**
 * Whether a typed username is one the schema accepts (trimmed, 3-30 letters, digits, underscores
 * or dashes), without zod: the dashboard's username card asks this on every keystroke, and zod
 * is not part of the dashboard's first load.
 */
export function isWellFormedUsername(value: string): boolean {
  const trimmed = value.trim();
  return trimmed.length >= USERNAME_MIN_LENGTH && trimmed.length <= USERNAME_MAX_LENGTH && USERNAME_CHARACTERS.test(trimmed);
}

/**
 * The first rule a typed username breaks, shown while typing (the form's button stays disabled
 * meanwhile): characters, then length. Empty breaks none here (the button is simply disabled; the
 * name-email page says USERNAME_MESSAGES.required). Reserved names are left to the schema on submit
 * and to the database: their list stays off the dashboard's first load.
 */
export function usernameProblem(value: string): string | null {
  const trimmed = value.trim();
  if (!trimmed) return null;
  if (!USERNAME_CHARACTERS.test(trimmed)) return USERNAME_MESSAGES.characters;
  if (trimmed.length < USERNAME_MIN_LENGTH) return USERNAME_MESSAGES.tooShort;
  if (trimmed.length > USERNAME_MAX_LENGTH) return USERNAME_MESSAGES.tooLong;
  return null;
}
