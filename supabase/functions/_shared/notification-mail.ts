import { NOTIFICATION_KIND_LABELS, UNSUBSCRIBE_PATH, type NotificationKind } from '~shared/rules/notifications.ts';
import { brandName, siteUrl } from './brand.ts';
import { requireEnv } from './env.ts';
import { escapeHtml, type OutgoingMail } from './mail.ts';
import { signUnsubscribeToken } from './unsubscribe-token.ts';

/** One share in an e-mail: who, what, and the sender's words. */
export interface ShareItem {
  sender: string;
  title: string;
  url: string;
  message: string | null;
}

export interface FolderInviteItem {
  sender: string;
  folder: string;
  role: 'viewer' | 'editor';
}

/** Only http(s) addresses become links; anything else is shown as text. */
const isHttp = (url: string) => /^https?:\/\//i.test(url);

function shareHtml(item: ShareItem): string {
  const title = escapeHtml(item.title || item.url);
  const link = isHttp(item.url) ? `<a href="${escapeHtml(item.url)}">${title}</a>` : title;
  const message = item.message ? `<br><span style="color:#475569">“${escapeHtml(item.message)}”</span>` : '';
  return `<p><strong>${escapeHtml(item.sender)}</strong>: ${link}<br><span style="color:#64748b">${escapeHtml(item.url)}</span>${message}</p>`;
}

function shareText(item: ShareItem): string {
  return [`${item.sender}: ${item.title || item.url}`, item.url, ...(item.message ? [`“${item.message}”`] : [])].join('\n');
}

/**
 * The footer every notification carries: why it came, a one-click unsubscribe link (the web
 * app's page), the settings page; and the List-Unsubscribe headers of RFC 8058, whose URL the
 * mail client POSTs to directly.
 */
async function withFooter(
  userId: string,
  kind: NotificationKind,
  now: Date,
  mail: { subject: string; text: string; html: string },
  to: string,
): Promise<OutgoingMail> {
  const token = await signUnsubscribeToken(userId, kind, now);
  const site = siteUrl() ?? '';
  const unsubscribePage = `${site}${UNSUBSCRIBE_PATH}#token=${token}`;
  const settings = `${site}/settings/notifications`;
  const oneClick = `${requireEnv('SUPABASE_URL').replace(/\/+$/, '')}/functions/v1/notification-unsubscribe?token=${encodeURIComponent(token)}`;
  const what = NOTIFICATION_KIND_LABELS[kind];
  return {
    to,
    subject: mail.subject,
    text: `${mail.text}\n\n--\nYou get ${what} from ${brandName()}.\nUnsubscribe: ${unsubscribePage}\nAll e-mail settings: ${settings}\n`,
    html:
      `${mail.html}<hr style="border:none;border-top:1px solid #e2e8f0;margin:24px 0 12px">` +
      `<p style="color:#64748b;font-size:12px">You get ${escapeHtml(what)} from ${escapeHtml(brandName())}. ` +
      `<a href="${escapeHtml(unsubscribePage)}">Unsubscribe</a> · <a href="${escapeHtml(settings)}">E-mail settings</a></p>`,
    headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

export function shareMail(userId: string, to: string, item: ShareItem, now: Date): Promise<OutgoingMail> {
  const site = siteUrl() ?? '';
  return withFooter(
    userId,
    'share',
    now,
    {
      subject: `New link from ${item.sender}: ${item.title || item.url}`,
      text: `${shareText(item)}\n\nSee it in your incoming links: ${site}/dashboard`,
      html: `${shareHtml(item)}<p><a href="${escapeHtml(`${site}/dashboard`)}">Open your incoming links</a></p>`,
    },
    to,
  );
}

export function digestMail(userId: string, to: string, items: ShareItem[], now: Date): Promise<OutgoingMail> {
  const site = siteUrl() ?? '';
  const count = items.length === 1 ? '1 link' : `${items.length} links`;
  return withFooter(
    userId,
    'share',
    now,
    {
      subject: `Your ${brandName()} digest: ${count} shared with you`,
      text: `${count} shared with you since your last digest:\n\n${items.map(shareText).join('\n\n')}\n\nSee them in your incoming links: ${site}/dashboard`,
      html:
        `<p>${escapeHtml(count)} shared with you since your last digest:</p>${items.map(shareHtml).join('')}` +
        `<p><a href="${escapeHtml(`${site}/dashboard`)}">Open your incoming links</a></p>`,
    },
    to,
  );
}

export function folderInviteMail(userId: string, to: string, item: FolderInviteItem, now: Date): Promise<OutgoingMail> {
  const site = siteUrl() ?? '';
  const role = item.role === 'editor' ? 'an editor' : 'a viewer';
  return withFooter(
    userId,
    'folder_invite',
    now,
    {
      subject: `${item.sender} invited you to the folder “${item.folder}”`,
      text: `${item.sender} invited you to the folder “${item.folder}” as ${role}.\n\nAccept or decline it on ${brandName()}: ${site}/dashboard`,
      html:
        `<p><strong>${escapeHtml(item.sender)}</strong> invited you to the folder “${escapeHtml(item.folder)}” as ${role}.</p>` +
        `<p><a href="${escapeHtml(`${site}/dashboard`)}">Accept or decline it</a></p>`,
    },
    to,
  );
}
