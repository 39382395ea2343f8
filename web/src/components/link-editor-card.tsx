import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { forwardRef, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { LinkListItem } from '~shared/data/links/api.ts';
import { linkMutations } from '~shared/data/links/mutations.ts';
import { fetchLinkPreview } from '~shared/data/links/preview.ts';
import { linkQueries } from '~shared/data/links/queries.ts';
import { useDataClient } from '~shared/data/provider.tsx';
import { effectiveCategoryId } from '~shared/rules/category-assignment.ts';
import { findDuplicateLink } from '~shared/rules/duplicate-url.ts';
import type { LinkInput } from '~shared/schemas/link.ts';
import type { CategoryOption } from '~shared/ui/category-select.tsx';
import { LinkForm, type LinkFormSaved } from '~shared/ui/link-form.tsx';
import { showErrorToast, showSuccessToast } from '~shared/ui/toast.ts';
import { linkSavedMessage } from '~shared/messages.ts';
import { usePreferences } from '../lib/use-preferences.ts';
import { useSessionState } from '../lib/session/use-session-state.ts';
import { searchKeys } from '~shared/data/search/queries.ts';
import { tagKeys } from '~shared/data/tags/keys.ts';
import { tagQueries } from '~shared/data/tags/queries.ts';
import { addTagProblem, LINK_NOTE_MAX_LENGTH, tagKey, uniqueTagNames } from '~shared/rules/tags.ts';
import { LinkExtrasFields, type LinkExtras } from './tags/link-extras-fields.tsx';

const sameTags = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((t, i) => tagKey(t) === tagKey(b[i] ?? ''));

interface LinkEditorCardProps {
  categories: readonly CategoryOption[];
  /** 'Recently Saved Links' (preselected when adding). */
  defaultCategoryId: string | undefined;
  /** The link being edited, or null to add. */
  editing: LinkListItem | null;
  /** The cached list: a duplicate URL is found here without a query. */
  knownLinks: readonly LinkListItem[] | undefined;
  onDoneEditing: () => void;
  onDelete: (link: LinkListItem) => void;
  /** Inside a sheet that has its own title: no card chrome. */
  bare?: boolean;
  /** After a successful add or update (the phone's sheet closes). */
  onSaved?: () => void;
}

const EMPTY_EXTRAS: LinkExtras = { tags: [], draft: '', note: '' };

/**
 * The 'Add New Link' / 'Edit Link' card (part 1 §2) around the shared LinkForm: saves through the
 * data layer (an add whose URL is already saved updates that link) and shows the spec's toasts.
 */
export const LinkEditorCard = forwardRef<HTMLDivElement, LinkEditorCardProps>(function LinkEditorCard(
  { categories, defaultCategoryId, editing, knownLinks, onDoneEditing, onDelete, bare = false, onSaved },
  ref,
) {
  const client = useDataClient();
  const queryClient = useQueryClient();
  const save = useMutation(linkMutations.save(client, queryClient));
  // The grid's list has no descriptions; the form reads the whole row of the link it edits.
  const fetchPreview = useCallback((url: string) => fetchLinkPreview(client, url), [client]);
  const detail = useQuery({ ...linkQueries.detail(client, editing?.id ?? ''), enabled: Boolean(editing) });
  // A new link starts in the folder chosen in General settings, while it is still one of the choices.
  const preferred = usePreferences().default_category_id;
  const addCategoryId = preferred && categories.some((c) => c.id === preferred) ? preferred : defaultCategoryId;

  // Tags and the private note: their own tables, written after the link (setLinkTags, setLinkNote).
  const userId = useSessionState().session?.user.id ?? '';
  const tagList = useQuery({ ...tagQueries.list(client, userId), enabled: Boolean(userId) });
  const pairs = useQuery({ ...tagQueries.pairs(client, userId), enabled: Boolean(userId) });
  const note = useQuery({ ...tagQueries.note(client, editing?.id ?? ''), enabled: Boolean(editing) });
  const known = useMemo(() => (tagList.data ?? []).map((t) => t.name), [tagList.data]);
  const tagsOfLink = useCallback(
    (linkId: string) => {
      const names = new Map((tagList.data ?? []).map((t) => [t.id, t.name]));
      return (pairs.data ?? []).filter((p) => p.link_id === linkId).flatMap((p) => names.get(p.tag_id) ?? []);
    },
    [tagList.data, pairs.data],
  );

  async function submit(input: LinkInput, icon: File | null): Promise<LinkFormSaved> {
    // A tag typed but not added yet is added now; a bad one keeps the form (its message shows).
    let names = extras.tags;
    for (const part of extras.draft.split(',')) {
      if (!part.trim()) continue;
      const problem = addTagProblem(names, part, known);
      if (problem) {
        setTagError(problem);
        throw new Error(problem);
      }
      names = [...names, known.find((t) => tagKey(t) === tagKey(part)) ?? part.trim()];
    }
    if (extras.note.length > LINK_NOTE_MAX_LENGTH) {
      const problem = `A note has at most ${LINK_NOTE_MAX_LENGTH.toLocaleString('en-US')} characters.`;
      setNoteError(problem);
      throw new Error(problem);
    }
    setTagError(null);
    setNoteError(null);
    try {
      const result = await save.mutateAsync({ input, linkId: editing?.id, icon, knownLinks });
      await saveExtras(result.link.id, names);
      const toast = linkSavedMessage(result.outcome, result.link.title);
      // In the phone's sheet the sheet closes now: the toast goes where it covers no control.
      showSuccessToast(toast.title, toast.description, undefined, { dialogClosing: bare });
      if (editing) onDoneEditing();
      onSaved?.();
      return { categoryId: effectiveCategoryId(result.link) ?? result.categoryId, categoryCreated: result.categoryCreated };
    } catch (error) {
      showErrorToast('link.save', error);
      throw error; // keeps what the user typed
    }
  }

  /** Writes what changed of the tags and the note; the link is saved already, so a failure is only said. */
  async function saveExtras(linkId: string, names: string[]) {
    const before = tagsOfLink(linkId);
    // Adding a URL that is already saved keeps its tags and adds the typed ones.
    const wanted = editing ? uniqueTagNames(names) : uniqueTagNames([...before, ...names]);
    const noteChanged = editing ? extras.note !== (note.data ?? '') : extras.note.trim() !== '';
    // The calls (and zod) load with the first save, not with the dashboard.
    const api = () => import('~shared/data/tags/api.ts');
    try {
      if (!sameTags(wanted, before)) await (await api()).setLinkTags(client, { linkId, names: wanted });
    } catch (error) {
      showErrorToast('tags.save', error);
    }
    try {
      if (noteChanged) await (await api()).setLinkNote(client, userId, { linkId, body: extras.note });
    } catch (error) {
      showErrorToast('notes.save', error);
    }
    void queryClient.invalidateQueries({ queryKey: tagKeys.all });
    void queryClient.invalidateQueries({ queryKey: searchKeys.all });
    if (!editing) setExtras(EMPTY_EXTRAS);
  }

  const waitingForDetail = Boolean(editing) && (detail.isPending || note.isPending || (Boolean(userId) && pairs.isPending));
  const formKey = editing ? `edit-${editing.id}-${detail.dataUpdatedAt}-${note.dataUpdatedAt}` : `add-${addCategoryId ?? ''}`;
  const [extras, setExtras] = useState<LinkExtras>(EMPTY_EXTRAS);
  const [tagError, setTagError] = useState<string | null>(null);
  const [noteError, setNoteError] = useState<string | null>(null);
  // A new form (another link to edit, or its data arrived) starts from that link's tags and note.
  const [extrasKey, setExtrasKey] = useState<string | null>(null);
  const extrasReadyKey = waitingForDetail ? null : formKey;
  if (extrasReadyKey !== null && extrasReadyKey !== extrasKey) {
    setExtrasKey(extrasReadyKey);
    setExtras(editing ? { tags: tagsOfLink(editing.id), draft: '', note: note.data ?? '' } : EMPTY_EXTRAS);
    setTagError(null);
    setNoteError(null);
  }
  // A link chosen for editing puts focus in the form's first field once its form shows (after
  // 'Loading link…'); later re-renders of the same edit leave focus alone.
  const frameRef = useRef<HTMLDivElement | null>(null);
  const focusedEditRef = useRef<string | null>(null);
  const editingId = editing?.id ?? null;
  useEffect(() => {
    if (!editingId) focusedEditRef.current = null;
    if (!editingId || waitingForDetail || focusedEditRef.current === editingId) return;
    focusedEditRef.current = editingId;
    frameRef.current?.querySelector<HTMLInputElement>('input[type="text"]')?.focus({ preventScroll: true });
  }, [editingId, waitingForDetail]);
  return (
    <div
      ref={(element) => {
        frameRef.current = element;
        if (typeof ref === 'function') ref(element);
        else if (ref) ref.current = element;
      }}
      id="link-editor"
      className="scroll-mt-4"
      data-testid="link-editor"
    >
      {waitingForDetail ? (
        <div className="rounded-xl border border-warning bg-card p-6 text-sm text-muted-foreground ring-2 ring-warning/40">
          Loading link…
        </div>
      ) : (
        <LinkForm
          key={formKey}
          mode={editing ? 'edit' : 'add'}
          categories={categories}
          defaultCategoryId={editing ? defaultCategoryId : addCategoryId}
          initialValues={
            editing
              ? {
                  title: detail.data?.title ?? editing.title,
                  url: detail.data?.url ?? editing.url,
                  description: detail.data?.description ?? '',
                  categoryId: effectiveCategoryId(editing) ?? defaultCategoryId,
                }
              : undefined
          }
          onSubmit={submit}
          fetchPreview={fetchPreview}
          findExisting={knownLinks ? (url) => findDuplicateLink(knownLinks, url) : undefined}
          onCancel={onDoneEditing}
          onDelete={editing ? () => onDelete(editing) : undefined}
          bare={bare}
          className={bare ? undefined : 'bg-card/95 backdrop-blur'}
          extraFields={
            <LinkExtrasFields
              value={extras}
              onChange={(update) => {
                setExtras(update);
                setTagError(null);
                setNoteError(null);
              }}
              known={known}
              tagError={tagError}
              noteError={noteError}
            />
          }
        />
      )}
    </div>
  );
});
