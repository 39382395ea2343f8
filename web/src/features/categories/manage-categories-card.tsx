import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef, useState } from 'react';
import type { Category } from '~shared/data/categories/api.ts';
import { categoryMutations } from '~shared/data/categories/mutations.ts';
import { useDataClient } from '~shared/data/provider.tsx';
import { CATEGORY_MESSAGES } from '~shared/messages.ts';
import { folderItemCount, folderPulses } from '~shared/rules/incoming-count.ts';
import { Button } from '~shared/ui/Button.tsx';
import { PlusIcon } from '~shared/ui/icons.tsx';
import { showErrorToast, showSuccessToast } from '~shared/ui/toast.ts';
import { lazyDialog, preloadOnIntent } from '../../app/lazy-dialog.tsx';
import { ScrollArea } from '../../components/scroll-area.tsx';
import { CategoryRow } from './category-row.tsx';
import { categoryDeleted } from './toasts.ts';

interface ManageCategoriesCardProps {
  categories: readonly Category[];
  /** Links per folder id (for the small count beside each name). */
  linkCounts?: ReadonlyMap<string, number>;
  /** Received links waiting: incoming-type folders pulse. */
  pendingIncoming: number;
  loading?: boolean;
}

// Its own chunk, rendered only while open: its form brings zod, which the dashboard's first load
// does without (issue 11 'Scale').
const CategoryDialog = lazyDialog(
  () => import('./category-dialog.tsx'),
  (m) => m.CategoryDialog,
);
const DIALOG_INTENT = preloadOnIntent([CategoryDialog]);

const ROW_HEIGHT = 52;
const MAX_VISIBLE_ROWS = 9;

/**
 * 'Manage Categories' (part 1 §2): the folders with icon and 'Default' tag; create, edit (name and
 * icon) and delete the user's own. Long lists are virtualised inside a scroll area.
 */
export function ManageCategoriesCard({ categories, linkCounts, pendingIncoming, loading }: ManageCategoriesCardProps) {
  const client = useDataClient();
  const queryClient = useQueryClient();
  const remove = useMutation(categoryMutations.delete(client, queryClient));
  const [dialog, setDialog] = useState<{ open: boolean; category: Category | null }>({ open: false, category: null });
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: categories.length,
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
      onSuccess: () => showSuccessToast(categoryDeleted(category.name).title, categoryDeleted(category.name).description),
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
              const category = categories[item.index];
              return (
                <div
                  key={category.id}
                  role="listitem"
                  className="absolute inset-x-0 py-0.5"
                  style={{ top: item.start, height: ROW_HEIGHT }}
                >
                  <CategoryRow
                    category={category}
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
      {dialog.open ? <CategoryDialog open onOpenChange={(open) => setDialog((d) => ({ ...d, open }))} category={dialog.category} /> : null}
    </section>
  );
}
