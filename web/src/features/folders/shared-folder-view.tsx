import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import {
  addSharedFolderLink,
  createSharedSubfolder,
  deleteSharedFolderLink,
  leaveSharedFolder,
  renameSharedSubfolder,
  updateSharedFolderLink,
  type SharedFolder,
  type SharedFolderContext,
} from '~shared/data/folder-members/api.ts';
import { folderMemberKeys } from '~shared/data/folder-members/keys.ts';
import { folderMemberQueries } from '~shared/data/folder-members/queries.ts';
import { recordLinkOpen, type FolderLinkItem } from '~shared/data/links/api.ts';
import { linkKeys } from '~shared/data/links/keys.ts';
import { linkQueries } from '~shared/data/links/queries.ts';
import { useDataClient } from '~shared/data/provider.tsx';
import { displayHost, safeHref } from '~shared/rules/url.ts';
import { linkSchema } from '~shared/schemas/link.ts';
import { subfolderSchema } from '~shared/schemas/subfolder.ts';
import { Button } from '~shared/ui/button.tsx';
import { CONTROL_CLASS } from '~shared/ui/field-classes.ts';
import { showErrorToast, showSuccessToast } from '~shared/ui/toast.ts';
import { pageTitle, useDocumentMeta } from '../../lib/document-meta.ts';
import { openAfterCounting } from '../../lib/open-link.ts';
import { usePreferences } from '../../lib/use-preferences.ts';
import { FolderShell } from './folder-shell.tsx';
import { FolderLoadError, FolderLoading, FolderNotFound, GridSkeleton } from './folder-states.tsx';
import { MoveSharedLinkDialog } from './move-shared-link-dialog.tsx';

/**
 * A folder someone shared with the user, at its usual address: the owner's name, the user's role,
 * subfolders and links. Editors add, edit, move (within the shared tree) and delete links and create
 * and rename subfolders (the rows stay the owner's); viewers only read and open them, and an open
 * counts for the owner as theirs do. Leave folder ends the membership.
 */
export default function SharedFolderView({ userId, folderId }: { userId: string; folderId: string }) {
  const client = useDataClient();
  const navigate = useNavigate();
  const context = useQuery(folderMemberQueries.folder(client, userId, folderId));
  useDocumentMeta({ title: pageTitle(context.data?.folder.name ?? 'Folder') });

  if (context.isPending) {
    return (
      <FolderShell>
        <FolderLoading />
      </FolderShell>
    );
  }
  if (context.isError) {
    return (
      <FolderShell>
        <FolderLoadError onRetry={() => void context.refetch()} message="Failed to load the folder. Please try again." />
      </FolderShell>
    );
  }
  if (!context.data) {
    return (
      <FolderShell>
        <FolderNotFound
          message="This folder does not exist, was deleted, or belongs to another account."
          back="Home"
          onBack={() => navigate('/dashboard')}
        />
      </FolderShell>
    );
  }
  return <SharedFolder userId={userId} shared={context.data} />;
}

