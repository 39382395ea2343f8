import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { errorToast, toDataError } from '~shared/data/errors.ts';
import { useDataClient } from '~shared/data/provider.tsx';
import { tagMutations } from '~shared/data/tags/mutations.ts';
import { tagQueries } from '~shared/data/tags/queries.ts';
import type { TagRow } from '~shared/schemas/tag.ts';
import { tagSearchText } from '~shared/rules/search-chips.ts';
import { isUniqueViolation } from '~shared/rules/error-messages.ts';
import { normaliseTagName, tagKey, tagNameProblem } from '~shared/rules/tags.ts';
import { formatCount } from '~shared/rules/text.ts';
import { Button } from '~shared/ui/button.tsx';
import { cn } from '~shared/ui/cn.ts';
import { ConfirmDialog } from '~shared/ui/confirm-dialog.tsx';
import { Dialog } from '~shared/ui/dialog.tsx';
import { CONTROL_CLASS } from '~shared/ui/field-classes.ts';
import { showErrorToast, showSuccessToast } from '~shared/ui/toast.ts';

const linksLabel = (n: number) => `${formatCount(n)} ${n === 1 ? 'link' : 'links'}`;
const searchHref = (name: string) => `/dashboard?${new URLSearchParams({ q: tagSearchText(name) }).toString()}`;

