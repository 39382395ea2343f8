import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Category } from '~shared/data/categories/api.ts';
import { categoryMutations } from '~shared/data/categories/mutations.ts';
import { useDataClient } from '~shared/data/provider.tsx';
import { CATEGORY_MESSAGES, categoryDeletedMessage } from '~shared/messages.ts';
import { folderItemCount, folderPulses } from '~shared/rules/incoming-count.ts';
import { buildFolderTree, flattenFolderTree, subtreeIds } from '~shared/rules/folder-tree.ts';
import { Button } from '~shared/ui/button.tsx';
import { PlusIcon } from '~shared/ui/icons.tsx';
import { showErrorToast, showSuccessToast } from '~shared/ui/toast.ts';
import { lazyDialog, preloadOnIntent } from '../../lib/lazy-dialog.tsx';
import { ScrollArea } from '../../components/scroll-area.tsx';
import { CategoryRow } from './category-row.tsx';

interface ManageCategoriesCardProps {
  /** Every folder of the user (templates excluded); shown as a tree. */
  categories: readonly Category[];
  /** Links per folder id (for the small count beside each name). */
  linkCounts?: ReadonlyMap<string, number>;
  /** Received links waiting: incoming-type folders pulse. */
  pendingIncoming: number;
  loading?: boolean;
  /** Below the user's own tree: the folders other people shared with them (the dashboard's slot). */
  children?: ReactNode;
}

// Its own chunk, rendered only while open: its form brings zod, which the dashboard's first load
// does without (docs/first-load.md).
const CategoryDialog = lazyDialog(
  () => import('./category-dialog.tsx'),
  (m) => m.CategoryDialog,
);
const MoveFolderDialog = lazyDialog(
  () => import('./move-folder-dialog.tsx'),
  (m) => m.MoveFolderDialog,
);
const DIALOG_INTENT = preloadOnIntent([CategoryDialog, MoveFolderDialog]);

const ROW_HEIGHT = 52;
const MAX_VISIBLE_ROWS = 9;

/**
 * 'Manage Categories' (part 1 §2): the folders with icon and 'Default' tag; create, edit (name and
 * icon) and delete the user's own. Subfolders are nested under their folder (expand/collapse), and a
 * folder can be moved into another or back to the top. Long lists are virtualised inside a scroll
 * area (only the expanded part of the tree is in the list).
 */
export function ManageCategoriesCard({ categories, linkCounts, pendingIncoming, loading, children }: ManageCategoriesCardProps) {
  const client = useDataClient();
  const queryClient = useQueryClient();
  const remove = useMutation(categoryMutations.delete(client, queryClient));
  const [dialog, setDialog] = useState<{ open: boolean; category: Category | null }>({ open: false, category: null });
  const [moving, setMoving] = useState<Category | null>(null);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const tree = useMemo(() => buildFolderTree(categories), [categories]);
  const rows = useMemo(() => flattenFolderTree(tree, (id) => expanded.has(id)), [tree, expanded]);
  const toggle = useCallback(
    (category: Category) =>
      setExpanded((current) => {
        const next = new Set(current);
        if (!next.delete(category.id)) next.add(category.id);
        return next;
      }),
    [],
  );
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    // The scroll area's height from the first render on (the library starts from 0 × 0, and adding
    // the rows a commit later lays the whole page out twice).
    initialRect: { width: 0, height: ROW_HEIGHT * MAX_VISIBLE_ROWS },
    estimateSize: () => ROW_HEIGHT,
    overscan: 6,
  });

  function deleteCategory(category: Category) {
    // The spec asks for the browser's own confirm here.
    if (!window.confirm(CATEGORY_MESSAGES.deleteConfirm)) return;
    remove.mutate(category.id, {
      onSuccess: () => showSuccessToast(categoryDeletedMessage(category.name).title, categoryDeletedMessage(category.name).description),
      onError: (error) => showErrorToast('category.delete', error),
    });
  }

  return (
    <section
      {...DIALOG_INTENT}
      aria-labelledby="manage-categories-title"
      className="rounded-xl border border-border bg-card/95 p-4 text-card-foreground shadow-sm backdrop-blur sm:p-5"
    >
      <div className="mb-3 flex items-center justify-between gap-3">
        <h2 id="manage-categories-title" className="text-lg font-semibold tracking-tight">
          Manage Categories
        </h2>
        <Button size="sm" onClick={() => setDialog({ open: true, category: null })}>
          <PlusIcon size={16} strokeWidth={2.2} />
          Add Category
        </Button>
      </div>
      {loading ? (
        <p className="py-4 text-sm text-muted-foreground">Loading categories…</p>
      ) : (
        <ScrollArea ref={scrollRef} role="list" aria-label="Categories" style={{ maxHeight: ROW_HEIGHT * MAX_VISIBLE_ROWS }}>
          <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
            {virtualizer.getVirtualItems().map((item) => {
              const { folder: category, depth, hasChildren } = rows[item.index];
              const below = hasChildren ? subtreeIds(tree, category.id) : null;
              return (
                <div
                  key={category.id}
                  role="listitem"
                  className="absolute inset-x-0 py-0.5"
                  style={{ top: item.start, height: ROW_HEIGHT }}
                >
                  <CategoryRow
                    category={category}
                    depth={depth}
                    tree={
                      below
                        ? {
                            subfolders: below.length - 1,
                            linksWithSubfolders: linkCounts
                              ? below.reduce(
                                  (sum, id) => sum + folderItemCount(tree.byId.get(id) ?? { id }, linkCounts, pendingIncoming),
                                  0,
                                )
                              : undefined,
                          }
                        : null
                    }
                    expanded={hasChildren ? expanded.has(category.id) : undefined}
                    onToggle={toggle}
                    onMove={setMoving}
                    linkCount={linkCounts ? folderItemCount(category, linkCounts, pendingIncoming) : undefined}
                    pulsing={folderPulses(category, pendingIncoming)}
                    onEdit={(c) => setDialog({ open: true, category: c })}
                    onDelete={deleteCategory}
                    deleting={remove.isPending && remove.variables === category.id}
                  />
                </div>
              );
            })}
          </div>
        </ScrollArea>
      )}
      {children}
      {moving ? <MoveFolderDialog onOpenChange={(open) => !open && setMoving(null)} folder={moving} folders={categories} /> : null}
      {dialog.open ? <CategoryDialog open onOpenChange={(open) => setDialog((d) => ({ ...d, open }))} category={dialog.category} /> : null}
    </section>
  );
}