function SharedFolder({ userId, shared }: { userId: string; shared: SharedFolderContext }) {
  const client = useDataClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const folderId = shared.folder.id;
  const canEdit = shared.role === 'editor';
  const links = useQuery(linkQueries.folder(client, shared.owner_id, folderId));
  const [leaving, setLeaving] = useState(false);
  const [moving, setMoving] = useState<FolderLinkItem | null>(null);

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: folderMemberKeys.folder(userId, folderId) }),
      queryClient.invalidateQueries({ queryKey: linkKeys.list({ userId: shared.owner_id, categoryId: folderId }) }),
    ]);

  // The destination's list and counts change too.
  const moved = (destinationId: string) =>
    Promise.all([
      refresh(),
      queryClient.invalidateQueries({ queryKey: folderMemberKeys.folder(userId, destinationId) }),
      queryClient.invalidateQueries({ queryKey: linkKeys.list({ userId: shared.owner_id, categoryId: destinationId }) }),
    ]);

  async function leave() {
    if (!window.confirm(`Leave "${shared.folder.name}"? You will no longer see it.`)) return;
    setLeaving(true);
    try {
      await leaveSharedFolder(client, userId, folderId);
      showSuccessToast('You left the folder', shared.folder.name);
      // The dashboard must not show the folder from its cache while it reads the list again.
      queryClient.setQueryData(folderMemberKeys.shared(userId), (list: SharedFolder[] | undefined) =>
        list?.filter((f) => f.folder_id !== folderId),
      );
      await queryClient.invalidateQueries({ queryKey: folderMemberKeys.all });
      void navigate('/dashboard');
    } catch (e) {
      showErrorToast('folderMembers.leave', e);
      setLeaving(false);
    }
  }

  const roleText = canEdit ? 'You can edit' : 'You can view';
  return (
    <FolderShell>
      <header className="grid gap-3 rounded-xl border border-border bg-card p-4 shadow-sm sm:p-5" data-testid="shared-folder-header">
        {shared.ancestors.length > 0 ? (
          <nav aria-label="Breadcrumb" className="flex flex-wrap gap-1 text-xs text-muted-foreground">
            {shared.ancestors.map((a) => (
              <span key={a.id} className="flex gap-1">
                <Link to={`/category/${a.id}`} className="underline-offset-2 hover:underline">
                  {a.name}
                </Link>
                <span aria-hidden="true">›</span>
              </span>
            ))}
          </nav>
        ) : null}
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h1 className="truncate text-2xl font-semibold">{shared.folder.name}</h1>
            <p className="text-sm text-muted-foreground" data-testid="shared-folder-owner">
              {`Shared by ${shared.owner_name} · ${roleText} · ${shared.link_count} ${shared.link_count === 1 ? 'link' : 'links'}`}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => navigate('/dashboard')}>
              Home
            </Button>
            {shared.ancestors.length === 0 ? (
              <Button variant="outline" disabled={leaving} onClick={() => void leave()}>
                Leave folder
              </Button>
            ) : null}
          </div>
        </div>
      </header>

      <SubfolderSection shared={shared} canEdit={canEdit} onChanged={refresh} />

      {canEdit ? <AddLinkForm shared={shared} onAdded={refresh} /> : null}

      <section aria-labelledby="shared-links-heading" className="grid gap-3">
        <h2 id="shared-links-heading" className="text-lg font-semibold">
          Links
        </h2>
        {links.isPending ? (
          <GridSkeleton />
        ) : links.isError ? (
          <FolderLoadError onRetry={() => void links.refetch()} />
        ) : links.data.length === 0 ? (
          <p className="rounded-lg border border-dashed border-border p-6 text-center text-sm text-muted-foreground">
            {canEdit ? 'No links yet. Add the first one above.' : 'No links in this folder yet.'}
          </p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="shared-links">
            {links.data.map((link) => (
              <SharedLinkCard
                key={link.id}
                link={link}
                ownerId={shared.owner_id}
                folderId={folderId}
                canEdit={canEdit}
                onChanged={refresh}
                onMove={setMoving}
              />
            ))}
          </ul>
        )}
      </section>
      {canEdit ? (
        <MoveSharedLinkDialog userId={userId} shared={shared} link={moving} onClose={() => setMoving(null)} onMoved={moved} />
      ) : null}
    </FolderShell>
  );
}

function SubfolderSection({
  shared,
  canEdit,
  onChanged,
}: {
  shared: SharedFolderContext;
  canEdit: boolean;
  onChanged: () => Promise<unknown>;
}) {
  const client = useDataClient();
  const inputId = useId();
  const errorId = useId();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (!canEdit && shared.subfolders.length === 0) return null;

  async function create(event: FormEvent) {
    event.preventDefault();
    const parsed = subfolderSchema.safeParse({ name });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please enter a subfolder name');
      return;
    }
    setError(null);
    try {
      await createSharedSubfolder(client, { ownerId: shared.owner_id, parentId: shared.folder.id, name: parsed.data.name });
      showSuccessToast('Subfolder created', parsed.data.name);
      setName('');
      await onChanged();
    } catch (e) {
      showErrorToast('subfolder.create', e);
    }
  }

  return (
    <section aria-labelledby="shared-subfolders-heading" className="grid gap-3 rounded-xl border border-border bg-card p-4 shadow-sm">
      <h2 id="shared-subfolders-heading" className="text-lg font-semibold">
        Subfolders
      </h2>
      {shared.subfolders.length > 0 ? (
        <ul className="flex flex-wrap gap-2">
          {shared.subfolders.map((s) => (
            <SubfolderChip key={s.id} subfolder={s} canEdit={canEdit} onChanged={onChanged} />
          ))}
        </ul>
      ) : null}
      {canEdit ? (
        <form onSubmit={create} noValidate className="flex flex-wrap gap-2">
          <label htmlFor={inputId} className="sr-only">
            New subfolder name
          </label>
          <input
            id={inputId}
            value={name}
            onChange={(event) => setName(event.target.value)}
            placeholder="New subfolder name"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className={`${CONTROL_CLASS} min-w-0 flex-1`}
          />
          <Button type="submit">Create subfolder</Button>
          {error ? (
            <p id={errorId} role="alert" className="w-full text-sm text-destructive">
              {error}
            </p>
          ) : null}
        </form>
      ) : null}
    </section>
  );
}