/** The Tags page's list: filter, select, rename in place, merge several into one, delete (asked first). */
export function TagManager({ userId }: { userId: string }) {
  const client = useDataClient();
  const queryClient = useQueryClient();
  // Read again on opening: counts change with every link saved or deleted elsewhere.
  const tags = useQuery({ ...tagQueries.list(client, userId), refetchOnMount: 'always' });
  const rename = useMutation(tagMutations.rename(client, queryClient));
  const merge = useMutation(tagMutations.merge(client, queryClient));
  const remove = useMutation(tagMutations.delete(client, queryClient));
  const [filter, setFilter] = useState('');
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const [renaming, setRenaming] = useState<{ id: string; value: string; problem: string | null; conflictId?: string } | null>(null);
  const [merging, setMerging] = useState<{ ids: string[]; targetId: string } | null>(null);
  const [deleting, setDeleting] = useState<TagRow[] | null>(null);

  // The rename field takes focus when it opens (stable, so typing does not re-run it).
  const focusOnMount = useCallback((input: HTMLInputElement | null) => input?.focus(), []);
  const all = useMemo(() => tags.data ?? [], [tags.data]);
  const shown = useMemo(() => {
    const key = tagKey(filter);
    return key ? all.filter((t) => tagKey(t.name).includes(key)) : all;
  }, [all, filter]);
  // Selection only of tags that still exist (after a merge or delete).
  const chosen = all.filter((t) => selected.has(t.id));
  const byId = useMemo(() => new Map(all.map((t) => [t.id, t])), [all]);

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  async function saveRename() {
    if (!renaming) return;
    const tag = byId.get(renaming.id);
    const name = normaliseTagName(renaming.value);
    const problem = tagNameProblem(name);
    if (problem) return setRenaming({ ...renaming, problem });
    if (!tag || name === tag.name) return setRenaming(null);
    try {
      await rename.mutateAsync({ tagId: renaming.id, name });
      setRenaming(null);
      showSuccessToast('Tag renamed', `"${tag.name}" is now "${name}".`);
    } catch (error) {
      if (isUniqueViolation(toDataError(error))) {
        const other = all.find((t) => t.id !== tag.id && tagKey(t.name) === tagKey(name));
        setRenaming({
          ...renaming,
          problem: `A tag named "${other?.name ?? name}" already exists. Merge "${tag.name}" into it instead?`,
          conflictId: other?.id,
        });
      } else {
        setRenaming({ ...renaming, problem: errorToast('tags.rename', error).description ?? 'Could not rename the tag.' });
      }
    }
  }

  async function runMerge() {
    if (!merging) return;
    const target = byId.get(merging.targetId);
    const sources = merging.ids.filter((id) => id !== merging.targetId);
    try {
      const result = await merge.mutateAsync({ sourceIds: sources, targetId: merging.targetId });
      showSuccessToast(
        'Tags merged',
        `${formatCount(result.merged)} ${result.merged === 1 ? 'tag' : 'tags'} merged into "${target?.name ?? ''}"; ${linksLabel(result.links)} carry it now.`,
      );
      setMerging(null);
      setRenaming(null);
      setSelected(new Set());
    } catch (error) {
      showErrorToast('tags.merge', error);
    }
  }

  async function runDelete() {
    if (!deleting) return;
    try {
      const result = await remove.mutateAsync(deleting.map((t) => t.id));
      showSuccessToast(result.deleted === 1 ? 'Tag deleted' : `${formatCount(result.deleted)} tags deleted`, 'The links themselves stay.');
      setSelected(new Set());
    } catch (error) {
      showErrorToast('tags.delete', error);
      throw error;
    }
  }

  if (tags.isPending) {
    return <div className="h-48 animate-pulse rounded-xl border border-border bg-card/70" aria-busy="true" aria-label="Loading tags" />;
  }
  if (tags.isError) {
    return (
      <p role="alert" className="rounded-xl border border-border bg-card p-4 text-sm text-destructive">
        {errorToast('unexpected', tags.error).description ?? 'Could not load your tags.'}{' '}
        <button type="button" className="font-medium underline" onClick={() => void tags.refetch()}>
          Try again
        </button>
      </p>
    );
  }
  if (all.length === 0) {
    return (
      <div className="rounded-xl border border-border bg-card p-6 text-sm text-muted-foreground" data-testid="tags-empty">
        <p className="font-medium text-foreground">No tags yet.</p>
        <p className="mt-1">Add tags to a link in its Add or Edit form on the dashboard; they show up here with their counts.</p>
      </div>
    );
  }

  return (
    <section aria-label="Your tags" className="grid gap-3 rounded-xl border border-border bg-card p-3 shadow-sm sm:p-4">
      <div className="flex flex-wrap items-center gap-2">
        <label className="sr-only" htmlFor="tag-filter">
          Find a tag
        </label>
        <input
          id="tag-filter"
          type="search"
          placeholder="Find a tag..."
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          className={cn(CONTROL_CLASS, 'h-9 max-w-xs flex-1')}
        />
        <p className="text-xs text-muted-foreground" data-testid="tags-count">
          {formatCount(all.length)} {all.length === 1 ? 'tag' : 'tags'}
        </p>
      </div>
      {chosen.length > 0 ? (
        <div
          role="toolbar"
          aria-label="Selected tags"
          className="flex flex-wrap items-center gap-2 rounded-lg border border-primary/30 bg-primary/5 px-3 py-2"
        >
          <span className="text-sm font-medium">{formatCount(chosen.length)} selected</span>
          <Button
            size="sm"
            disabled={chosen.length < 2}
            title={chosen.length < 2 ? 'Select two or more tags to merge them.' : undefined}
            onClick={() =>
              setMerging({ ids: chosen.map((t) => t.id), targetId: [...chosen].sort((a, b) => b.link_count - a.link_count)[0].id })
            }
          >
            Merge…
          </Button>
          <Button size="sm" variant="outline" onClick={() => setDeleting(chosen)}>
            Delete…
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setSelected(new Set())}>
            Clear selection
          </Button>
        </div>
      ) : null}
      {shown.length === 0 ? (
        <p className="px-1 py-3 text-sm text-muted-foreground">No tag matches "{filter.trim()}".</p>
      ) : (
        <ul className="divide-y divide-border" data-testid="tag-list">
          {shown.map((tag) => {
            const editing = renaming?.id === tag.id ? renaming : null;
            return (
              <li key={tag.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 py-2" data-testid="tag-row" data-tag={tag.name}>
                <input
                  type="checkbox"
                  checked={selected.has(tag.id)}
                  onChange={() => toggle(tag.id)}
                  aria-label={`Select ${tag.name}`}
                  className="h-4 w-4 accent-[var(--primary)]"
                />
                {editing ? (
                  <form
                    className="grid min-w-0 flex-1 gap-1"
                    onSubmit={(event) => {
                      event.preventDefault();
                      void saveRename();
                    }}
                  >
                    <div className="flex flex-wrap gap-2">
                      <input
                        ref={focusOnMount}
                        aria-label={`New name for ${tag.name}`}
                        value={editing.value}
                        onChange={(event) => setRenaming({ id: tag.id, value: event.target.value, problem: null })}
                        onKeyDown={(event) => event.key === 'Escape' && setRenaming(null)}
                        aria-invalid={editing.problem ? true : undefined}
                        aria-describedby={editing.problem ? `rename-${tag.id}-error` : undefined}
                        className={cn(CONTROL_CLASS, 'h-9 max-w-xs flex-1')}
                      />
                      <Button type="submit" size="sm" disabled={rename.isPending}>
                        Save
                      </Button>
                      <Button size="sm" variant="ghost" onClick={() => setRenaming(null)}>
                        Cancel
                      </Button>
                    </div>
                    {editing.problem ? (
                      <p id={`rename-${tag.id}-error`} role="alert" className="text-xs font-medium text-destructive">
                        {editing.problem}{' '}
                        {editing.conflictId ? (
                          <button
                            type="button"
                            className="font-semibold underline"
                            onClick={() => setMerging({ ids: [tag.id, editing.conflictId!], targetId: editing.conflictId! })}
                          >
                            Merge
                          </button>
                        ) : null}
                      </p>
                    ) : null}
                  </form>
                ) : (
                  <>
                    <Link
                      to={searchHref(tag.name)}
                      className="min-w-0 flex-1 truncate text-sm font-medium hover:underline"
                      title={`Show the links tagged ${tag.name}`}
                    >
                      #{tag.name}
                    </Link>
                    <span className="text-xs text-muted-foreground tabular-nums">{linksLabel(tag.link_count)}</span>
                    <div className="flex gap-1">
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label={`Rename ${tag.name}`}
                        onClick={() => setRenaming({ id: tag.id, value: tag.name, problem: null })}
                      >
                        Rename
                      </Button>
                      <Button size="sm" variant="ghost" aria-label={`Delete ${tag.name}`} onClick={() => setDeleting([tag])}>
                        Delete
                      </Button>
                    </div>
                  </>
                )}
              </li>
            );
          })}
        </ul>
      )}

      {merging ? (
        <Dialog
          open
          onOpenChange={(open) => !open && !merge.isPending && setMerging(null)}
          title="Merge tags"
          description="The links of the other tags get the tag you keep; the other tags are deleted."
        >
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">Keep this tag</legend>
            {merging.ids.flatMap((id) => {
              const tag = byId.get(id);
              return tag
                ? [
                    <label key={id} className="flex items-center gap-2 text-sm">
                      <input
                        type="radio"
                        name="merge-target"
                        checked={merging.targetId === id}
                        onChange={() => setMerging({ ...merging, targetId: id })}
                      />
                      <span className="font-medium">#{tag.name}</span>
                      <span className="text-xs text-muted-foreground">{linksLabel(tag.link_count)}</span>
                    </label>,
                  ]
                : [];
            })}
          </fieldset>
          <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => setMerging(null)} disabled={merge.isPending}>
              Cancel
            </Button>
            <Button onClick={() => void runMerge()} disabled={merge.isPending}>
              {merge.isPending ? 'Merging…' : `Merge into #${byId.get(merging.targetId)?.name ?? ''}`}
            </Button>
          </div>
        </Dialog>
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={deleting && deleting.length === 1 ? 'Delete tag' : 'Delete tags'}
        description={
          deleting && deleting.length === 1
            ? `Delete "${deleting[0].name}"? It comes off ${linksLabel(deleting[0].link_count)}; the links themselves stay.`
            : `Delete ${formatCount(deleting?.length ?? 0)} tags? They come off their links; the links themselves stay.`
        }
        onConfirm={runDelete}
      />
    </section>
  );
}
