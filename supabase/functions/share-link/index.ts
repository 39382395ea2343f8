import { canReceiveMail, UNDELIVERABLE_EMAIL_MESSAGE } from '~shared/rules/email-deliverable.ts';
import { shareLinkPayloadSchema } from '~shared/schemas/share-link-payload.ts';
import { adminClient, requireUser } from '../_shared/clients.ts';
import { brandName, siteUrl } from '../_shared/brand.ts';
import { handle, HttpError, json, parseWith, readJsonBody } from '../_shared/http.ts';
import { escapeHtml, sendMail } from '../_shared/mail.ts';
import { runAfterResponse } from '../_shared/background.ts';
import { cleanSenderName, SHARE_RATE_LIMIT_MESSAGE } from '~shared/rules/share-limits.ts';

interface SharedLinkRow {
  id: string;
  title: string;
  url: string;
  user_id: string;
}

/** Always the same answer, delivered or suppressed, so a blocked sender learns nothing. */
const SHARED = { success: true, message: 'Link shared successfully' };

/**
 * Part 1 §7 'share-link': the caller shares one of their own links. The database triggers on
 * shared_links resolve the recipient account (username, or an account with that e-mail), count
 * share_count and, when the recipient blocked the sender, record the share as usual but mark it
 * in suppressed_shares (never delivered). This function checks the caller, writes the row with
 * the service role, maps the answers and sends the e-mail for the e-mail method, unless suppressed.
 * The insert trigger also applies the per-sender rate limits (429) and the one-address
 * rule; the suppression check and the e-mail run after the answer, so a delivered and a
 * suppressed share take the same time and a blocked sender learns nothing from it.
 */
Deno.serve(
  handle(async (req) => {
    const { user } = await requireUser(req);
    const body = await readJsonBody(req);
    // An address no mail server could deliver to is named as such (before the general checks).
    const email = (body as { shareData?: { recipient_email?: unknown } } | null)?.shareData?.recipient_email;
    if (typeof email === 'string' && !canReceiveMail(email)) throw new HttpError(400, 'undeliverable_email', UNDELIVERABLE_EMAIL_MESSAGE);
    const { shareData } = parseWith(shareLinkPayloadSchema, body);
    if (shareData.sender_id !== user.id) throw new HttpError(403, 'forbidden', 'You can only share links as yourself.');

    const admin = adminClient();
    const { data: link } = await admin
      .from('links')
      .select('id, title, url, user_id')
      .eq('id', shareData.link_id)
      .maybeSingle<SharedLinkRow>();
    if (!link || link.user_id !== user.id) throw new HttpError(403, 'forbidden', 'You can only share your own links.');

    const username = shareData.recipient_username?.trim().replace(/^@/, '');
    if (username && !(await usernameExists(username))) {
      throw new HttpError(404, 'recipient_not_found', `No user has the username @${username}.`);
    }

    const message = shareData.message?.trim() || `Your friend on ${brandName()} shared this with you!`;
    const { data: inserted, error } = await admin
      .from('shared_links')
      .insert({
        sender_id: user.id,
        link_id: link.id,
        message,
        recipient_email: shareData.recipient_email ?? null,
        recipient_phone: shareData.recipient_phone ?? null,
        recipient_username: username ?? null,
        social_platform: shareData.social_platform ?? null,
        social_handle: shareData.social_handle ?? null,
      })
      .select('id')
      .single<{ id: string }>();
    if (error) {
      if (error.hint === 'sharing_disabled') throw new HttpError(403, 'sharing_disabled', error.message);
      if (error.code === 'PT429') throw new HttpError(429, 'rate_limited', SHARE_RATE_LIMIT_MESSAGE);
      if (error.code === 'PT404') throw new HttpError(404, 'recipient_not_found', error.message);
      // Ownership was checked above; a 42501 here means the link changed hands in between.
      if (error.code === '42501') throw new HttpError(403, 'forbidden', 'You can only share your own links.');
      if (error.code === '23505') throw new HttpError(409, '23505', error.message);
      if (error.code?.startsWith('23') || error.code === '22001') throw new HttpError(400, error.code, error.message);
      console.error('share-link: insert failed', error.code, error.message);
      throw new HttpError(500, 'share_failed', 'Failed to share link. Please try again.');
    }

    const recipientEmail = shareData.recipient_email;
    if (recipientEmail) {
      runAfterResponse('share-link: e-mail', async () => {
        if (!(await isSuppressed(inserted.id))) await emailRecipient(recipientEmail, link, message, user.id);
      });
    }
    return json(SHARED);
  }),
);

/**
 * The recipient blocked the sender: the share is recorded but must never reach them, e-mail
 * included. When the answer cannot be read, no e-mail is sent (the blocker's wish comes first).
 */
async function isSuppressed(sharedLinkId: string): Promise<boolean> {
  const { data, error } = await adminClient()
    .from('suppressed_shares')
    .select('shared_link_id')
    .eq('shared_link_id', sharedLinkId)
    .maybeSingle();
  if (error) {
    console.error('share-link: cannot read suppressed_shares', error.code, error.message);
    return true;
  }
  return data !== null;
}

async function emailRecipient(to: string, link: SharedLinkRow, message: string, senderId: string): Promise<void> {
  const brand = brandName();
  const sender = await senderName(senderId);
  const site = siteUrl();
  const text = [
    message,
    '',
    `${link.title}`,
    link.url,
    '',
    site ? `Save and share your favourite links on ${brand}: ${site}` : `Sent with ${brand}.`,
  ].join('\n');
  const html =
    `<p>${escapeHtml(message)}</p><p><a href="${escapeHtml(link.url)}">${escapeHtml(link.title)}</a><br>${escapeHtml(link.url)}</p>` +
    `<p style="color:#64748b">${site ? `Save and share your favourite links on <a href="${escapeHtml(site)}">${escapeHtml(brand)}</a>.` : `Sent with ${escapeHtml(brand)}.`}</p>`;
  try {
    await sendMail({ to, subject: `${sender} shared a link with you on ${brand}`, text, html });
  } catch (e) {
    // The share is recorded (and in the recipient's inbox when they have an account); the mail is best effort.
    console.error('share-link: e-mail not sent', (e as Error).message);
  }
}

/** Usernames are unique case-insensitively; ilike with LIKE wildcards escaped is an exact, case-blind match. */
async function usernameExists(username: string): Promise<boolean> {
  // Only names a profile can have (profiles_username_format); this also keeps '*' (PostgREST's wildcard) out.
  if (!/^[A-Za-z0-9_-]{3,30}$/.test(username)) return false;
  const pattern = username.replace(/[\\%_]/g, (c) => `\\${c}`);
  const { data, error } = await adminClient().from('profiles').select('user_id').ilike('username', pattern).limit(1);
  if (error) throw new Error(`cannot look up the username: ${error.message}`);
  return (data ?? []).length > 0;
}

async function senderName(senderId: string): Promise<string> {
  const { data } = await adminClient()
    .from('profiles')
    .select('first_name, last_name, username, name_visible')
    .eq('user_id', senderId)
    .maybeSingle();
  // Only what a name is made of, and not too long: the subject line is not a place for links or ads.
  const fullName = cleanSenderName([data?.first_name, data?.last_name].filter(Boolean).join(' '));
  if (data?.name_visible !== false && fullName) return fullName;
  if (data?.username) return `@${data.username}`;
  return 'Your friend';
}
