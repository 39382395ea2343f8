import { EMAIL_CODE_EXPIRY_MINUTES, EMAIL_CODES_PER_HOUR } from '../../../shared/constants.ts';
import { requestEmailChangeBodySchema } from '../../../shared/schemas/email-change.ts';
import { brandName } from '../_shared/brand.ts';
import { adminClient, requireUser } from '../_shared/clients.ts';
import { now } from '../_shared/clock.ts';
import { emailUsedByAnotherAccount, hashCode, randomCode } from '../_shared/email-codes.ts';
import { handle, HttpError, json, parseWith, readJsonBody } from '../_shared/http.ts';
import { escapeHtml, sendMail } from '../_shared/mail.ts';

const HOUR_MS = 60 * 60 * 1000;
const RATE_LIMITED = 'Too many verification codes requested. Please try again later.';

/**
 * Part 2 'request-email-change' {new_email}: e-mails a 6-digit code to the new address. The code
 * is stored hashed, expires in 5 minutes, and a user gets at most 3 codes an hour (checked here
 * and again by a trigger on email_change_requests).
 */
Deno.serve(
  handle(async (req) => {
    const { user } = await requireUser(req);
    const { new_email } = parseWith(requestEmailChangeBodySchema, await readJsonBody(req));
    if (new_email === user.email?.toLowerCase()) throw new HttpError(400, 'same_email', 'This is already your email address.');

    const admin = adminClient();
    if (await emailUsedByAnotherAccount(admin, new_email, user.id)) {
      throw new HttpError(409, 'email_taken', 'This email address is already used by another account.');
    }
    const at = now(req);
    const { count, error: countError } = await admin
      .from('email_change_requests')
      .select('id', { count: 'exact', head: true })
      .eq('user_id', user.id)
      .gt('created_at', new Date(at.getTime() - HOUR_MS).toISOString());
    if (countError) throw new Error(`cannot count codes: ${countError.message}`);
    if ((count ?? 0) >= EMAIL_CODES_PER_HOUR) throw new HttpError(429, 'rate_limited', RATE_LIMITED);

    const code = randomCode();
    const expiresAt = new Date(at.getTime() + EMAIL_CODE_EXPIRY_MINUTES * 60_000);
    const { data: row, error } = await admin
      .from('email_change_requests')
      .insert({
        user_id: user.id,
        new_email,
        code_hash: await hashCode(user.id, code),
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
    const text = `Your ${brand} verification code is ${code}.\n\nEnter it on the Name & Email settings page to change your e-mail to ${new_email}. It expires in ${EMAIL_CODE_EXPIRY_MINUTES} minutes and works once.\n\nIf you did not ask for this, ignore this e-mail.`;
    try {
      await sendMail({
        to: new_email,
        subject: `Your ${brand} verification code: ${code}`,
        text,
        html: `<p>Your ${escapeHtml(brand)} verification code is</p><p style="font-size:24px;letter-spacing:4px"><b>${code}</b></p><p>It expires in ${EMAIL_CODE_EXPIRY_MINUTES} minutes and works once. If you did not ask for this, ignore this e-mail.</p>`,
      });
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
