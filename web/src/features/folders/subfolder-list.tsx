import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Category } from '~shared/data/categories/api.ts';
import type { SubfolderWithCount } from '~shared/data/categories/folder.ts';
import { categoryMutations } from '~shared/data/categories/mutations.ts';
import { useDataClient } from '~shared/data/provider.tsx';
import { CATEGORY_MESSAGES, categoryDeletedMessage } from '~shared/messages.ts';
import { Button } from '~shared/ui/button.tsx';
import { cn } from '~shared/ui/cn.ts';
import { CONTROL_CLASS } from '~shared/ui/field-classes.ts';
import { showErrorToast, showSuccessToast } from '~shared/ui/toast.ts';
import { FolderGlyph } from './folder-glyph.tsx';
import { folderKind, isManageable } from './folder-kind.ts';
import { lazyDialog, preloadOnIntent } from '../../lib/lazy-dialog.tsx';

// The dialogs and the name's schema (zod) load when first needed, off the folder's first load (issue
// 11 'Scale'); the dialogs are downloaded when the section is first used, the schema when the name box
// is focused.
const RenameFolderDialog = lazyDialog(
  () => import('./subfolder-dialogs.tsx'),
  (m) => m.RenameFolderDialog,
);
const FolderIconDialog = lazyDialog(
  () => import('./subfolder-dialogs.tsx'),
  (m) => m.FolderIconDialog,
);
const DIALOG_INTENT = preloadOnIntent([RenameFolderDialog, FolderIconDialog]);
const loadSubfolderSchema = () => import('~shared/schemas/subfolder.ts').then((m) => m.subfolderSchema);

const MENU_ITEM =
  'flex cursor-pointer select-none items-center rounded px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-accent data-[highlighted]:text-accent-foreground';

interface SubfolderListProps {
  parent: Category;
  subfolders: readonly SubfolderWithCount[];
  /** Pending shares: the count shown for an incoming folder. */
  countFor?: (folder: SubfolderWithCount) => number;
}

