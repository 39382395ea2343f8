import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import {
  publishFolder,
  setFolderNoindex,
  unpublishFolder,
  updateFolderPublication,
  type FolderPublication,
  type PublicFolderEdit,
} from '~shared/data/public-folders/api.ts';
import { publicFolderKeys } from '~shared/data/public-folders/keys.ts';
import { publicFolderQueries } from '~shared/data/public-folders/queries.ts';
import { profileQueries } from '~shared/data/profiles/queries.ts';
import { useDataClient } from '~shared/data/provider.tsx';
import { opensLabel } from '~shared/rules/featured-links.ts';
import { PUBLIC_FOLDER_DESCRIPTION_MAX, publicFolderPath } from '~shared/rules/public-folder.ts';
import { sanitizeSlugInput } from '~shared/rules/slug.ts';
import { publicFolderEditSchema } from '~shared/schemas/public-folder.ts';
import { Button } from '~shared/ui/button.tsx';
import { CONTROL_CLASS } from '~shared/ui/field-classes.ts';
import { showErrorToast, showSuccessToast, showToastMessage } from '~shared/ui/toast.ts';

/**
 * 'Publish to the web' in the Share Folder dialog: publish the folder read-only at
 * {origin}/{profile URL name}/{folder address}, copy that URL, hide it from search engines, see how
 * often visitors opened its links, change its address and description, unpublish it at once.
 */
export function PublishFolderPanel({ folderId, ownerId }: { folderId: string; ownerId: string }) {
  const client = useDataClient();
  const queryClient = useQueryClient();
  const publication = useQuery(publicFolderQueries.ofFolder(client, folderId));
  const profile = useQuery(profileQueries.detail(client, ownerId));
  const [busy, setBusy] = useState(false);
  // The box shows a toggle at once; the server's answer (or, after a failure, the re-read) settles it.
  const [pendingNoindex, setPendingNoindex] = useState<boolean | null>(null);
  // A saved address and description become the form's starting point: the form mounts afresh.
  const [formKey, setFormKey] = useState(0);
  const headingId = useId();
  const profileSlug = profile.data ? (profile.data.public_page_slug ?? profile.data.username) : null;

  const settle = (next: FolderPublication) => queryClient.setQueryData(publicFolderKeys.ofFolder(folderId), next);

  async function run(
    action: () => Promise<FolderPublication>,
    done: (next: FolderPublication) => void,
    failure: 'publicFolder.publish' | 'publicFolder.update',
  ) {
    setBusy(true);
    try {
      const next = await action();
      settle(next);
      done(next);
    } catch (e) {
      showErrorToast(failure, e);
      await queryClient.invalidateQueries({ queryKey: publicFolderKeys.ofFolder(folderId) });
    } finally {
      setBusy(false);
    }
  }

  const data = publication.data;
  const published = data?.published === true;
  const path = data ? publicFolderPath(profileSlug, data.slug) : null;
  const url = path ? `${window.location.origin}${path}` : '';

  return (
    <section className="grid gap-3 border-t border-border pt-4" aria-labelledby={headingId} data-testid="publish-folder">
      <h3 id={headingId} className="text-sm font-semibold">
        Publish to the web
      </h3>
      {publication.isPending || profile.isPending ? (
        <p className="text-sm text-muted-foreground">Loading…</p>
      ) : publication.isError || profile.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Could not load the folder's web page.{' '}
          <button type="button" className="underline" onClick={() => void Promise.all([publication.refetch(), profile.refetch()])}>
            Retry
          </button>
        </p>
      ) : !profileSlug ? (
        <p className="text-sm text-muted-foreground">
          Choose a username or a public URL name first (Settings or the Studio): it is the first part of the folder's address.
        </p>
      ) : !published ? (
        <div className="grid gap-2">
          <p className="text-sm text-muted-foreground">
            Anyone with the address sees this folder's links, read only: titles, icons, descriptions and tags. Not its subfolders, notes or
            who you shared it with.
          </p>
          <div>
            <Button
              disabled={busy}
              onClick={() =>
                void run(
                  () => publishFolder(client, ownerId, folderId),
                  () => showSuccessToast('Folder published', 'Anyone with the address can see its links.'),
                  'publicFolder.publish',
                )
              }
              data-testid="publish-folder-button"
            >
              {busy ? 'Publishing…' : 'Publish to the web'}
            </Button>
          </div>
        </div>
      ) : (
        <PublishedFolder
          key={formKey}
          publication={data}
          noindex={pendingNoindex ?? data.noindex}
          url={url}
          busy={busy}
          onNoindex={(noindex) => {
            setPendingNoindex(noindex);
            void run(
              () => setFolderNoindex(client, folderId, noindex),
              () => showSuccessToast(noindex ? 'Hidden from search engines' : 'Search engines may list it'),
              'publicFolder.update',
            ).finally(() => setPendingNoindex(null));
          }}
          onSave={(edit) =>
            void run(
              () => updateFolderPublication(client, folderId, edit),
              () => {
                setFormKey((key) => key + 1);
                showSuccessToast('Public folder saved');
              },
              'publicFolder.update',
            )
          }
          onUnpublish={() =>
            void run(
              () => unpublishFolder(client, folderId),
              () => showSuccessToast('Folder unpublished', 'Its address no longer shows anything.'),
              'publicFolder.update',
            )
          }
        />
      )}
    </section>
  );
}

