/**
 * The folder tree, from the flat list of a user's folders (each knows only its parent). Pure, so
 * Manage Categories, the dashboard's sections, the header count and the extension's folder picker
 * read the same tree. Walks are iterative: an imported tree may be 1,000 levels deep.
 */

export interface TreeFolder {
  id: string;
  name: string;
  parent_category_id: string | null;
}

export interface FolderTree<F extends TreeFolder> {
  /** Top-level folders (no parent, or a parent not in the list), in the list's order. */
  roots: F[];
  /** Direct subfolders per folder id, in the list's order. */
  children: ReadonlyMap<string, F[]>;
  byId: ReadonlyMap<string, F>;
}

export function buildFolderTree<F extends TreeFolder>(folders: readonly F[]): FolderTree<F> {
  const byId = new Map(folders.map((f) => [f.id, f]));
  const children = new Map<string, F[]>();
  const roots: F[] = [];
  for (const folder of folders) {
    const parent = folder.parent_category_id;
    if (parent && parent !== folder.id && byId.has(parent)) {
      const list = children.get(parent);
      if (list) list.push(folder);
      else children.set(parent, [folder]);
    } else roots.push(folder);
  }
  return { roots, children, byId };
}

/** The folder and every folder below it (ids), itself first. Guarded against a loop in the data. */
export function subtreeIds<F extends TreeFolder>(tree: FolderTree<F>, rootId: string): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  const stack = [rootId];
  while (stack.length) {
    const id = stack.pop() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(id);
    for (const child of tree.children.get(id) ?? []) stack.push(child.id);
  }
  return out;
}

/** True when `folderId` may be moved under `newParentId` (null = top level): never into itself or below itself. */
export function canMoveFolder<F extends TreeFolder>(tree: FolderTree<F>, folderId: string, newParentId: string | null): boolean {
  if (newParentId === null) return true;
  return !subtreeIds(tree, folderId).includes(newParentId);
}

/** Names from the top down to the folder (itself included). */
export function folderPathNames<F extends TreeFolder>(tree: FolderTree<F>, folderId: string): string[] {
  const names: string[] = [];
  const seen = new Set<string>();
  let current = tree.byId.get(folderId);
  while (current && !seen.has(current.id)) {
    seen.add(current.id);
    names.unshift(current.name);
    current = current.parent_category_id ? tree.byId.get(current.parent_category_id) : undefined;
  }
  return names;
}

export interface FlatTreeRow<F extends TreeFolder> {
  folder: F;
  depth: number;
  hasChildren: boolean;
}

/**
 * The rows a tree list shows, depth-first: a folder's subfolders follow it while it is expanded.
 * `expanded(id)` says which folders are open.
 */
export function flattenFolderTree<F extends TreeFolder>(
  tree: FolderTree<F>,
  expanded: (id: string) => boolean,
  roots: readonly F[] = tree.roots,
): FlatTreeRow<F>[] {
  const rows: FlatTreeRow<F>[] = [];
  const seen = new Set<string>();
  const stack: { folder: F; depth: number }[] = [...roots].reverse().map((folder) => ({ folder, depth: 0 }));
  while (stack.length) {
    const { folder, depth } = stack.pop() as { folder: F; depth: number };
    if (seen.has(folder.id)) continue;
    seen.add(folder.id);
    const kids = tree.children.get(folder.id) ?? [];
    rows.push({ folder, depth, hasChildren: kids.length > 0 });
    if (kids.length && expanded(folder.id)) {
      for (let i = kids.length - 1; i >= 0; i -= 1) stack.push({ folder: kids[i], depth: depth + 1 });
    }
  }
  return rows;
}

/** Links in a folder and in all its subfolders: each link counts once (it lives in one folder). */
export function subtreeCount<F extends TreeFolder>(tree: FolderTree<F>, folderId: string, counts: ReadonlyMap<string, number>): number {
  let total = 0;
  for (const id of subtreeIds(tree, folderId)) total += counts.get(id) ?? 0;
  return total;
}

/** What a folder's count says: its own links, and with subfolders when it has any ("12 · 40 with subfolders"). */
export function folderCountLabel(own: number, withSubfolders: number | null): string {
  const links = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'link' : 'links'}`;
  if (withSubfolders === null || withSubfolders === own) return links(own);
  return `${links(own)} here, ${withSubfolders.toLocaleString('en-US')} with subfolders`;
}
