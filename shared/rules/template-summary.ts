/**
 * Template folders as the cards show them: each top-level template with its link count (its
 * subfolders' links included, as a copy brings them along), its own count (the one its page
 * shows) and the first few links as previews.
 */
export interface TemplateFolderLike {
  id: string;
  parent_category_id: string | null;
}
export interface TemplateLinkLike {
  category_id: string | null;
}

export interface TemplateSummary<C, L> {
  template: C;
  /** Its links and its subfolders' (what a copy brings along). */
  linkCount: number;
  /** Its own links only: what its page lists and counts. */
  ownCount: number;
  previews: L[];
}

/**
 * A template card's count line, the same number its page shows ('9 links'), then what its
 * subfolders add ('9 links · 3 more in subfolders').
 */
export function templateCountLine(summary: Pick<TemplateSummary<unknown, unknown>, 'linkCount' | 'ownCount'>): string {
  const own = `${summary.ownCount} ${summary.ownCount === 1 ? 'link' : 'links'}`;
  const inSubfolders = summary.linkCount - summary.ownCount;
  return inSubfolders > 0 ? `${own} · ${inSubfolders} more in subfolders` : own;
}

/** Links of a folder come first in the previews, then its subfolders' (in the order given). */
export function summariseTemplates<C extends TemplateFolderLike, L extends TemplateLinkLike>(
  categories: readonly C[],
  links: readonly L[],
  previewCount = 3,
): TemplateSummary<C, L>[] {
  const children = new Map<string, C[]>();
  for (const c of categories)
    if (c.parent_category_id) children.set(c.parent_category_id, [...(children.get(c.parent_category_id) ?? []), c]);
  const linksBy = new Map<string, L[]>();
  for (const l of links) if (l.category_id) linksBy.set(l.category_id, [...(linksBy.get(l.category_id) ?? []), l]);

  const collect = (id: string, seen: Set<string>): L[] => {
    if (seen.has(id)) return [];
    seen.add(id);
    return [...(linksBy.get(id) ?? []), ...(children.get(id) ?? []).flatMap((child) => collect(child.id, seen))];
  };
  return categories
    .filter((c) => !c.parent_category_id)
    .map((template) => {
      const all = collect(template.id, new Set());
      return { template, linkCount: all.length, ownCount: linksBy.get(template.id)?.length ?? 0, previews: all.slice(0, previewCount) };
    });
}
