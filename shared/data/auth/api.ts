import type { AuthChangeEvent, Session, User } from '@supabase/supabase-js';
import type { DataClient } from '../client.ts';
import { CLIENT_ERROR_CODES, DataError, clientError, toDataError } from '../errors.ts';
import { invokeFunction } from '../functions.ts';
import { needsSecondFactor } from '../../rules/two-factor-session.ts';

export interface SignUpParams {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  /** The /auth page of the current origin (part 1 §7). */
  emailRedirectTo: string;
}

/** Sign-up with the names as user metadata; GoTrue e-mails the confirmation link. */
export async function signUp(client: DataClient, params: SignUpParams): Promise<{ user: User | null; session: Session | null }> {
  const { data, error } = await client.auth.signUp({
    email: params.email,
    password: params.password,
    options: { emailRedirectTo: params.emailRedirectTo, data: { first_name: params.firstName, last_name: params.lastName } },
  });
  if (error) throw toDataError(error, 'auth');
  // With confirmations on, GoTrue answers a sign-up for a confirmed address with a user that has
  // no identities instead of an error (to avoid leaking who has an account); show 'Account exists'.
  if (data.user && Array.isArray(data.user.identities) && data.user.identities.length === 0) {
    throw new DataError('User already registered', { code: 'user_already_exists', status: 422, source: 'auth' });
  }
  return { user: data.user, session: data.session };
}

/** The user agent, where there is one (browsers and service workers both have navigator). */
function currentUserAgent(): string {
  const nav = (globalThis as { navigator?: { userAgent?: string } }).navigator;
  return nav?.userAgent ?? '';
}

/** A login_activity row after a successful sign-in; ip_address is sent empty (part 1 §3). */
export async function recordLoginActivity(client: DataClient, userId: string, userAgent = currentUserAgent()): Promise<void> {
  const { error } = await client.from('login_activity').insert({ user_id: userId, ip_address: '', user_agent: userAgent.slice(0, 1000) });
  if (error) throw toDataError(error);
}

/**
 * Sign-in with password, then the login_activity row (a failure there is only logged, part 1 §4).
 * With two-factor on, the session is aal1 and reaches no data yet: the row follows the code
 * (two-factor.ts completeSignInWithCode).
 */
export async function signIn(client: DataClient, params: { email: string; password: string }): Promise<Session> {
  const { data, error } = await client.auth.signInWithPassword({ email: params.email, password: params.password });
  if (error) throw toDataError(error, 'auth');
  if (needsSecondFactor(data.session)) return data.session;
  try {
    await recordLoginActivity(client, data.user.id);
  } catch (activityError) {
    console.warn('login_activity insert failed', activityError);
  }
  return data.session;
}

/** Sends the reset e-mail whose link returns to `redirectTo` (the /auth page). */
export async function requestPasswordReset(client: DataClient, params: { email: string; redirectTo: string }): Promise<void> {
  const { error } = await client.auth.resetPasswordForEmail(params.email, { redirectTo: params.redirectTo });
  if (error) throw toDataError(error, 'auth');
}

/** Opens the session carried by a recovery (or confirmation) link. */
export async function setSession(client: DataClient, tokens: { access_token: string; refresh_token: string }): Promise<Session> {
  const { data, error } = await client.auth.setSession(tokens);
  if (error) throw toDataError(error, 'auth');
  if (!data.session) throw new DataError('No session', { source: 'auth' });
  return data.session;
}

export interface SecureResetResponse {
  success?: boolean;
  message?: string;
}

/**
 * The password update after a recovery link goes through the 'secure-reset' function (policy,
 * breach and reuse checks server-side). Its error codes map to the spec's texts in errors.ts.
 */
export async function updatePassword(client: DataClient, newPassword: string): Promise<SecureResetResponse> {
  const user = await getUser(client);
  if (!user) throw clientError(CLIENT_ERROR_CODES.notAuthenticated, 'No authenticated user found.');
  return invokeFunction<SecureResetResponse>(client, 'secure-reset', { user_id: user.id, new_password: newPassword });
}

export async function signOut(client: DataClient): Promise<void> {
  const { error } = await client.auth.signOut();
  if (error) throw toDataError(error, 'auth');
}

/** The stored session (no network), refreshed first when it has expired. */
export async function getSession(client: DataClient): Promise<Session | null> {
  const { data, error } = await client.auth.getSession();
  if (error) throw toDataError(error, 'auth');
  return data.session;
}

/** The user as the auth server sees it now (validates the token); null when signed out. */
export async function getUser(client: DataClient): Promise<User | null> {
  const session = await getSession(client);
  if (!session) return null;
  const { data, error } = await client.auth.getUser();
  if (error) {
    // An expired/revoked session is "no user", not a failure.
    if (error.status === 401 || error.status === 403 || error.name === 'AuthSessionMissingError') return null;
    throw toDataError(error, 'auth');
  }
  return data.user;
}

/** Subscribes to auth changes; returns the unsubscribe function. */
export function onAuthStateChange(client: DataClient, callback: (event: AuthChangeEvent, session: Session | null) => void): () => void {
  const { data } = client.auth.onAuthStateChange(callback);
  return () => data.subscription.unsubscribe();
}

/** Facebook connect (part 2 §7): an OAuth redirect back to `redirectTo` (/settings/social-sharing). */
export async function connectFacebook(client: DataClient, redirectTo: string): Promise<string | null> {
  const { data, error } = await client.auth.signInWithOAuth({ provider: 'facebook', options: { redirectTo } });
  if (error) throw toDataError(error, 'auth');
  return data.url;
}
