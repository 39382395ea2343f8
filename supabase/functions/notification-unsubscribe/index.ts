import {
  DEFAULT_NOTIFICATION_SETTINGS,
  NOTIFICATION_KIND_LABELS,
  UNSUBSCRIBE_MESSAGES,
  UNSUBSCRIBE_PATH,
  unsubscribedSettings,
  type NotificationSettings,
} from '~shared/rules/notifications.ts';
import { unsubscribeBodySchema } from '~shared/schemas/notification-settings.ts';
import { siteUrl } from '../_shared/brand.ts';
import { adminClient } from '../_shared/clients.ts';
import { now } from '../_shared/clock.ts';
import { handle, HttpError, json, parseWith, readBytesLimited } from '../_shared/http.ts';
import { verifyUnsubscribeToken } from '../_shared/unsubscribe-token.ts';

/**
 * 'notification-unsubscribe' (no session: the link comes from an e-mail). The token is signed
 * (_shared/unsubscribe-token.ts) and names the user and the kind of e-mail.
 *   GET ?token=…  → 303 to the web app's confirm page (a mail scanner's GET changes nothing).
 *   POST ?token=… with body 'List-Unsubscribe=One-Click' (RFC 8058, sent by the mail client), or
 *   POST {token} (the confirm page's button) → that kind of e-mail is turned off.
 * A tampered or expired token is a 400 with a readable message.
 */
Deno.serve(
  handle(
    async (req) => {
      const url = new URL(req.url);
      if (req.method === 'GET') {
        const site = siteUrl();
        const token = url.searchParams.get('token') ?? '';
        if (!site) throw new HttpError(400, 'invalid_request', 'Open the unsubscribe link from the e-mail.');
        return new Response(null, { status: 303, headers: { Location: `${site}${UNSUBSCRIBE_PATH}#token=${encodeURIComponent(token)}` } });
      }
      const token = await tokenOf(req, url);
      const check = await verifyUnsubscribeToken(token, now(req));
      if (!check.ok) {
        throw new HttpError(400, check.reason === 'expired' ? 'expired_token' : 'invalid_token', UNSUBSCRIBE_MESSAGES[check.reason]);
      }
      const admin = adminClient();
      const { data, error } = await admin
        .from('notification_settings')
        .select('share_email, folder_invite_email')
        .eq('user_id', check.userId)
        .maybeSingle();
      if (error) throw new Error(`cannot read notification settings: ${error.message}`);
      const next = unsubscribedSettings((data as NotificationSettings | null) ?? DEFAULT_NOTIFICATION_SETTINGS, check.kind);
      const { error: saveError } = await admin
        .from('notification_settings')
        .upsert({ user_id: check.userId, ...next }, { onConflict: 'user_id' });
      if (saveError?.code === '23503') throw new HttpError(404, 'account_not_found', 'This account no longer exists.');
      if (saveError) throw new Error(`cannot save notification settings: ${saveError.message}`);
      return json({
        success: true,
        kind: check.kind,
        message: `Unsubscribed: you will no longer get ${NOTIFICATION_KIND_LABELS[check.kind]}.`,
      });
    },
    ['GET', 'POST'],
  ),
);

/** The token from the query (one-click POST) or the JSON body (the confirm page). */
async function tokenOf(req: Request, url: URL): Promise<string> {
  const bytes = await readBytesLimited(req.body, 4096);
  if (bytes === null) throw new HttpError(413, 'payload_too_large', 'Request body must be at most 4096 bytes');
  const text = new TextDecoder().decode(bytes).trim();
  const fromQuery = url.searchParams.get('token');
  if (fromQuery) return fromQuery;
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : {};
  } catch {
    throw new HttpError(400, 'invalid_json', 'Request body is not valid JSON');
  }
  return parseWith(unsubscribeBodySchema, body).token;
}
