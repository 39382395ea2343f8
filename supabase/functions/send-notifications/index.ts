import type { SupabaseClient } from '@supabase/supabase-js';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  deliveryFor,
  digestDue,
  instantWindowStart,
  mayEmailAtOnce,
  type NotificationKind,
  type NotificationSettings,
} from '~shared/rules/notifications.ts';
import { cleanSenderName } from '~shared/rules/share-limits.ts';
import { adminClient, bearerToken } from '../_shared/clients.ts';
import { now } from '../_shared/clock.ts';
import { requireEnv } from '../_shared/env.ts';
import { handle, HttpError, json, readBytesLimited } from '../_shared/http.ts';
import { sendMail, type OutgoingMail } from '../_shared/mail.ts';
import { digestMail, folderInviteMail, shareMail, type FolderInviteItem, type ShareItem } from '../_shared/notification-mail.ts';

interface OutboxRow {
  id: string;
  user_id: string;
  kind: NotificationKind;
  sender_id: string | null;
  shared_link_id: string | null;
  folder_member_id: string | null;
  rolled_over: boolean;
  created_at: string;
}

/** At most this many waiting items per run; the next run takes the rest. */
const BATCH = 500;

/**
 * 'send-notifications' (service role only; run on a schedule: the local stack's timer, pg_cron on
 * hosted). Drains notification_outbox: each item goes by its recipient's current setting — off
 * (skipped), at once (its own e-mail, at most INSTANT_EMAILS_PER_HOUR an hour; beyond that it
 * rolls into the next digest), or the daily digest (one e-mail listing everything waiting, once
 * the oldest is a day old). Items are claimed (pending → sending) before sending, so two runs
 * never send one twice; a failed send puts them back. Body: {} or {user_id} to drain one user.
 */
Deno.serve(
  handle(async (req) => {
    requireServiceRole(req);
    const userId = await optionalUserId(req);
    const at = now(req);
    const admin = adminClient();
    let query = admin
      .from('notification_outbox')
      .select('id, user_id, kind, sender_id, shared_link_id, folder_member_id, rolled_over, created_at')
      .eq('status', 'pending')
      .order('created_at')
      .limit(BATCH);
    if (userId) query = query.eq('user_id', userId);
    const { data, error } = await query;
    if (error) throw new Error(`cannot read the outbox: ${error.message}`);
    const rows = (data ?? []) as OutboxRow[];
    const byUser = Map.groupBy(rows, (r) => r.user_id);
    const settings = await settingsOf(admin, [...byUser.keys()]);
    const result = { instant: 0, digests: 0, skipped: 0, rolled_over: 0 };
    for (const [user, items] of byUser) {
      const counts = await drainUser(admin, user, items, settings.get(user) ?? DEFAULT_NOTIFICATION_SETTINGS, at);
      result.instant += counts.instant;
      result.digests += counts.digests;
      result.skipped += counts.skipped;
      result.rolled_over += counts.rolled_over;
    }
    return json({ success: true, ...result });
  }),
);

function requireServiceRole(req: Request): void {
  const given = new TextEncoder().encode(bearerToken(req) ?? '');
  const expected = new TextEncoder().encode(requireEnv('SUPABASE_SERVICE_ROLE_KEY'));
  let diff = given.length ^ expected.length;
  for (let i = 0; i < expected.length; i++) diff |= expected[i] ^ (given[i] ?? 0);
  if (diff !== 0) throw new HttpError(403, 'forbidden', 'Only the server can send notifications.');
}

async function optionalUserId(req: Request): Promise<string | undefined> {
  const bytes = await readBytesLimited(req.body, 4096);
  if (bytes === null) throw new HttpError(413, 'payload_too_large', 'Request body must be at most 4096 bytes');
  const text = new TextDecoder().decode(bytes).trim();
  if (!text) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'invalid_json', 'Request body is not valid JSON');
  }
  const userId = (body as { user_id?: unknown } | null)?.user_id;
  if (userId === undefined) return undefined;
  if (typeof userId !== 'string' || !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(userId)) {
    throw new HttpError(400, 'invalid_request', 'user_id: must be a user id');
  }
  return userId;
}