function SubfolderChip({
  subfolder,
  canEdit,
  onChanged,
}: {
  subfolder: SharedFolderContext['subfolders'][number];
  canEdit: boolean;
  onChanged: () => Promise<unknown>;
}) {
  const client = useDataClient();
  const inputId = useId();
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(subfolder.name);

  async function rename(event: FormEvent) {
    event.preventDefault();
    const parsed = subfolderSchema.safeParse({ name });
    if (!parsed.success) return;
    try {
      await renameSharedSubfolder(client, subfolder.id, parsed.data.name);
      showSuccessToast('Category renamed successfully!');
      setRenaming(false);
      await onChanged();
    } catch (e) {
      showErrorToast('category.rename', e);
    }
  }

  if (renaming) {
    return (
      <li>
        <form onSubmit={rename} className="flex gap-2">
          <label htmlFor={inputId} className="sr-only">
            {`New name for ${subfolder.name}`}
          </label>
          <input id={inputId} value={name} onChange={(e) => setName(e.target.value)} className={`${CONTROL_CLASS} w-40`} />
          <Button type="submit" size="sm">
            Save
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setRenaming(false)}>
            Cancel
          </Button>
        </form>
      </li>
    );
  }
  return (
    <li className="flex items-center gap-1 rounded-full border border-border bg-background/60 pr-1 pl-3 text-sm">
      <Link
        to={`/category/${subfolder.id}`}
        className="py-1 hover:underline"
        aria-label={`${subfolder.name}, ${subfolder.link_count} ${subfolder.link_count === 1 ? 'link' : 'links'}`}
      >
        {subfolder.name}
        <span className="ml-1.5 text-xs text-muted-foreground">{subfolder.link_count}</span>
      </Link>
      {canEdit ? (
        <Button size="sm" variant="ghost" className="h-7 px-2" onClick={() => setRenaming(true)} aria-label={`Rename ${subfolder.name}`}>
          Rename
        </Button>
      ) : null}
    </li>
  );
}

function AddLinkForm({ shared, onAdded }: { shared: SharedFolderContext; onAdded: () => Promise<unknown> }) {
  const client = useDataClient();
  const urlId = useId();
  const titleId = useId();
  const errorId = useId();
  const [url, setUrl] = useState('');
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function add(event: FormEvent) {
    event.preventDefault();
    const parsed = linkSchema.safeParse({ url, title });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the link.');
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await addSharedFolderLink(client, {
        ownerId: shared.owner_id,
        folderId: shared.folder.id,
        title: parsed.data.title,
        url: parsed.data.url,
      });
      showSuccessToast('Link added', parsed.data.title);
      setUrl('');
      setTitle('');
      await onAdded();
    } catch (e) {
      showErrorToast('link.save', e);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      onSubmit={add}
      noValidate
      className="grid gap-2 rounded-xl border border-border bg-card p-4 shadow-sm sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-end"
      aria-label="Add a link to this folder"
    >
      <div className="grid gap-1">
        <label htmlFor={urlId} className="text-sm font-medium">
          URL
        </label>
        <input
          id={urlId}
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          placeholder="https://example.com"
          inputMode="url"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={CONTROL_CLASS}
        />
      </div>
      <div className="grid gap-1">
        <label htmlFor={titleId} className="text-sm font-medium">
          Title
        </label>
        <input id={titleId} value={title} onChange={(e) => setTitle(e.target.value)} className={CONTROL_CLASS} />
      </div>
      <Button type="submit" disabled={busy}>
        Add Link
      </Button>
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-destructive sm:col-span-3">
          {error}
        </p>
      ) : null}
    </form>
  );
}