/** A folder's subfolders above its links: open, rename, change icon, delete; and 'New subfolder'. */
export function SubfolderList({ parent, subfolders, countFor }: SubfolderListProps) {
  const client = useDataClient();
  const queryClient = useQueryClient();
  const create = useMutation(categoryMutations.create(client, queryClient));
  const remove = useMutation(categoryMutations.delete(client, queryClient));
  const inputId = useId();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  /** Phones: the form shows on demand (wider screens always show it). */
  const [formOpen, setFormOpen] = useState(false);
  const [renaming, setRenaming] = useState<Category | null>(null);
  const [changingIcon, setChangingIcon] = useState<Category | null>(null);

  async function createSubfolder() {
    let subfolderSchema: Awaited<ReturnType<typeof loadSubfolderSchema>>;
    try {
      subfolderSchema = await loadSubfolderSchema();
    } catch (e) {
      showErrorToast('subfolder.create', e);
      return;
    }
    const parsed = subfolderSchema.safeParse({ name });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    try {
      const created = await create.mutateAsync({ name: parsed.data.name, parentId: parent.id });
      setName('');
      showSuccessToast('Subfolder created', `"${created.name}" is ready for your links.`);
    } catch (e) {
      showErrorToast('subfolder.create', e);
    }
  }

  async function deleteFolder(folder: Category) {
    // part 1's native confirm: the same question as deleting a category on the dashboard.
    if (!window.confirm(CATEGORY_MESSAGES.deleteConfirm)) return;
    try {
      await remove.mutateAsync(folder.id);
      const toast = categoryDeletedMessage(folder.name);
      showSuccessToast(toast.title, toast.description);
    } catch (e) {
      showErrorToast('folder.delete', e);
    }
  }

  return (
    <section
      {...DIALOG_INTENT}
      aria-labelledby={`${inputId}-title`}
      className="grid gap-2 rounded-xl border border-border bg-card/95 p-3 shadow-sm sm:gap-3 sm:p-4"
    >
      {/* Phones: the new-subfolder form opens from a button, and the subfolders are one row that scrolls sideways. */}
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between sm:gap-3">
        <div className="flex items-center justify-between gap-2">
          <h2 id={`${inputId}-title`} className="text-base font-semibold">
            Subfolders <span className="text-sm font-normal text-muted-foreground">({subfolders.length})</span>
          </h2>
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="sm:hidden"
            aria-expanded={formOpen}
            aria-controls={`${inputId}-form`}
            onClick={() => setFormOpen((open) => !open)}
          >
            New subfolder
          </Button>
        </div>
        <form
          id={`${inputId}-form`}
          noValidate
          className={cn('grid gap-1 sm:w-96', !formOpen && 'max-sm:hidden')}
          onSubmit={(event) => {
            event.preventDefault();
            void createSubfolder();
          }}
        >
          <div className="flex gap-2">
            <label htmlFor={inputId} className="sr-only">
              New subfolder name
            </label>
            <input
              id={inputId}
              type="text"
              autoComplete="off"
              placeholder="New subfolder name"
              value={name}
              onChange={(event) => setName(event.target.value)}
              onFocus={() => void loadSubfolderSchema().catch(() => undefined)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${inputId}-error` : undefined}
              className={cn(CONTROL_CLASS, 'h-9 min-w-0 flex-1')}
            />
            <Button type="submit" size="sm" className="h-9" disabled={create.isPending}>
              Create Subfolder
            </Button>
          </div>
          {error ? (
            <p id={`${inputId}-error`} role="alert" className="text-xs font-medium text-destructive">
              {error}
            </p>
          ) : null}
        </form>
      </div>
      {subfolders.length > 0 ? (
        <ul className="flex gap-2 max-sm:overflow-x-auto max-sm:pb-1 sm:grid sm:grid-cols-2 lg:grid-cols-3" aria-label="Subfolders">
          {subfolders.map((folder) => {
            const kind = folderKind(folder);
            const count = countFor ? countFor(folder) : folder.link_count;
            return (
              <li
                key={folder.id}
                data-testid="subfolder"
                data-name={folder.name}
                className="flex items-center gap-2 rounded-lg border border-border bg-background/60 p-2 max-sm:w-60 max-sm:shrink-0"
              >
                <Link
                  to={`/category/${folder.id}`}
                  state={{ category: folder }}
                  className="flex min-w-0 flex-1 items-center gap-3 rounded-md p-1 hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                >
                  <FolderGlyph kind={kind} count={count} iconUrl={folder.icon_url} size="sm" />
                  <span className="min-w-0 flex-1 truncate text-sm font-medium">{folder.name}</span>
                  <span className="rounded-full bg-secondary px-2 py-0.5 text-xs text-secondary-foreground" aria-label={`${count} links`}>
                    {count}
                  </span>
                </Link>
                {isManageable(folder) ? (
                  <DropdownMenu.Root>
                    <DropdownMenu.Trigger
                      aria-label={`Folder actions for ${folder.name}`}
                      className="rounded-md px-2 py-1 text-muted-foreground hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                    >
                      ⋯
                    </DropdownMenu.Trigger>
                    <DropdownMenu.Portal>
                      <DropdownMenu.Content
                        align="end"
                        sideOffset={4}
                        className="lv-animate-in z-50 min-w-40 rounded-md border border-border bg-popover p-1 text-popover-foreground shadow-lg"
                      >
                        <DropdownMenu.Item className={MENU_ITEM} onSelect={() => setRenaming(folder)}>
                          Rename
                        </DropdownMenu.Item>
                        <DropdownMenu.Item className={MENU_ITEM} onSelect={() => setChangingIcon(folder)}>
                          Change icon
                        </DropdownMenu.Item>
                        <DropdownMenu.Item className={cn(MENU_ITEM, 'text-destructive')} onSelect={() => void deleteFolder(folder)}>
                          Delete
                        </DropdownMenu.Item>
                      </DropdownMenu.Content>
                    </DropdownMenu.Portal>
                  </DropdownMenu.Root>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
      {renaming ? <RenameFolderDialog folder={renaming} onClose={() => setRenaming(null)} /> : null}
      {changingIcon ? <FolderIconDialog folder={changingIcon} onClose={() => setChangingIcon(null)} /> : null}
    </section>
  );
}
