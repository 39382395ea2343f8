/**
 * Pure mappings from server errors to the spec's toast texts (part 1 §8, part 2 §8).
 * A toast has a title and an optional description; the default title is 'Error'.
 */
export interface ToastText {
  title: string;
  description?: string;
}

export const DEFAULT_ERROR_TITLE = 'Error';
const UNIQUE_VIOLATION_CODE = '23505';

/** "after 1 seconds" (GoTrue's rate-limit text counts down to 1) reads "after 1 second". */
export function singularUnits(message: string): string {
  return message.replace(/(^|[^\d.,])1 (second|minute|hour|day|attempt|try)s\b/g, '$11 $2');
}

/** The server message when there is one (units in the right number), otherwise the fallback. */
export function messageOr(serverMessage: string | null | undefined, fallback: string): string {
  const message = typeof serverMessage === 'string' ? serverMessage.trim() : '';
  return message ? singularUnits(message) : fallback;
}

// ── Sign-up ──────────────────────────────────────────────────────────────
export const ACCOUNT_EXISTS_TOAST: ToastText = {
  title: 'Account exists',
  description: 'An account with this email already exists and is confirmed. Please sign in or use Forgot Password.',
};
export const UNEXPECTED_ERROR_MESSAGE = 'An unexpected error occurred. Please try again.';

/** GoTrue says 'User already registered' (or '... has already been registered'). */
export function isAccountExistsError(serverMessage: string | null | undefined): boolean {
  const message = (serverMessage ?? '').toLowerCase();
  return message.includes('user already registered') || message.includes('already been registered');
}

export function signUpErrorToast(serverMessage: string | null | undefined): ToastText {
  if (isAccountExistsError(serverMessage)) return ACCOUNT_EXISTS_TOAST;
  return { title: DEFAULT_ERROR_TITLE, description: messageOr(serverMessage, UNEXPECTED_ERROR_MESSAGE) };
}

// ── Sign-in ──────────────────────────────────────────────────────────────
export const INVALID_CREDENTIALS_TOAST: ToastText = {
  title: 'Invalid credentials',
  description: 'Please check your email and password and try again.',
};
export const EMAIL_NOT_CONFIRMED_TOAST: ToastText = {
  title: 'Email not confirmed',
  description: 'Please check your email and click the confirmation link before signing in.',
};

export function signInErrorToast(serverMessage: string | null | undefined): ToastText {
  const message = (serverMessage ?? '').toLowerCase();
  if (message.includes('invalid login credentials')) return INVALID_CREDENTIALS_TOAST;
  if (message.includes('email not confirmed')) return EMAIL_NOT_CONFIRMED_TOAST;
  return { title: DEFAULT_ERROR_TITLE, description: messageOr(serverMessage, UNEXPECTED_ERROR_MESSAGE) };
}

/** The same texts as one line ('Invalid credentials: Please check …'), as the spec writes them. */
export function toastAsSentence(toast: ToastText): string {
  return toast.description ? `${toast.title}: ${toast.description}` : toast.title;
}

// ── Sharing ──────────────────────────────────────────────────────────────
export const ALREADY_SHARED_MESSAGE = 'This link has already been shared with this recipient.';
export const SHARE_FAILED_MESSAGE = 'Failed to share link. Please try again.';

export function shareErrorMessage(serverMessage: string | null | undefined): string {
  if ((serverMessage ?? '').toLowerCase().includes('duplicate key')) return ALREADY_SHARED_MESSAGE;
  return messageOr(serverMessage, SHARE_FAILED_MESSAGE);
}

// ── Unique violations (23505) ─────────────────────────────────────────────
export const CATEGORY_EXISTS_TOAST: ToastText = { title: 'Category exists', description: 'A category with this name already exists.' };
export const USERNAME_TAKEN_MESSAGE = 'This username is already taken';

export function isUniqueViolation(error: { code?: string | null; message?: string | null } | null | undefined): boolean {
  return !!error && (error.code === UNIQUE_VIOLATION_CODE || (error.message ?? '').toLowerCase().includes('duplicate key'));
}

// ── AI discovery ─────────────────────────────────────────────────────────
export const AI_ERROR_TITLES = {
  quota: 'OpenAI quota exceeded',
  apiKey: 'OpenAI API key issue',
  service: 'AI service error',
  auth: 'Authentication required',
  other: 'Discovery Failed',
} as const;

export interface AiErrorInput {
  /** HTTP status of the function call, when it answered. */
  status?: number | null;
  message?: string | null;
  /** True when there is no session: the call was never made. */
  notSignedIn?: boolean;
}

/** Maps an AI discovery failure to its toast: quota, API key, login, non-2xx, else 'Discovery Failed'. */
export function aiErrorToast(error: AiErrorInput): ToastText {
  const message = (error.message ?? '').trim();
  const lower = message.toLowerCase();
  const description = message || undefined;
  if (error.notSignedIn) return { title: AI_ERROR_TITLES.auth, description };
  if (lower.includes('quota') || lower.includes('insufficient_quota')) return { title: AI_ERROR_TITLES.quota, description };
  if (/api[\s_-]?key/.test(lower)) return { title: AI_ERROR_TITLES.apiKey, description };
  if (error.status === 401 || lower.includes('authentication required') || lower.includes('not authenticated')) {
    return { title: AI_ERROR_TITLES.auth, description };
  }
  if (typeof error.status === 'number' && (error.status < 200 || error.status >= 300)) {
    return { title: AI_ERROR_TITLES.service, description };
  }
  return { title: AI_ERROR_TITLES.other, description };
}
