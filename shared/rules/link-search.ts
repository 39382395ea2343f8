/** Folder search: keeps links whose title or url contains the query, case-insensitively. */
export function filterLinksByQuery<T extends { title: string; url: string }>(links: readonly T[], query: string): T[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return [...links];
  return links.filter((link) => link.title.toLocaleLowerCase().includes(needle) || link.url.toLocaleLowerCase().includes(needle));
}
