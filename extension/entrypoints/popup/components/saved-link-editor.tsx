import { useEffect, useMemo, useState } from 'react';
import { Button } from '~shared/ui/button.tsx';
import { CategorySelect, type CategoryOption } from '~shared/ui/category-select.tsx';
import { FormField } from '~shared/ui/form-field.tsx';
import { CONTROL_CLASS } from '~shared/ui/field-classes.ts';
import { useValidatedForm } from '~shared/ui/use-validated-form.ts';
import { showSuccessToast, showToastMessage } from '~shared/ui/toast.ts';
import type { StoredUser } from '~shared/rules/stored-session.ts';
import type { CachedLink } from '../../../lib/link-cache.ts';
import type { SavedLinkValues } from '../data.ts';
import { loadData } from '../load-data.ts';
import { tellWorker } from '../worker.ts';

interface SavedLinkEditorProps {
  user: StoredUser;
  link: CachedLink;
  /** The select's value for the link's folder ('' = Recently Saved Links). */
  categoryValue: string;
  folders: readonly CategoryOption[];
  /** 'Recently Saved Links' id (the select's ''). */
  defaultId: string | null;
  /** False while the link's tags are not in the cache yet (the field waits for them). */
  tagsKnown: boolean;
  onDeleted: () => void;
}

/**
 * The current page's saved link, editable in place: title, folder, tags (comma-separated) and the
 * private note, and Delete (asked first). Everything goes through shared/data; the cache follows.
 */
export function SavedLinkEditor({ user, link, categoryValue, folders, defaultId, tagsKnown, onDeleted }: SavedLinkEditorProps) {
  const initial = useMemo<SavedLinkValues>(
    () => ({ title: link.title, categoryId: categoryValue, tags: (link.tags ?? []).join(', '), notes: '' }),
    [link, categoryValue],
  );
  // What the server has, so only changed parts are written.
  const [before, setBefore] = useState<SavedLinkValues>(initial);
  const form = useValidatedForm({
    initialValues: initial,
    load: loadData,
    validate: (data, values) => data.validateSavedLink(values),
  });
  const [noteLoaded, setNoteLoaded] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);

  // The note is not cached (it can be long): read once, then the field is editable.
  useEffect(() => {
    let active = true;
    void loadData()
      .then((data) => data.fetchLinkNote(link.id))
      .then(
        (notes) => {
          if (!active) return;
          setBefore((current) => ({ ...current, notes }));
          form.setValue('notes', notes);
          setNoteLoaded(true);
        },
        (error: unknown) => console.warn('note', error),
      );
    return () => {
      active = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per link
  }, [link.id]);

  const submit = form.handleSubmit(async (values) => {
    const data = await loadData();
    try {
      await data.updateSavedLink(user.userId, link, before, values, defaultId);
      setBefore(values);
      showSuccessToast('Link updated', `"${values.title.trim()}" was updated.`);
      void tellWorker({ type: 'links:refresh' });
    } catch (error) {
      showToastMessage(data.errorToast('link.save', error));
    }
  });

  async function remove() {
    setDeleting(true);
    const data = await loadData();
    try {
      await data.removeSavedLink(user.userId, link.id);
      showSuccessToast('Link deleted', `"${link.title}" was deleted.`);
      void tellWorker({ type: 'links:refresh' });
      onDeleted();
    } catch (error) {
      showToastMessage(data.errorToast('link.delete', error));
      setDeleting(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-3" aria-label="Edit saved link" data-testid="saved-link-editor">
      <FormField label="Title" error={form.errors.title}>
        <input type="text" autoComplete="off" className={CONTROL_CLASS} {...form.bind('title')} />
      </FormField>
      <FormField label="Category" error={form.errors.categoryId}>
        <CategorySelect categories={folders} allowCreate={false} {...form.bind('categoryId')} />
      </FormField>
      <FormField label="Tags" error={form.errors.tags} hint={tagsKnown ? 'Separate tags with commas.' : 'Loading tags…'}>
        <input
          type="text"
          autoComplete="off"
          placeholder="reading, work"
          disabled={!tagsKnown}
          className={CONTROL_CLASS}
          {...form.bind('tags')}
        />
      </FormField>
      <FormField label="Notes" error={form.errors.notes}>
        <textarea
          rows={2}
          placeholder={noteLoaded ? 'A private note' : 'Loading note…'}
          disabled={!noteLoaded}
          className={`${CONTROL_CLASS} resize-y`}
          {...form.bind('notes')}
        />
      </FormField>
      {confirmingDelete ? (
        <div
          role="alertdialog"
          aria-label="Delete this link?"
          className="grid gap-2 rounded-md border border-destructive/40 bg-destructive/10 p-3"
        >
          <p className="text-sm">
            <span className="font-semibold">Delete this link?</span> It is removed from all your folders. This cannot be undone.
          </p>
          <div className="flex gap-2">
            <Button type="button" variant="destructive" className="flex-1" disabled={deleting} onClick={() => void remove()}>
              {deleting ? 'Deleting…' : 'Delete'}
            </Button>
            <Button type="button" variant="outline" className="flex-1" disabled={deleting} onClick={() => setConfirmingDelete(false)}>
              Cancel
            </Button>
          </div>
        </div>
      ) : (
        <div className="mt-1 flex gap-2">
          <Button type="submit" className="flex-1" disabled={form.busy || !noteLoaded}>
            {form.busy ? 'Saving…' : 'Save changes'}
          </Button>
          <Button type="button" variant="outline" onClick={() => setConfirmingDelete(true)}>
            Delete…
          </Button>
        </div>
      )}
    </form>
  );
}
