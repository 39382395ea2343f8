/**
 * Everything the /auth forms do, in one chunk loaded on first interaction (focus, typing, submit):
 * supabase-js, the zod schemas and the error catalogue stay off the page's first load.
 */
import { CLIENT_ERROR_CODES, errorToast, toDataError, type ToastMessage } from '~shared/data/errors.ts';
import { requestPasswordReset, setSession, signIn, signOut, signUp, updatePassword } from '~shared/data/auth/api.ts';
import { completeSignInWithCode } from '~shared/data/auth/two-factor.ts';
import { twoFactorErrorMessage } from '~shared/rules/two-factor.ts';
import { getProfile } from '~shared/data/profiles/api.ts';
import type { PasswordIdentity } from '~shared/rules/password-policy.ts';
import { isAccountExistsError } from '~shared/rules/error-messages.ts';
import { isSecureResetCode, secureResetErrorMessage, SECURE_RESET_ERROR_TITLE } from '~shared/rules/secure-reset-messages.ts';
import { fieldErrors } from '~shared/schemas/field-errors.ts';
import { passwordUpdateSchema } from '~shared/schemas/password-update.ts';
import { resetRequestSchema } from '~shared/schemas/reset-request.ts';
import { signInSchema } from '~shared/schemas/sign-in.ts';
import { signUpSchema } from '~shared/schemas/sign-up.ts';
import { loadClient } from '../../lib/load-client.ts';
import { authRedirectUrl } from '../../lib/site.ts';

export interface SignInValues {
  email: string;
  password: string;
}
export interface SignUpValues {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}
export interface ResetRequestValues {
  email: string;
}
export interface PasswordUpdateValues {
  newPassword: string;
  confirmPassword: string;
}

export const validate = {
  signIn: (values: SignInValues) => fieldErrors(signInSchema, values),
  signUp: (values: SignUpValues) => fieldErrors(signUpSchema, values),
  resetRequest: (values: ResetRequestValues) => fieldErrors(resetRequestSchema, values),
  passwordUpdate: (values: PasswordUpdateValues) => fieldErrors(passwordUpdateSchema, values),
};

export async function submitSignIn(values: SignInValues) {
  const client = await loadClient();
  return signIn(client, { email: values.email.trim(), password: values.password });
}

export async function submitSignUp(values: SignUpValues) {
  const client = await loadClient();
  return signUp(client, {
    email: values.email.trim(),
    password: values.password,
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    emailRedirectTo: authRedirectUrl('signup'),
  });
}

export async function submitResetRequest(values: ResetRequestValues) {
  const client = await loadClient();
  return requestPasswordReset(client, { email: values.email.trim(), redirectTo: authRedirectUrl('recovery') });
}

export async function submitPasswordUpdate(values: PasswordUpdateValues) {
  const client = await loadClient();
  return updatePassword(client, values.newPassword);
}

/**
 * Who is resetting (the recovery session's e-mail and the profile's username), so the form can show
 * the secure-reset rule 'Not your e-mail or username' as the user types; the server checks it anyway.
 */
export async function resetIdentity(userId: string, email: string | undefined): Promise<PasswordIdentity> {
  const client = await loadClient();
  const profile = await getProfile(client, userId).catch(() => null);
  return { email: email ?? null, username: profile?.username ?? null };
}

/** The sign-in's second step: the authenticator app's code raises the session to aal2. */
export async function submitTwoFactorCode(code: string) {
  const client = await loadClient();
  return completeSignInWithCode(client, code);
}

/** 'Use another account' at the code step: the password-only session ends. */
export async function cancelTwoFactor() {
  const client = await loadClient();
  return signOut(client);
}

export function twoFactorCodeError(error: unknown): string {
  const dataError = toDataError(error);
  return twoFactorErrorMessage(dataError.code, dataError.status);
}

/** Opens the session a recovery or confirmation link carries. */
export async function openLinkSession(tokens: { access_token: string; refresh_token: string }) {
  const client = await loadClient();
  return setSession(client, tokens);
}

/** Secure-reset refusals: the code's sentence under 'Password Update Failed' (part 1 §8). */
export function passwordUpdateErrorToast(error: unknown): ToastMessage {
  const dataError = toDataError(error);
  if (dataError.code === CLIENT_ERROR_CODES.notAuthenticated) return errorToast('auth.updatePassword', dataError);
  if (isSecureResetCode(dataError.code)) return { title: SECURE_RESET_ERROR_TITLE, description: secureResetErrorMessage(dataError.code) };
  return { title: SECURE_RESET_ERROR_TITLE, description: secureResetErrorMessage(null, dataError.fromServer ? dataError.message : null) };
}

/** 'User already registered' (part 1 §8): the form then switches to Sign In with the e-mail filled in. */
export function isAccountExists(error: unknown): boolean {
  return isAccountExistsError(toDataError(error).message);
}

// The success texts travel with this chunk: importing shared/messages.ts in the forms would add it to /auth's first load.
export { AUTH_MESSAGES } from '~shared/messages.ts';
export { errorToast };
