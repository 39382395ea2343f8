import { createClient } from '@supabase/supabase-js';
import { EMAIL_CHANGE_MESSAGES, restoreEmailBodySchema } from '~shared/schemas/email-change.ts';
import { siteUrl } from '../_shared/brand.ts';
import { adminClient } from '../_shared/clients.ts';
import { now } from '../_shared/clock.ts';
import { emailUsedByAnotherAccount, randomToken, sha256Hex } from '../_shared/email-codes.ts';
import { requireEnv } from '../_shared/env.ts';
import { handle, HttpError, json, parseWith, readJsonBody } from '../_shared/http.ts';

interface UndoRow {
  user_id: string;
  old_email: string;
  new_email: string;
}

/**
 * 'restore-email' {token} (no session needed: the link was e-mailed to the old address of an
 * account whose e-mail changed). Undoes the change for whoever controls the old address:
 *   1. takes the token once (claim_email_change_undo: unknown, used or expired tokens are 400;
 *      tokens of later changes of the account go with it, earlier ones stay usable);
 *   2. puts the old address back (auth and profiles.email);
 *   3. replaces the password with a random one (whoever changed the address knew the password)
 *      and signs out every session of the account;
 *   4. e-mails the restored address a password reset link.
 */
Deno.serve(
  handle(async (req) => {
    const { token } = parseWith(restoreEmailBodySchema, await readJsonBody(req));
    const admin = adminClient();
    const { data, error } = await admin.rpc('claim_email_change_undo', {
      p_token_hash: await sha256Hex(token),
      p_now: now(req).toISOString(),
    });
    if (error) throw new Error(`cannot read the undo link: ${error.message}`);
    const undo = ((data ?? []) as UndoRow[])[0];
    if (!undo) throw new HttpError(400, 'invalid_token', EMAIL_CHANGE_MESSAGES.undoTokenInvalid);

    if (await emailUsedByAnotherAccount(admin, undo.old_email, undo.user_id)) {
      throw new HttpError(409, 'email_taken', 'Your old address now belongs to another account. Please contact support.');
    }
    const { error: authError } = await admin.auth.admin.updateUserById(undo.user_id, {
      email: undo.old_email,
      email_confirm: true,
      password: unusablePassword(),
    });
    if (authError) {
      console.error('restore-email: auth update failed', authError.message);
      throw new HttpError(500, 'update_failed', 'Failed to restore the address. Please try again.');
    }
    const { error: profileError } = await admin.from('profiles').update({ email: undo.old_email }).eq('user_id', undo.user_id);
    if (profileError) console.error('restore-email: profiles.email not updated', profileError.message);

    await endEverySession(admin, undo.old_email);

    const anon = createClient(requireEnv('SUPABASE_URL'), requireEnv('SUPABASE_ANON_KEY'), {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    });
    const site = siteUrl();
    const { error: resetError } = await anon.auth.resetPasswordForEmail(undo.old_email, site ? { redirectTo: `${site}/auth` } : {});
    if (resetError) console.error('restore-email: reset e-mail not sent', resetError.message);

    return json({
      success: true,
      email: undo.old_email,
      message: 'Your e-mail address is restored and every session is signed out. We e-mailed you a link to choose a new password.',
    });
  }),
);

/** A random password nobody knows that still meets the password rules (the account is then reset by e-mail). */
function unusablePassword(): string {
  return `Rz9!${randomToken()}`;
}

/**
 * Signs out every session of the account. The auth admin API ends sessions only through a session
 * of the user, so one is made (a magic link verified on the spot, never e-mailed) and signed out
 * with scope 'global': every refresh token of the account stops working.
 */
async function endEverySession(admin: ReturnType<typeof adminClient>, email: string): Promise<void> {
  const { data: link, error } = await admin.auth.admin.generateLink({ type: 'magiclink', email });
  if (error || !link.properties?.hashed_token) {
    console.error('restore-email: sessions not ended (no link)', error?.message);
    return;
  }
  const anon = createClient(requireEnv('SUPABASE_URL'), requireEnv('SUPABASE_ANON_KEY'), {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  const { data: verified, error: verifyError } = await anon.auth.verifyOtp({ type: 'magiclink', token_hash: link.properties.hashed_token });
  if (verifyError || !verified.session) {
    console.error('restore-email: sessions not ended (no session)', verifyError?.message);
    return;
  }
  const { error: signOutError } = await admin.auth.admin.signOut(verified.session.access_token, 'global');
  if (signOutError) console.error('restore-email: sessions not ended', signOutError.message);
}
