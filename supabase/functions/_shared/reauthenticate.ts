import { createClient, type User } from '@supabase/supabase-js';
import { requireEnv } from './env.ts';
import { HttpError } from './http.ts';

/**
 * Checks the caller's current password by signing in again (the auth server counts failures, so
 * guessing through this is throttled like the sign-in form). A stolen session alone then cannot
 * change the account's e-mail or delete it. The sign-in's own session is ended at once.
 */
export async function requireCurrentPassword(user: User, password: string, wrongPasswordMessage: string): Promise<void> {
  if (!user.email) throw new HttpError(400, 'no_email', 'This account has no e-mail address to check the password against.');
  const anon = createClient(requireEnv('SUPABASE_URL'), requireEnv('SUPABASE_ANON_KEY'), {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  const { data, error } = await anon.auth.signInWithPassword({ email: user.email, password });
  if (error) {
    if (error.status === 429) throw new HttpError(429, 'rate_limited', 'Too many attempts. Please wait a few minutes and try again.');
    throw new HttpError(403, 'wrong_password', wrongPasswordMessage);
  }
  if (data.user?.id !== user.id) throw new HttpError(403, 'wrong_password', wrongPasswordMessage);
  await anon.auth.signOut({ scope: 'local' }).catch(() => undefined);
}
