import { SOCIAL_PLATFORM_LABELS, type SocialPlatform } from '../constants.ts';

/**
 * Outgoing shares per link: who each link went to, when, how and what became of it (pending,
 * accepted, rejected), newest first, grouped per link with the count.
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
  /** 'pending' | 'accepted' | 'rejected'; absent on rows read before the status was asked for. */
  status?: string | null;
}

export type OutgoingStatus = 'pending' | 'accepted' | 'rejected';

/** The words the Outgoing page shows for a share's status. */
export const OUTGOING_STATUS_LABELS: Record<OutgoingStatus, string> = {
  pending: 'Pending',
  accepted: 'Accepted',
  rejected: 'Rejected',
};

/** A share's status as the sender sees it; anything unknown reads as pending. */
export const outgoingStatus = (share: Pick<OutgoingShareFields, 'status'>): OutgoingStatus =>
  share.status === 'accepted' || share.status === 'rejected' ? share.status : 'pending';

export interface OutgoingRecipient {
  shareId: string;
  /** '@bob', 'bob@example.com', '+1 555 0100', 'ann on Instagram'. */
  who: string;
  /** 'Username', 'E-mail', 'Phone (SMS)', 'Instagram', … */
  how: string;
  sharedAt: string;
  status: OutgoingStatus;
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
  const base = { shareId: share.id, sharedAt: share.shared_at, status: outgoingStatus(share) };
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

/** What the Outgoing page's search looks at: the link, the recipient and the status. */
export interface OutgoingSearchable extends OutgoingShareFields {
  link: { title: string; url: string } | null;
}

/**
 * The Outgoing page's search: every word must appear in the link's title or URL, the recipient
 * ('@bob', 'bob@example.com', 'ann on Instagram'), how it was sent, or the status word.
 */
export function searchOutgoingShares<S extends OutgoingSearchable>(shares: readonly S[], query: string): S[] {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...shares];
  return shares.filter((share) => {
    const recipient = outgoingRecipient(share);
    const text = [share.link?.title ?? '', share.link?.url ?? '', recipient.who, recipient.how, OUTGOING_STATUS_LABELS[recipient.status]]
      .join('\n')
      .toLowerCase();
    return words.every((word) => text.includes(word));
  });
}
