import { BRAND_NAME, INCOMING_CATEGORY_NAMES } from '../constants.ts';

/**
 * The one definition of "incoming links": received shares still waiting for Accept/Reject.
 * Every count shown to the user (the Incoming section's badge, the Manage Categories row, the
 * pulsing highlight, the extension's toolbar badge) comes from here, so they cannot disagree.
 * The server's `pending_incoming_count()` counts the same rows as `list_incoming_shares('pending')`
 * (migration 20261124170000 defines the one from the other).
 */

/** A received share is "incoming" while its status is pending. */
export function isPendingIncoming(share: { status: string }): boolean {
  return share.status === 'pending';
}

/** How many received shares wait in the inbox. */
export function countPendingIncoming(shares: readonly { status: string }[]): number {
  let count = 0;
  for (const share of shares) if (isPendingIncoming(share)) count++;
  return count;
}

/** The incoming system folder and the per-app incoming folders ('Recently Received Links (Instagram)', …). */
export function isIncomingFolder(category: { system_key?: string | null; name: string }): boolean {
  return category.system_key === 'incoming' || (INCOMING_CATEGORY_NAMES as readonly string[]).includes(category.name);
}

/**
 * The count beside a folder's name in Manage Categories: the incoming system folder holds the
 * waiting shares (they are not links yet), every other folder its links.
 */
export function folderItemCount(
  category: { id: string; system_key?: string | null },
  linkCounts: ReadonlyMap<string, number>,
  pendingIncoming: number,
): number {
  if (category.system_key === 'incoming') return pendingIncoming + (linkCounts.get(category.id) ?? 0);
  return linkCounts.get(category.id) ?? 0;
}

/** Incoming-type folders pulse while shares wait. */
export function folderPulses(category: { system_key?: string | null; name: string }, pendingIncoming: number): boolean {
  return pendingIncoming > 0 && isIncomingFolder(category);
}

/** The toolbar badge's text: '' at 0 (no badge), the number up to 99, then '99+'. */
export function incomingBadgeText(count: number): string {
  if (!Number.isFinite(count) || count <= 0) return '';
  return count > 99 ? '99+' : String(Math.floor(count));
}

/** The toolbar button's tooltip for a count. */
export function incomingCountTitle(count: number): string {
  if (count <= 0) return BRAND_NAME;
  return `${BRAND_NAME} — ${count} incoming ${count === 1 ? 'link' : 'links'} to review`;
}
