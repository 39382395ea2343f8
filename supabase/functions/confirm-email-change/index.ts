import { EMAIL_CHANGE_UNDO_DAYS, EMAIL_CHANGE_UNDO_PATH } from '~shared/constants.ts';
import { confirmEmailChangeBodySchema } from '~shared/schemas/email-change.ts';
import { brandName, siteUrl } from '../_shared/brand.ts';
import { adminClient, requireUser } from '../_shared/clients.ts';
import { now } from '../_shared/clock.ts';
import { emailUsedByAnotherAccount, hashCode, sha256Hex, randomToken } from '../_shared/email-codes.ts';
import { handle, HttpError, json, parseWith, readJsonBody } from '../_shared/http.ts';
import { escapeHtml, sendMail } from '../_shared/mail.ts';

type CodeCheck =
  | { ok: true; new_email: string; request_id: string }
  | { ok: false; error: 'no_pending_request' | 'code_expired' | 'too_many_attempts' | 'invalid_code'; attempts_left?: number };

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Part 2 'confirm-email-change' {code} -> {new_email}: checks the caller's newest code and changes
 * the auth e-mail and profiles.email. The code is counted and compared in one atomic step in the
 * database (check_email_change_code: 5 minutes, single use, the fifth wrong try burns it), so no
 * number of parallel guesses gets past the limit.
 *
 * After the change every other session of the account is signed out (their refresh tokens stop
 * working), and the OLD address is told, with a link that restores it for EMAIL_CHANGE_UNDO_DAYS
 * (the restore-email function; the token is stored as its SHA-256 only).
 */
Deno.serve(
  handle(async (req) => {
    const { user, token } = await requireUser(req);
    const { code } = parseWith(confirmEmailChangeBodySchema, await readJsonBody(req));
    const admin = adminClient();
    const at = now(req);
    const { data, error } = await admin.rpc('check_email_change_code', {
      p_user_id: user.id,
      p_code_hash: await hashCode(user.id, code),
      p_now: at.toISOString(),
    });
    if (error) throw new Error(`cannot check the code: ${error.message}`);
    const check = data as CodeCheck;
    if (!check.ok) {
      switch (check.error) {
        case 'no_pending_request':
          throw new HttpError(400, 'no_pending_request', 'No email change is pending. Request a new code.');
        case 'code_expired':
          throw new HttpError(400, 'code_expired', 'This code has expired. Please request a new one.');
        case 'too_many_attempts':
          throw new HttpError(429, 'too_many_attempts', 'Too many wrong codes. Please request a new one.');
        default:
          throw new HttpError(400, 'invalid_code', 'Invalid verification code.', { attempts_left: check.attempts_left ?? 0 });
      }
    }

    const newEmail = check.new_email;
    const oldEmail = user.email ?? null;
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

    // Whoever else holds a session of this account is signed out; this session stays.
    const { error: signOutError } = await admin.auth.admin.signOut(token, 'others');
    if (signOutError) console.error('confirm-email-change: other sessions not ended', signOutError.message);

    if (oldEmail) await tellOldAddress(admin, req, user.id, oldEmail, newEmail, at);
    return json({ success: true, new_email: newEmail });
  }),
);

/** Stores an undo token (hashed) and e-mails the old address the link that restores it. */
async function tellOldAddress(
  admin: ReturnType<typeof adminClient>,
  req: Request,
  userId: string,
  oldEmail: string,
  newEmail: string,
  at: Date,
): Promise<void> {
  const undoToken = randomToken();
  const { error } = await admin.from('email_change_undo').insert({
    user_id: userId,
    old_email: oldEmail.toLowerCase(),
    new_email: newEmail,
    token_hash: await sha256Hex(undoToken),
    created_at: at.toISOString(),
    expires_at: new Date(at.getTime() + EMAIL_CHANGE_UNDO_DAYS * DAY_MS).toISOString(),
  });
  if (error) {
    console.error('confirm-email-change: undo link not stored', error.message);
    return;
  }
  const brand = brandName();
  const base = siteUrl() ?? new URL(req.url).origin;
  // The token travels in the fragment: browsers never send it to a server or in a Referer.
  const link = `${base}${EMAIL_CHANGE_UNDO_PATH}#token=${undoToken}`;
  const text =
    `The e-mail address of your ${brand} account was changed to ${newEmail}, and every other session was signed out.\n\n` +
    `If you did not do this, restore this address within ${EMAIL_CHANGE_UNDO_DAYS} days: ${link}\n` +
    `Restoring also signs out every session and asks you to choose a new password.\n\n` +
    `If it was you, there is nothing to do.`;
  try {
    await sendMail({
      to: oldEmail,
      subject: `Your ${brand} e-mail address was changed`,
      text,
      html:
        `<p>The e-mail address of your ${escapeHtml(brand)} account was changed to <b>${escapeHtml(newEmail)}</b>, and every other session was signed out.</p>` +
        `<p>If you did not do this, <a href="${escapeHtml(link)}">restore this address</a> within ${EMAIL_CHANGE_UNDO_DAYS} days. ` +
        `Restoring also signs out every session and asks you to choose a new password.</p><p>If it was you, there is nothing to do.</p>`,
    });
  } catch (e) {
    console.error('confirm-email-change: old address not told', (e as Error).message);
  }
}
