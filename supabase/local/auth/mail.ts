import { authError } from './errors.ts';
import type { StackContext } from '../types.ts';
import type { EmailLinkType } from './otp.ts';

/** Per-address e-mail frequency limit (GoTrue's SMTP max frequency), per kind of e-mail. */
const EMAIL_INTERVAL_MS = 10_000;

export class EmailRateLimiter {
  private readonly last = new Map<string, number>();

  constructor(private readonly intervalMs = EMAIL_INTERVAL_MS) {}

  /**
   * Throws GoTrue's 429 when `kind` mail went to `email` within the interval; else records the send.
   * Keyed by address, whether or not an account exists, so the answer reveals nothing.
   */
  take(kind: string, email: string, nowMs: number): void {
    const key = `${kind}:${email.toLowerCase()}`;
    const prev = this.last.get(key);
    if (prev !== undefined && nowMs - prev < this.intervalMs && nowMs >= prev) {
      const wait = Math.ceil((this.intervalMs - (nowMs - prev)) / 1000);
      throw authError(
        429,
        'over_email_send_rate_limit',
        `For security purposes, you can only request this after ${wait} ${wait === 1 ? 'second' : 'seconds'}.`,
      );
    }
    this.last.set(key, nowMs);
    if (this.last.size > 10_000) this.last.delete(this.last.keys().next().value as string);
  }
}

const brand = () => process.env.BRAND_NAME || 'LinkVault';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

interface Template {
  subject: string;
  intro: string;
  action: string;
  outro: string;
}

/** No "enter this code" line: the product has no screen to enter an e-mail code on. */
function template(type: EmailLinkType): Template {
  const b = brand();
  switch (type) {
    case 'signup':
    case 'invite':
      return {
        subject: 'Confirm your signup',
        intro: `Thanks for signing up for ${b}! Follow this link to confirm your e-mail address:`,
        action: 'Confirm your e-mail',
        outro: 'If you did not sign up, ignore this e-mail.',
      };
    case 'recovery':
      return {
        subject: 'Reset your password',
        intro: `Someone asked to reset the password of your ${b} account. Follow this link to choose a new one (it expires in 5 minutes):`,
        action: 'Reset password',
        outro: 'If it was not you, ignore this e-mail; your password stays as it is.',
      };
    case 'magiclink':
      return {
        subject: 'Your magic link',
        intro: `Follow this link to sign in to ${b} (it expires in 5 minutes):`,
        action: 'Sign in',
        outro: 'If you did not ask for this, ignore this e-mail.',
      };
    case 'email_change':
      return {
        subject: 'Confirm your new e-mail address',
        intro: `Follow this link to confirm this address as the new e-mail of your ${b} account:`,
        action: 'Confirm new e-mail',
        outro: 'If you did not ask for this, ignore this e-mail.',
      };
  }
}

/**
 * A secure e-mail change's mail to the current address (GoTrue's "Confirm Change of Email" goes to
 * both): the change needs this link too, so a stolen session alone cannot move the account.
 */
function currentAddressTemplate(newEmail: string): Template {
  const b = brand();
  return {
    subject: 'Confirm the change of your e-mail address',
    intro: `Someone asked to change the e-mail of your ${b} account from this address to ${newEmail}. The change happens only once this link and the one sent to ${newEmail} are both followed:`,
    action: 'Confirm the change',
    outro: 'If it was not you, do not follow the link, and change your password: your address stays as it is.',
  };
}

/**
 * Sends one auth e-mail (text and simple HTML) with the verify link. `changeTo` marks the mail of an
 * e-mail change that goes to the current address.
 */
export async function sendAuthEmail(ctx: StackContext, to: string, type: EmailLinkType, link: string, changeTo?: string): Promise<void> {
  const t = changeTo ? currentAddressTemplate(changeTo) : template(type);
  const text = `${t.intro}\n\n${link}\n\n${t.outro}\n\n— ${brand()}\n`;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a"><h2>${escapeHtml(t.subject)}</h2><p>${escapeHtml(t.intro)}</p><p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 16px;background:#3b82f6;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(t.action)}</a></p><p style="font-size:12px;color:#475569">${escapeHtml(t.outro)}</p><p style="font-size:12px;color:#475569">${escapeHtml(link)}</p></body></html>`;
  try {
    await ctx.mail.send({ to, subject: t.subject, text, html });
  } catch (e) {
    ctx.log(`auth: sending ${type} e-mail failed: ${(e as Error).message}`);
    // The mail server refused the address for good (5xx): the caller's input, not our failure.
    const code = (e as { responseCode?: number }).responseCode;
    if (typeof code === 'number' && code >= 500 && code < 600)
      throw authError(400, 'email_address_invalid', `Email address "${to}" is invalid`);
    const what =
      type === 'recovery' ? 'recovery' : type === 'magiclink' ? 'magic link' : type === 'email_change' ? 'email change' : 'confirmation';
    throw authError(500, 'unexpected_failure', `Error sending ${what} email`);
  }
}