function PublishedFolder({
  publication,
  noindex,
  url,
  busy,
  onNoindex,
  onSave,
  onUnpublish,
}: {
  publication: FolderPublication;
  noindex: boolean;
  url: string;
  busy: boolean;
  onNoindex: (noindex: boolean) => void;
  onSave: (edit: PublicFolderEdit) => void;
  onUnpublish: () => void;
}) {
  const urlId = useId();
  const noindexId = useId();
  const slugId = useId();
  const descriptionId = useId();
  const errorId = useId();
  const [slug, setSlug] = useState(publication.slug);
  const [description, setDescription] = useState(publication.description ?? '');
  const [error, setError] = useState<string | null>(null);
  const changed = slug !== publication.slug || description.trim() !== (publication.description ?? '');

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      showSuccessToast('Public link copied', url);
    } catch {
      showToastMessage({ title: 'Error', description: 'Could not copy. Select the address and copy it yourself.' });
    }
  }

  function save(event: FormEvent) {
    event.preventDefault();
    const parsed = publicFolderEditSchema.safeParse({ slug, description });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the address.');
      return;
    }
    setError(null);
    onSave(parsed.data);
  }

  return (
    <div className="grid gap-3">
      <div className="grid gap-2">
        <label htmlFor={urlId} className="text-sm font-medium">
          Public URL
        </label>
        <div className="flex gap-2">
          <input
            id={urlId}
            readOnly
            value={url}
            onFocus={(event) => event.target.select()}
            className={CONTROL_CLASS}
            data-testid="public-folder-url"
          />
          <Button onClick={copy}>Copy</Button>
        </div>
        <p className="flex flex-wrap items-center gap-x-2 text-sm">
          <span className="font-medium" data-testid="public-folder-opens">
            {opensLabel(publication.open_count)}
          </span>
          <span aria-hidden="true" className="text-muted-foreground">
            ·
          </span>
          <a href={url} target="_blank" rel="noopener noreferrer" className="underline">
            View page
          </a>
        </p>
        <p className="text-xs text-muted-foreground">Opens count how often visitors opened its links; nothing about them is stored.</p>
      </div>
      <label htmlFor={noindexId} className="flex items-center gap-2 text-sm">
        <input
          id={noindexId}
          type="checkbox"
          checked={noindex}
          disabled={busy}
          onChange={(event) => onNoindex(event.target.checked)}
          className="h-4 w-4 accent-[var(--primary)]"
          data-testid="public-folder-noindex"
        />
        Hide from search engines
      </label>
      <form className="grid gap-2" onSubmit={save} noValidate>
        <label htmlFor={slugId} className="text-sm font-medium">
          Address
        </label>
        <input
          id={slugId}
          value={slug}
          onChange={(event) => setSlug(sanitizeSlugInput(event.target.value))}
          maxLength={30}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={CONTROL_CLASS}
          data-testid="public-folder-slug"
        />
        <label htmlFor={descriptionId} className="text-sm font-medium">
          Description <span className="font-normal text-muted-foreground">(optional)</span>
        </label>
        <textarea
          id={descriptionId}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          maxLength={PUBLIC_FOLDER_DESCRIPTION_MAX}
          rows={2}
          className={CONTROL_CLASS}
          data-testid="public-folder-description"
        />
        {error ? (
          <p id={errorId} role="alert" className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
        <div className="flex flex-wrap justify-between gap-2">
          <Button type="submit" variant="outline" disabled={busy || !changed}>
            Save
          </Button>
          <Button variant="destructive" disabled={busy} onClick={onUnpublish} data-testid="unpublish-folder-button">
            Unpublish
          </Button>
        </div>
      </form>
    </div>
  );
}
