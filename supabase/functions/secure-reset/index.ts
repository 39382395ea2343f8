import { checkPasswordLocally, type SecureResetCode } from '~shared/rules/password-policy.ts';
// One number for the form's meter and this check.
import { MIN_PASSWORD_STRENGTH_SCORE as MIN_STRENGTH_SCORE } from '~shared/rules/password-checklist.ts';
import { SECURE_RESET_MESSAGES } from '~shared/rules/secure-reset-messages.ts';
import { PASSWORD_HISTORY_SIZE } from '~shared/constants.ts';
import { secureResetBodySchema } from '~shared/schemas/secure-reset.ts';
import { adminClient, requireUser } from '../_shared/clients.ts';
import { env } from '../_shared/env.ts';
import { errorResponse, handle, HttpError, json, parseWith, readJsonBody } from '../_shared/http.ts';
import { isCommonPassword, isPwned, matchesAnyHash, strengthScore } from '../_shared/password-checks.ts';

const DEFAULT_HIBP_URL = 'https://api.pwnedpasswords.com';

function refuse(code: SecureResetCode, status = 400): Response {
  return errorResponse(status, code, SECURE_RESET_MESSAGES[code]);
}

/**
 * Sets a new password for the caller after the policy checks, in this order: min_length,
 * class_mix, contains_identity, seq_or_repeat (shared rules), breached (offline list), too_weak
 * (zxcvbn-ts), breached (HIBP range API), reuse_disallowed (last 5 hashes). The new hash is
 * recorded by the password_history trigger on auth.users.
 */
Deno.serve(
  handle(async (req) => {
    const { user } = await requireUser(req);
    const body = parseWith(secureResetBodySchema, await readJsonBody(req));
    if (body.user_id !== user.id) throw new HttpError(403, 'forbidden', 'You can only change your own password.');
    const password = body.new_password;

    const admin = adminClient();
    const { data: profile } = await admin.from('profiles').select('username, first_name, last_name').eq('user_id', user.id).maybeSingle();
    const email = user.email ?? '';
    const localCode = checkPasswordLocally(password, { email, username: profile?.username });
    if (localCode) return refuse(localCode);

    if (isCommonPassword(password)) return refuse('breached');
    const userInputs = [email, email.split('@')[0], profile?.username, profile?.first_name, profile?.last_name].filter(
      (s): s is string => !!s,
    );
    if (strengthScore(password, userInputs) < MIN_STRENGTH_SCORE) return refuse('too_weak');
    const pwned = await isPwned(password, env('HIBP_URL') ?? DEFAULT_HIBP_URL);
    if (pwned === null) console.warn('secure-reset: HIBP range API unreachable; only the offline list was checked');
    if (pwned) return refuse('breached');

    const { data: history, error: historyError } = await admin
      .from('password_history')
      .select('password_hash')
      .eq('user_id', user.id)
      .order('created_at', { ascending: false })
      .limit(PASSWORD_HISTORY_SIZE);
    if (historyError) {
      console.error('secure-reset: cannot read password history', historyError.message);
      return refuse('update_failed', 500);
    }
    if (
      await matchesAnyHash(
        password,
        (history ?? []).map((h) => h.password_hash as string),
      )
    )
      return refuse('reuse_disallowed');

    const { error } = await admin.auth.admin.updateUserById(user.id, { password });
    if (error) {
      console.error('secure-reset: auth admin update failed', error.message);
      return refuse('update_failed', 500);
    }
    return json({ success: true, message: 'Password updated successfully with enhanced security!' });
  }),
);
