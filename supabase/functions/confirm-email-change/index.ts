import { confirmEmailChangeBodySchema } from '../../../shared/schemas/email-change.ts';
import { adminClient, requireUser } from '../_shared/clients.ts';
import { now } from '../_shared/clock.ts';
import { constantTimeEqual, emailUsedByAnotherAccount, hashCode } from '../_shared/email-codes.ts';
import { handle, HttpError, json, parseWith, readJsonBody } from '../_shared/http.ts';

const MAX_WRONG_TRIES = 5;

interface ChangeRequest {
  id: string;
  new_email: string;
  code_hash: string;
  attempts: number;
  expires_at: string;
}

/**
 * Part 2 'confirm-email-change' {code} -> {new_email}: checks the caller's latest unused code
 * (5 minutes, single use, at most 5 wrong tries), then changes the auth e-mail and profiles.email.
 */
Deno.serve(
  handle(async (req) => {
    const { user } = await requireUser(req);
    const { code } = parseWith(confirmEmailChangeBodySchema, await readJsonBody(req));
    const admin = adminClient();
    const { data: pending, error } = await admin
      .from('email_change_requests')
      .select('id, new_email, code_hash, attempts, expires_at')
      .eq('user_id', user.id)
      .is('consumed_at', null)
      .order('created_at', { ascending: false })
      .limit(1)
      .maybeSingle<ChangeRequest>();
    if (error) throw new Error(`cannot read codes: ${error.message}`);
    if (!pending) throw new HttpError(400, 'no_pending_request', 'No email change is pending. Request a new code.');
    const at = now(req);
    if (at.getTime() > Date.parse(pending.expires_at))
      throw new HttpError(400, 'code_expired', 'This code has expired. Please request a new one.');
    if (pending.attempts >= MAX_WRONG_TRIES)
      throw new HttpError(429, 'too_many_attempts', 'Too many wrong codes. Please request a new one.');

    // Take a try before comparing, in one atomic statement (claim_email_change_try): parallel
    // guesses each spend one, and past the limit no code is compared (issue 19).
    const { data: tries, error: tryError } = await admin.rpc('claim_email_change_try', { request_id: pending.id });
    if (tryError) throw new Error(`cannot count the try: ${tryError.message}`);
    if (tries === null || tries === undefined)
      throw new HttpError(429, 'too_many_attempts', 'Too many wrong codes. Please request a new one.');
    if (!constantTimeEqual(await hashCode(user.id, code), pending.code_hash)) {
      const left = Math.max(0, MAX_WRONG_TRIES - Number(tries));
      throw new HttpError(400, 'invalid_code', 'Invalid verification code.', { attempts_left: left });
    }

    // Claim the code before using it: of two parallel confirmations only one wins.
    const { data: claimed } = await admin
      .from('email_change_requests')
      .update({ consumed_at: at.toISOString() })
      .eq('id', pending.id)
      .is('consumed_at', null)
      .select('id');
    if (!claimed?.length) throw new HttpError(400, 'no_pending_request', 'This code was already used. Request a new code.');

    const newEmail = pending.new_email;
    if (await emailUsedByAnotherAccount(admin, newEmail, user.id)) {
      throw new HttpError(409, 'email_taken', 'This email address is already used by another account.');
    }
    const { error: authError } = await admin.auth.admin.updateUserById(user.id, { email: newEmail, email_confirm: true });
    if (authError) {
      if ((authError as { code?: string }).code === 'email_exists' || /already/i.test(authError.message)) {
        throw new HttpError(409, 'email_taken', 'This email address is already used by another account.');
      }
      console.error('confirm-email-change: auth update failed', authError.message);
      throw new HttpError(500, 'update_failed', 'Failed to update email. Please try again.');
    }
    const { error: profileError } = await admin.from('profiles').update({ email: newEmail }).eq('user_id', user.id);
    if (profileError) console.error('confirm-email-change: profiles.email not updated', profileError.message);
    return json({ success: true, new_email: newEmail });
  }),
);