async function settingsOf(admin: SupabaseClient, users: string[]): Promise<Map<string, NotificationSettings>> {
  if (users.length === 0) return new Map();
  const { data, error } = await admin
    .from('notification_settings')
    .select('user_id, share_email, folder_invite_email')
    .in('user_id', users);
  if (error) throw new Error(`cannot read notification settings: ${error.message}`);
  return new Map((data ?? []).map((r) => [r.user_id as string, r as NotificationSettings]));
}

async function drainUser(admin: SupabaseClient, userId: string, items: OutboxRow[], settings: NotificationSettings, at: Date) {
  const counts = { instant: 0, digests: 0, skipped: 0, rolled_over: 0 };
  const off = items.filter((i) => deliveryFor(settings, i.kind) === 'off');
  if (off.length) counts.skipped += await setStatus(admin, off, 'pending', { status: 'skipped' });
  const live = items.filter((i) => deliveryFor(settings, i.kind) !== 'off');
  if (live.length === 0) return counts;

  const { data: auth } = await admin.auth.admin.getUserById(userId);
  const to = auth?.user?.email;
  if (!to) {
    counts.skipped += await setStatus(admin, live, 'pending', { status: 'skipped' });
    return counts;
  }

  const { count, error } = await admin
    .from('notification_outbox')
    .select('id', { count: 'exact', head: true })
    .eq('user_id', userId)
    .eq('sent_via', 'instant')
    .gte('sent_at', instantWindowStart(at).toISOString());
  if (error) throw new Error(`cannot count recent e-mails: ${error.message}`);
  let sentLastHour = count ?? 0;

  const waiting: OutboxRow[] = [];
  for (const item of live) {
    const wantsNow = deliveryFor(settings, item.kind) === 'instant' && !item.rolled_over;
    if (!wantsNow) {
      waiting.push(item);
      continue;
    }
    if (!mayEmailAtOnce(sentLastHour)) {
      // Folder invitations have no digest of their own: they wait for the hour to pass instead.
      if (item.kind === 'share') {
        await admin.from('notification_outbox').update({ rolled_over: true }).eq('id', item.id).eq('status', 'pending');
        counts.rolled_over++;
        waiting.push({ ...item, rolled_over: true });
      }
      continue;
    }
    const claimed = await claim(admin, [item]);
    if (claimed.length === 0) continue;
    const mail =
      item.kind === 'share' ? await shareItemMail(admin, userId, to, item, at) : await inviteItemMail(admin, userId, to, item, at);
    if (!mail) {
      counts.skipped += await setStatus(admin, claimed, 'sending', { status: 'skipped' });
      continue;
    }
    if (await deliver(admin, claimed, mail, 'instant', at)) {
      counts.instant++;
      sentLastHour++;
    }
  }

  const digestable = waiting.filter((i) => i.kind === 'share');
  if (digestable.length && digestDue(new Date(digestable[0].created_at), at)) {
    const claimed = await claim(admin, digestable);
    const shares = await shareItems(admin, claimed);
    const gone = claimed.filter((c) => !shares.has(c.id));
    if (gone.length) counts.skipped += await setStatus(admin, gone, 'sending', { status: 'skipped' });
    const listed = claimed.filter((c) => shares.has(c.id));
    if (listed.length) {
      const mail = await digestMail(
        userId,
        to,
        listed.map((c) => shares.get(c.id)!),
        at,
      );
      if (await deliver(admin, listed, mail, 'digest', at)) counts.digests++;
    }
  }
  return counts;
}

/** pending → sending for the rows no other run took; only those are sent. */
async function claim(admin: SupabaseClient, items: OutboxRow[]): Promise<OutboxRow[]> {
  const { data, error } = await admin
    .from('notification_outbox')
    .update({ status: 'sending' })
    .in(
      'id',
      items.map((i) => i.id),
    )
    .eq('status', 'pending')
    .select('id');
  if (error) throw new Error(`cannot claim outbox items: ${error.message}`);
  const ids = new Set((data ?? []).map((r) => r.id as string));
  return items.filter((i) => ids.has(i.id));
}

async function setStatus(admin: SupabaseClient, items: OutboxRow[], from: string, values: Record<string, unknown>): Promise<number> {
  const { data, error } = await admin
    .from('notification_outbox')
    .update(values)
    .in(
      'id',
      items.map((i) => i.id),
    )
    .eq('status', from)
    .select('id');
  if (error) throw new Error(`cannot update outbox items: ${error.message}`);
  return (data ?? []).length;
}

