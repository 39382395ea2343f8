import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataClient } from '~shared/data/provider.tsx';
import { studioMutations } from '~shared/data/studio/mutations.ts';
import { studioQueries } from '~shared/data/studio/queries.ts';
import { Button } from '~shared/ui/button.tsx';
import { showErrorToast, showSuccessToast } from '~shared/ui/toast.ts';

/**
 * Invitations to other people's exclusive pages, sent to this account's e-mail. Nothing is shared
 * with the page owner until the person accepts: then the owner sees their username in the list of
 * allowed members. Renders nothing when there is no invitation.
 */
export function PageInvitationsCard() {
  const client = useDataClient();
  const queryClient = useQueryClient();
  const invitations = useQuery(studioQueries.invitations(client));
  const respond = useMutation(studioMutations.respondInvitation(client, queryClient));
  if (!invitations.data?.length) return null;
  return (
    <section
      className="mx-auto mt-5 w-full max-w-3xl rounded-xl border border-primary/40 bg-card p-4 shadow-sm sm:p-6"
      aria-labelledby="invitations-title"
      data-testid="page-invitations"
    >
      <h2 id="invitations-title" className="text-lg font-semibold">
        Page invitations
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        These people invited your e-mail address to see their exclusive page. If you accept, they see your username in their list.
      </p>
      <ul className="mt-3 divide-y divide-border rounded-lg border border-border">
        {invitations.data.map((invite) => (
          <li key={invite.id} className="flex flex-wrap items-center justify-between gap-3 px-3 py-2 text-sm">
            <span className="min-w-0 truncate">
              <span className="font-medium">@{invite.owner_username || 'someone'}</span>
              {invite.page_slug ? <span className="ml-2 text-muted-foreground">/{invite.page_slug}</span> : null}
            </span>
            <span className="flex gap-2">
              <Button
                size="sm"
                disabled={respond.isPending}
                onClick={() =>
                  respond.mutate(
                    { id: invite.id, accept: true },
                    {
                      onSuccess: () => showSuccessToast('Invitation accepted'),
                      onError: (error) => showErrorToast('studio.respondInvitation', error),
                    },
                  )
                }
              >
                Accept
              </Button>
              <Button
                size="sm"
                variant="ghost"
                disabled={respond.isPending}
                onClick={() =>
                  respond.mutate(
                    { id: invite.id, accept: false },
                    {
                      onSuccess: () => showSuccessToast('Invitation declined'),
                      onError: (error) => showErrorToast('studio.respondInvitation', error),
                    },
                  )
                }
              >
                Decline
              </Button>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
