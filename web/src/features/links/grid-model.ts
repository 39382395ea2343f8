import { CATEGORY_PREVIEW_LINK_COUNT } from '~shared/constants.ts';
import type { Category } from '~shared/data/categories/api.ts';
import type { IncomingShare } from '~shared/data/incoming/api.ts';
import { isPendingIncoming } from '~shared/rules/incoming-count.ts';
import { groupOutgoingShares, type OutgoingRecipient } from '~shared/rules/outgoing-shares.ts';
import type { LinkListItem } from '~shared/data/links/api.ts';
import { groupLinksForGrid, linksByCategory, searchLinks, type CategorySection } from '~shared/data/links/select.ts';
import type { OutgoingShare } from '~shared/data/shares/api.ts';
import { buildFolderTree, subtreeCount, subtreeIds } from '~shared/rules/folder-tree.ts';
import type { SubfolderChip } from './subfolder-chips.tsx';

/**
 * The grid's sections, computed from cached data (pure, so it is unit-tested and benchmarked).
 * Every link's primary folder is 'Recently Saved Links', so that section lists all of them.
 */

/** Folders shown as sections: top-level, not templates, and not the incoming system folder (it is the sub-section). */
export function gridCategories(categories: readonly Category[]): Category[] {
  const top = categories.filter((c) => !c.is_template && !c.parent_category_id && c.system_key !== 'incoming');
  // Default first ('Recently Saved Links' above other defaults), then by name (the query's order).
  return top.sort(
    (a, b) => Number(b.system_key === 'saved') - Number(a.system_key === 'saved') || Number(b.is_default) - Number(a.is_default),
  );
}

export type GridSection = CategorySection<Category, LinkListItem>;

export function gridSections(
  links: readonly LinkListItem[],
  categories: readonly Category[],
  query: string,
  matches?: readonly LinkListItem[],
): GridSection[] {
  const sections = groupLinksForGrid(links, categories, { query, previewCount: CATEGORY_PREVIEW_LINK_COUNT, matches });
  // The default section stays while searching: it carries the incoming/outgoing sub-sections.
  if (query.trim() && categories[0] && !sections.some((s) => s.category.id === categories[0].id)) {
    sections.unshift({ category: categories[0], totalCount: 0, links: [] });
  }
  return sections;
}

export interface SubsectionPreview<T> {
  total: number;
  items: T[];
}

/** Folders a received link can be accepted into: the user's own, without templates and the incoming system tree. */
export function acceptFolders(categories: readonly Category[]): Category[] {
  return categories.filter(
    (c) => !c.is_template && c.system_key !== 'incoming' && c.system_key !== 'approved' && c.system_key !== 'rejected',
  );
}

/** Received shares still waiting (newest first), filtered by the search. */
export function incomingPreview(shares: readonly IncomingShare[], query: string): SubsectionPreview<IncomingShare> {
  const needle = query.trim().toLowerCase();
  // The incoming-count rule decides what counts as waiting (the badge shows this total).
  const waiting = shares.filter(isPendingIncoming);
  const matching = needle ? waiting.filter((s) => `${s.title}\n${s.url}`.toLowerCase().includes(needle)) : waiting;
  return { total: matching.length, items: matching.slice(0, CATEGORY_PREVIEW_LINK_COUNT) };
}

/** One outgoing preview: the shared link and who it went to (newest first). */
export interface OutgoingItem {
  link: LinkListItem;
  recipients: OutgoingRecipient[];
}

/**
 * Links the user shared, newest share first, one entry per link with its recipients (a link shared
 * with three people is one link with three recipients); the badge counts those links. Shares whose
 * link is gone are skipped.
 */
export function outgoingPreview(
  shares: readonly OutgoingShare[],
  links: readonly LinkListItem[],
  query: string,
): SubsectionPreview<OutgoingItem> {
  const byId = new Map(links.map((link) => [link.id, link]));
  const recipients = new Map<string, OutgoingRecipient[]>();
  const shared: LinkListItem[] = [];
  for (const group of groupOutgoingShares(shares)) {
    const link = byId.get(group.linkId);
    if (!link) continue;
    shared.push(link);
    recipients.set(link.id, group.recipients);
  }
  const matching = searchLinks(shared, query);
  return {
    total: matching.length,
    items: matching.slice(0, CATEGORY_PREVIEW_LINK_COUNT).map((link) => ({ link, recipients: recipients.get(link.id) ?? [] })),
  };
}

/** Links per folder (unfiltered): the full lists moves are computed on, and the counts. */
export function folderBuckets(links: readonly LinkListItem[]): Map<string, LinkListItem[]> {
  return linksByCategory(links);
}

/** Folders the header counts ('N links in M categories'): every folder, subfolders included, but templates and the incoming inbox. */
export function countedFolders(categories: readonly Category[]): number {
  return categories.filter((c) => !c.is_template && c.system_key !== 'incoming').length;
}

/**
 * Each folder's direct subfolders as dashboard chips, with the links in each subfolder and below it
 * (a link lives in one folder, so nothing counts twice). Keyed by the parent's id; the arrays are
 * stable for the same categories and links, so sections that did not change skip re-rendering.
 */
export function subfolderChips(
  categories: readonly Category[],
  buckets: ReadonlyMap<string, readonly LinkListItem[]>,
): Map<string, SubfolderChip[]> {
  const folders = categories.filter((c) => !c.is_template);
  const tree = buildFolderTree(folders);
  const counts = new Map<string, number>();
  for (const folder of folders) counts.set(folder.id, buckets.get(folder.id)?.length ?? 0);
  const out = new Map<string, SubfolderChip[]>();
  for (const [parentId, kids] of tree.children) {
    out.set(
      parentId,
      kids.map((category) => ({
        category,
        count: subtreeCount(tree, category.id, counts),
        subfolders: subtreeIds(tree, category.id).length - 1,
      })),
    );
  }
  return out;
}