interface SharedLinkCardProps {
  link: FolderLinkItem;
  ownerId: string;
  folderId: string;
  canEdit: boolean;
  onChanged: () => Promise<unknown>;
  onMove: (link: FolderLinkItem) => void;
}

function SharedLinkCard({ link, ownerId, folderId, canEdit, onChanged, onMove }: SharedLinkCardProps) {
  const client = useDataClient();
  const queryClient = useQueryClient();
  const openLinks = usePreferences().open_links;
  const titleId = useId();
  const urlId = useId();
  const errorId = useId();
  const [editing, setEditing] = useState(false);
  const [title, setTitle] = useState(link.title);
  const [url, setUrl] = useState(link.url);
  const [error, setError] = useState<string | null>(null);
  const href = safeHref(link.url);

  async function save(event: FormEvent) {
    event.preventDefault();
    const parsed = linkSchema.safeParse({ url, title });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the link.');
      return;
    }
    setError(null);
    try {
      await updateSharedFolderLink(client, link.id, {
        title: parsed.data.title,
        url: parsed.data.url,
        description: link.description ?? null,
      });
      showSuccessToast('Link updated', parsed.data.title);
      setEditing(false);
      await onChanged();
    } catch (e) {
      showErrorToast('link.save', e);
    }
  }

  // Counted for the owner (increment_link_access) before the visit, as on the owner's own cards.
  function open() {
    void openAfterCounting(
      link.url,
      'address',
      async () => {
        const count = await recordLinkOpen(client, link.id);
        if (typeof count !== 'number') return;
        queryClient.setQueryData(linkKeys.list({ userId: ownerId, categoryId: folderId }), (items: FolderLinkItem[] | undefined) =>
          items?.map((l) => (l.id === link.id ? { ...l, access_count: count } : l)),
        );
      },
      openLinks,
    );
  }

  async function remove() {
    if (!window.confirm(`Delete "${link.title}"?`)) return;
    try {
      await deleteSharedFolderLink(client, link.id);
      showSuccessToast('Link deleted successfully!');
      await onChanged();
    } catch (e) {
      showErrorToast('folder.deleteLink', e);
    }
  }

  return (
    <li
      className="grid min-w-0 gap-2 rounded-lg border border-border bg-card p-3 shadow-sm"
      data-testid="shared-link"
      data-title={link.title}
    >
      {editing ? (
        <form onSubmit={save} noValidate className="grid gap-2">
          <label htmlFor={titleId} className="text-xs font-medium">
            Title
          </label>
          <input id={titleId} value={title} onChange={(e) => setTitle(e.target.value)} className={CONTROL_CLASS} />
          <label htmlFor={urlId} className="text-xs font-medium">
            URL
          </label>
          <input
            id={urlId}
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className={CONTROL_CLASS}
          />
          {error ? (
            <p id={errorId} role="alert" className="text-sm text-destructive">
              {error}
            </p>
          ) : null}
          <div className="flex gap-2">
            <Button type="submit" size="sm">
              Save
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setEditing(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <>
          <div className="min-w-0">
            {href ? (
              <a
                href={href}
                target="_blank"
                rel="noopener noreferrer"
                onClick={(event) => {
                  // A modified click is the browser's own (new tab, download); it is not counted.
                  if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
                  event.preventDefault();
                  open();
                }}
                className="block truncate font-medium hover:underline"
              >
                {link.title}
              </a>
            ) : (
              <span className="block truncate font-medium">{link.title}</span>
            )}
            <p className="truncate text-xs text-muted-foreground">{displayHost(link.url)}</p>
            {link.description ? <p className="mt-1 line-clamp-2 text-sm text-muted-foreground">{link.description}</p> : null}
          </div>
          {canEdit ? (
            <div className="flex flex-wrap gap-2">
              <Button size="sm" variant="outline" onClick={() => setEditing(true)} aria-label={`Edit ${link.title}`}>
                Edit
              </Button>
              <Button size="sm" variant="outline" onClick={() => onMove(link)} aria-label={`Move ${link.title} to folder`}>
                Move to folder
              </Button>
              <Button size="sm" variant="outline" onClick={() => void remove()} aria-label={`Delete ${link.title}`}>
                Delete
              </Button>
            </div>
          ) : null}
        </>
      )}
    </li>
  );
}
