import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { respondFolderInvitation, type FolderInvitation } from '~shared/data/folder-members/api.ts';
import { folderMemberKeys } from '~shared/data/folder-members/keys.ts';
import { folderMemberQueries } from '~shared/data/folder-members/queries.ts';
import { useDataClient } from '~shared/data/provider.tsx';
import { formatCount } from '~shared/rules/text.ts';
import { Button } from '~shared/ui/button.tsx';
import { showErrorToast, showSuccessToast } from '~shared/ui/toast.ts';

const ROLE_WORD = { viewer: 'Viewer', editor: 'Editor' } as const;

/**
 * The dashboard's folder invitations (Accept / Decline) and 'Shared with me': folders other people
 * shared with the user, with the owner's name and the user's role. Nothing when there is neither.
 */
export function SharedWithMe({ userId }: { userId: string }) {
  const client = useDataClient();
  const invitations = useQuery(folderMemberQueries.invitations(client, userId));
  const shared = useQuery(folderMemberQueries.shared(client, userId));
  const pending = invitations.data ?? [];
  const folders = shared.data ?? [];
  if (pending.length === 0 && folders.length === 0) return null;

  return (
    <div className="grid gap-4">
      {pending.length > 0 ? (
        <section
          aria-labelledby="folder-invitations-heading"
          className="grid gap-3 rounded-xl border border-primary/40 bg-card p-4 shadow-sm"
          data-testid="folder-invitations"
        >
          <h2 id="folder-invitations-heading" className="text-base font-semibold">
            Folder invitations
          </h2>
          <ul className="grid gap-2">
            {pending.map((inv) => (
              <InvitationRow key={inv.id} invitation={inv} userId={userId} />
            ))}
          </ul>
        </section>
      ) : null}
      {folders.length > 0 ? (
        <section
          aria-labelledby="shared-with-me-heading"
          className="grid gap-3 rounded-xl border border-border bg-card p-4 shadow-sm"
          data-testid="shared-with-me"
        >
          <h2 id="shared-with-me-heading" className="text-base font-semibold">
            Shared with me
          </h2>
          <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {folders.map((f) => (
              <li key={f.folder_id}>
                <Link
                  to={`/category/${f.folder_id}`}
                  className="grid gap-0.5 rounded-lg border border-border bg-background/60 px-3 py-2 hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                  data-testid="shared-folder"
                >
                  <span className="truncate text-sm font-medium">{f.name}</span>
                  <span className="truncate text-xs text-muted-foreground">
                    {`${f.owner_name} · ${ROLE_WORD[f.role]} · ${formatCount(f.link_count)} ${f.link_count === 1 ? 'link' : 'links'}`}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

function InvitationRow({ invitation, userId }: { invitation: FolderInvitation; userId: string }) {
  const client = useDataClient();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  async function answer(accept: boolean) {
    setBusy(true);
    try {
      await respondFolderInvitation(client, invitation.id, accept);
      showSuccessToast(accept ? 'Invitation accepted' : 'Invitation declined', invitation.folder_name);
    } catch (e) {
      showErrorToast('folderMembers.respond', e);
    } finally {
      setBusy(false);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: folderMemberKeys.invitations(userId) }),
        queryClient.invalidateQueries({ queryKey: folderMemberKeys.shared(userId) }),
      ]);
    }
  }

  return (
    <li
      className="flex flex-wrap items-center gap-3 rounded-lg border border-border bg-background/60 px-3 py-2"
      data-testid="folder-invitation"
    >
      <p className="min-w-0 flex-1 text-sm">
        <span className="font-medium">{invitation.owner_name}</span> invited you to{' '}
        <span className="font-medium">{invitation.folder_name}</span> as {ROLE_WORD[invitation.role].toLowerCase()}.
      </p>
      <div className="flex gap-2">
        <Button size="sm" disabled={busy} onClick={() => void answer(true)} aria-label={`Accept invitation to ${invitation.folder_name}`}>
          Accept
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={busy}
          onClick={() => void answer(false)}
          aria-label={`Decline invitation to ${invitation.folder_name}`}
        >
          Decline
        </Button>
      </div>
    </li>
  );
}
