import { SOCIAL_PLATFORM_LABELS, type SocialPlatform } from '../constants.ts';

/**
 * Outgoing shares per link (issue 17 item 6): who each link went to, when and how, newest first,
 * grouped per link with the count.
 */
export interface OutgoingShareFields {
  id: string;
  link_id: string;
  shared_at: string;
  recipient_email: string | null;
  recipient_phone: string | null;
  recipient_username: string | null;
  social_platform: string | null;
  social_handle: string | null;
}

export interface OutgoingRecipient {
  shareId: string;
  /** '@bob', 'bob@example.com', '+1 555 0100', 'ann on Instagram'. */
  who: string;
  /** 'Username', 'E-mail', 'Phone (SMS)', 'Instagram', … */
  how: string;
  sharedAt: string;
}

export interface OutgoingGroup<S extends OutgoingShareFields = OutgoingShareFields> {
  linkId: string;
  /** Newest share first. */
  recipients: OutgoingRecipient[];
  shares: S[];
  lastSharedAt: string;
}

const platformLabel = (platform: string | null) =>
  platform && platform in SOCIAL_PLATFORM_LABELS ? SOCIAL_PLATFORM_LABELS[platform as SocialPlatform] : (platform ?? 'Social');

export function outgoingRecipient(share: OutgoingShareFields): OutgoingRecipient {
  const base = { shareId: share.id, sharedAt: share.shared_at };
  if (share.recipient_username) return { ...base, who: `@${share.recipient_username}`, how: 'Username' };
  if (share.recipient_email) return { ...base, who: share.recipient_email, how: 'E-mail' };
  if (share.recipient_phone) return { ...base, who: share.recipient_phone, how: 'Phone (SMS)' };
  if (share.social_handle || share.social_platform) {
    const platform = platformLabel(share.social_platform);
    return { ...base, who: share.social_handle ? `${share.social_handle} on ${platform}` : platform, how: platform };
  }
  return { ...base, who: 'Unknown recipient', how: 'Unknown' };
}

/** Groups shares by link, groups ordered by their newest share (the input order does not matter). */
export function groupOutgoingShares<S extends OutgoingShareFields>(shares: readonly S[]): OutgoingGroup<S>[] {
  const sorted = [...shares].sort((a, b) => (a.shared_at < b.shared_at ? 1 : a.shared_at > b.shared_at ? -1 : 0));
  const groups = new Map<string, OutgoingGroup<S>>();
  for (const share of sorted) {
    let group = groups.get(share.link_id);
    if (!group) {
      group = { linkId: share.link_id, recipients: [], shares: [], lastSharedAt: share.shared_at };
      groups.set(share.link_id, group);
    }
    group.shares.push(share);
    group.recipients.push(outgoingRecipient(share));
  }
  return [...groups.values()];
}
