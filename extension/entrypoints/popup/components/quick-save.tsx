import { useEffect, useMemo } from 'react';
import { DEFAULT_CATEGORY_NAME, NEW_CATEGORY_OPTION } from '~shared/constants.ts';
import type { SaveLinkOutcome } from '~shared/data/links/api.ts';
import { displayHost, safeHref } from '~shared/rules/url.ts';
import { Button } from '~shared/ui/button.tsx';
import { CategorySelect, type CategoryOption } from '~shared/ui/category-select.tsx';
import { FormField } from '~shared/ui/form-field.tsx';
import { CONTROL_CLASS } from '~shared/ui/field-classes.ts';
import { useFocusOnMount } from '~shared/ui/use-focus-on-mount.ts';
import { useValidatedForm } from '~shared/ui/use-validated-form.ts';
import { showInfoToast, showSuccessToast, showToastMessage } from '~shared/ui/toast.ts';
import type { TabLike } from '../../../lib/menus.ts';
import type { StoredUser } from '~shared/rules/stored-session.ts';
import { cleanTitle } from '../../../lib/title-from-url.ts';
import type { QuickSaveValues } from '../data.ts';
import { loadData } from '../load-data.ts';
import { markInteractive } from '../ready.ts';
import { tellWorker } from '../worker.ts';

/** What the popup shows after Save: saved (inserted / updated) or queued for later. */
export type SaveResult =
  | { kind: 'saved'; outcome: SaveLinkOutcome; title: string; url: string; folderName: string }
  | { kind: 'queued'; title: string; url: string };

interface QuickSaveProps {
  user: StoredUser;
  tab: TabLike | null;
  /** Folders for the select: 'Recently Saved Links' first with id '' (the default choice). */
  folders: readonly CategoryOption[];
  /** Values to start from instead of the tab's (after 'Edit' on the saved state). */
  initial?: QuickSaveValues | null;
  /** The folder preselected for a new save (General settings' default folder); '' = Recently Saved Links. */
  preferredCategoryId?: string;
  onSaved: (result: SaveResult, values: QuickSaveValues) => void;
}

/** The current tab's title and http(s) URL, editable (other schemes, e.g. chrome://, start empty). */
function initialValues(tab: TabLike | null, categoryId = ''): QuickSaveValues {
  const url = safeHref(tab?.url) ? (tab?.url ?? '') : '';
  return { title: url ? cleanTitle(tab?.title) : '', url, categoryId, newCategory: '' };
}

/**
 * Quick-save: the Add Link form's fields for the current tab (title, URL, category with
 * '+ Create new category'), saved with the dashboard's rules; unreachable server → queued.
 */
export function QuickSave({ user, tab, folders, initial, preferredCategoryId, onSaved }: QuickSaveProps) {
  const form = useValidatedForm({
    initialValues: useMemo(() => initial ?? initialValues(tab, preferredCategoryId), [initial, tab, preferredCategoryId]),
    load: loadData,
    validate: (data, values) => data.validate.link(values),
  });
  const creating = form.values.categoryId === NEW_CATEGORY_OPTION;
  // '+ Create new category' shows the name field and moves the caret into it.
  const newCategoryRef = useFocusOnMount<HTMLInputElement>(creating);
  useEffect(() => markInteractive('signed-in'), []);

  const submit = form.handleSubmit(async (values) => {
    const data = await loadData();
    const input = data.parseLink(values);
    const folderName = creating
      ? (input.newCategory ?? '')
      : (folders.find((folder) => folder.id === values.categoryId)?.name ?? DEFAULT_CATEGORY_NAME);
    try {
      const hints = tab?.url ? data.previewHints({ url: tab.url, title: tab.title, faviconUrl: tab.favIconUrl }, input.url) : undefined;
      const saved = await data.saveLink(input, hints);
      const message =
        saved.outcome === 'updated_existing'
          ? data.linkUpdatedExisting(saved.link.title)
          : data.linkAddedMessage(saved.link.title, folderName);
      showSuccessToast(message.title, message.description);
      // The link cache (search, toolbar state) follows the save.
      void tellWorker({ type: 'links:refresh' });
      onSaved({ kind: 'saved', outcome: saved.outcome, title: saved.link.title, url: saved.link.url, folderName }, values);
    } catch (error) {
      if (!data.isRetryableSaveError(error)) {
        showToastMessage(data.saveErrorToast(error));
        return;
      }
      // Unreachable: the worker keeps it and retries with backoff; nothing is lost.
      const queued = await tellWorker({
        type: 'queue:add',
        item: {
          url: input.url,
          title: input.title,
          categoryId: creating ? null : values.categoryId || null,
          newCategory: creating ? (input.newCategory ?? null) : null,
          userId: user.userId,
          source: 'popup',
          lastError: error instanceof Error ? error.message : null,
        },
      });
      if (!queued?.ok) {
        showToastMessage(data.saveErrorToast(error));
        return;
      }
      showInfoToast({ title: 'Saved offline', description: 'It will be sent as soon as the server can be reached.' });
      onSaved({ kind: 'queued', title: input.title, url: input.url }, values);
    }
  });

  return (
    <form onSubmit={submit} noValidate className="grid gap-3" aria-label="Save this page">
      <div className="flex items-baseline justify-between gap-2">
        <h1 className="text-sm font-semibold">Save this page</h1>
        {displayHost(tab?.url) ? <span className="truncate text-xs text-muted-foreground">{displayHost(tab?.url)}</span> : null}
      </div>
      <FormField label="Title" error={form.errors.title}>
        <input type="text" autoComplete="off" className={CONTROL_CLASS} {...form.bind('title')} />
      </FormField>
      <FormField label="URL" error={form.errors.url}>
        <input
          type="url"
          inputMode="url"
          autoComplete="url"
          placeholder="https://example.com"
          className={CONTROL_CLASS}
          {...form.bind('url')}
        />
      </FormField>
      <FormField label="Category" error={form.errors.categoryId}>
        <CategorySelect categories={folders} {...form.bind('categoryId')} />
      </FormField>
      {creating ? (
        <FormField label="New Category Name" error={form.errors.newCategory}>
          <input type="text" autoComplete="off" ref={newCategoryRef} className={CONTROL_CLASS} {...form.bind('newCategory')} />
        </FormField>
      ) : null}
      <Button type="submit" className="mt-1 w-full" disabled={form.busy}>
        {form.busy ? 'Adding link...' : 'Add Link'}
      </Button>
    </form>
  );
}

/** Select options: the default folder's value is '' (so the form works before the folders load). */
export function selectOptions(folders: readonly CategoryOption[] | null, defaultId: string | null): CategoryOption[] {
  const fallback: CategoryOption = { id: '', name: DEFAULT_CATEGORY_NAME };
  if (!folders || folders.length === 0) return [fallback];
  const options = folders.map((folder) => ({
    ...folder,
    id: folder.id === defaultId ? '' : folder.id,
    parent_category_id: folder.parent_category_id === defaultId ? null : folder.parent_category_id,
  }));
  return options.some((option) => option.id === '') ? options : [fallback, ...options];
}
