import { EMAIL_CODE_EXPIRY_MINUTES, EMAIL_CODES_PER_HOUR } from '~shared/constants.ts';
import { EMAIL_CHANGE_MESSAGES, requestEmailChangeBodySchema } from '~shared/schemas/email-change.ts';
import { brandName } from '../_shared/brand.ts';
import { adminClient, requireUser } from '../_shared/clients.ts';
import { now } from '../_shared/clock.ts';
import { emailUsedByAnotherAccount, hashCode, randomCode } from '../_shared/email-codes.ts';
import { handle, HttpError, json, parseWith, readJsonBody } from '../_shared/http.ts';
import { escapeHtml, sendMail } from '../_shared/mail.ts';
import { requireCurrentPassword } from '../_shared/reauthenticate.ts';

const HOUR_MS = 60 * 60 * 1000;
const RATE_LIMITED = 'Too many verification codes requested. Please try again later.';

/**
 * Part 2 'request-email-change' {new_email, password}: e-mails a 6-digit code to the new address.
 * The current password is asked again (a stolen session alone cannot move the account). The code
 * is stored hashed, expires in 5 minutes, and a user gets at most 3 codes an hour (checked here and
 * again by a trigger on email_change_requests).
 *
 * An address another account uses gets the same answer, counted against the same hourly limit,
 * so the answer never tells whether an address is registered: its request row holds the hash of a
 * code nobody is sent (it can never be confirmed), and the address gets a short note instead of a
 * code (the same work, so the timing tells nothing either).
 */
Deno.serve(
  handle(async (req) => {
    const { user } = await requireUser(req);
    const { new_email, password } = parseWith(requestEmailChangeBodySchema, await readJsonBody(req));
    if (new_email === user.email?.toLowerCase()) throw new HttpError(400, 'same_email', 'This is already your email address.');
    await requireCurrentPassword(user, password, EMAIL_CHANGE_MESSAGES.wrongPassword);

    const admin = adminClient();
    const taken = await emailUsedByAnotherAccount(admin, new_email, user.id);
    const at = now(req);
    const { count, error: countError } = await admin
      .from('email_change_requests')
      .select('id', { count: 'exact', head: true })
      .eq('user_id', user.id)
      .gt('created_at', new Date(at.getTime() - HOUR_MS).toISOString());
    if (countError) throw new Error(`cannot count codes: ${countError.message}`);
    if ((count ?? 0) >= EMAIL_CODES_PER_HOUR) throw new HttpError(429, 'rate_limited', RATE_LIMITED);

    const code = randomCode();
    // For a taken address the stored hash is of another random code, never sent to anyone.
    const storedCode = taken ? randomCode() : code;
    const expiresAt = new Date(at.getTime() + EMAIL_CODE_EXPIRY_MINUTES * 60_000);
    const { data: row, error } = await admin
      .from('email_change_requests')
      .insert({
        user_id: user.id,
        new_email,
        code_hash: await hashCode(user.id, storedCode),
        created_at: at.toISOString(),
        expires_at: expiresAt.toISOString(),
      })
      .select('id')
      .single();
    if (error) {
      if (error.hint === 'rate_limited' || /too many/i.test(error.message)) throw new HttpError(429, 'rate_limited', RATE_LIMITED);
      throw new Error(`cannot store code: ${error.message}`);
    }

    const brand = brandName();
    const mail = taken ? addressInUseMail(brand) : codeMail(brand, code, new_email);
    try {
      await sendMail({ to: new_email, ...mail });
    } catch (e) {
      // An unsent code must not use up one of the three codes of the hour.
      await admin.from('email_change_requests').delete().eq('id', row.id);
      console.error('request-email-change: e-mail not sent', (e as Error).message);
      throw new HttpError(502, 'email_failed', 'Failed to send code. Please try again.');
    }
    return json({
      success: true,
      message: `We emailed you a 6-digit code. Codes and links expire in ${EMAIL_CODE_EXPIRY_MINUTES} minutes.`,
      expires_at: expiresAt.toISOString(),
    });
  }),
);

function codeMail(brand: string, code: string, newEmail: string) {
  const text = `Your ${brand} verification code is ${code}.\n\nEnter it on the Name & Email settings page to change your e-mail to ${newEmail}. It expires in ${EMAIL_CODE_EXPIRY_MINUTES} minutes and works once.\n\nIf you did not ask for this, ignore this e-mail.`;
  return {
    subject: `Your ${brand} verification code: ${code}`,
    text,
    html: `<p>Your ${escapeHtml(brand)} verification code is</p><p style="font-size:24px;letter-spacing:4px"><b>${code}</b></p><p>It expires in ${EMAIL_CODE_EXPIRY_MINUTES} minutes and works once. If you did not ask for this, ignore this e-mail.</p>`,
  };
}

/** The note an address gets when someone asks to move an account to it while another account uses it. */
function addressInUseMail(brand: string) {
  const text = `Someone asked to move a ${brand} account to this address, which already belongs to a ${brand} account. Nothing was changed and no code was sent.\n\nIf it was you, sign in with this address instead. Otherwise, ignore this e-mail.`;
  return {
    subject: `${brand}: this address is already in use`,
    text,
    html: `<p>${escapeHtml(text).replace(/\n\n/g, '</p><p>')}</p>`,
  };
}