async function deliver(
  admin: SupabaseClient,
  items: OutboxRow[],
  mail: OutgoingMail,
  via: 'instant' | 'digest',
  at: Date,
): Promise<boolean> {
  try {
    await sendMail(mail);
  } catch (e) {
    console.error('send-notifications: e-mail not sent, will retry', (e as Error).message);
    await setStatus(admin, items, 'sending', { status: 'pending' });
    return false;
  }
  await setStatus(admin, items, 'sending', { status: 'sent', sent_via: via, sent_at: at.toISOString() });
  return true;
}

async function senderNames(admin: SupabaseClient, ids: string[]): Promise<Map<string, string>> {
  const { data } = await admin.from('profiles').select('user_id, first_name, last_name, username, name_visible').in('user_id', ids);
  const names = new Map<string, string>();
  for (const p of data ?? []) {
    // Only what a name is made of, and not too long (as share-link's subject line).
    const full = cleanSenderName([p.first_name, p.last_name].filter(Boolean).join(' '));
    names.set(p.user_id as string, p.name_visible !== false && full ? full : p.username ? `@${p.username}` : 'Someone');
  }
  return names;
}

/**
 * The shares behind outbox items, keyed by outbox id; a share that is gone or was suppressed
 * since (a blocker claimed it) is left out, so it is never e-mailed.
 */
async function shareItems(admin: SupabaseClient, items: OutboxRow[]): Promise<Map<string, ShareItem>> {
  const shareIds = items.map((i) => i.shared_link_id).filter((id): id is string => !!id);
  const out = new Map<string, ShareItem>();
  if (shareIds.length === 0) return out;
  const [{ data: shares, error }, { data: suppressed }] = await Promise.all([
    admin.from('shared_links').select('id, sender_id, message, links(title, url)').in('id', shareIds),
    admin.from('suppressed_shares').select('shared_link_id').in('shared_link_id', shareIds),
  ]);
  if (error) throw new Error(`cannot read shares: ${error.message}`);
  const hidden = new Set((suppressed ?? []).map((s) => s.shared_link_id as string));
  const rows = (shares ?? []) as unknown as {
    id: string;
    sender_id: string;
    message: string | null;
    links: { title: string; url: string } | null;
  }[];
  const names = await senderNames(admin, [...new Set(rows.map((r) => r.sender_id))]);
  const byShare = new Map(rows.map((r) => [r.id, r]));
  for (const item of items) {
    const share = item.shared_link_id ? byShare.get(item.shared_link_id) : undefined;
    if (!share?.links || hidden.has(share.id)) continue;
    out.set(item.id, {
      sender: names.get(share.sender_id) ?? 'Someone',
      title: share.links.title,
      url: share.links.url,
      message: share.message,
    });
  }
  return out;
}

async function shareItemMail(admin: SupabaseClient, userId: string, to: string, item: OutboxRow, at: Date): Promise<OutgoingMail | null> {
  const share = (await shareItems(admin, [item])).get(item.id);
  return share ? await shareMail(userId, to, share, at) : null;
}

/** An invitation still open and not suppressed (the invitee blocked the owner), else null. */
async function inviteItemMail(admin: SupabaseClient, userId: string, to: string, item: OutboxRow, at: Date): Promise<OutgoingMail | null> {
  if (!item.folder_member_id) return null;
  const { data } = await admin
    .from('folder_members')
    .select('owner_id, invited_by, role, suppressed, accepted_at, member_user_id, categories(name)')
    .eq('id', item.folder_member_id)
    .maybeSingle();
  const invite = data as unknown as {
    owner_id: string;
    invited_by: string | null;
    role: 'viewer' | 'editor';
    suppressed: boolean;
    accepted_at: string | null;
    member_user_id: string | null;
    categories: { name: string } | null;
  } | null;
  if (!invite || invite.suppressed || invite.accepted_at || invite.member_user_id !== userId || !invite.categories) return null;
  const sender = invite.invited_by ?? invite.owner_id;
  const names = await senderNames(admin, [sender]);
  const details: FolderInviteItem = { sender: names.get(sender) ?? 'Someone', folder: invite.categories.name, role: invite.role };
  return await folderInviteMail(userId, to, details, at);
}
