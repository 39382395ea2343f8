import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataClient } from '~shared/data/provider.tsx';
import { studioMutations } from '~shared/data/studio/mutations.ts';
import { studioQueries } from '~shared/data/studio/queries.ts';
import { Button } from '~shared/ui/button.tsx';
import { CONTROL_CLASS } from '~shared/ui/field-classes.ts';
import { PlusIcon, TrashIcon, UsersIcon } from '~shared/ui/icons.tsx';
import { showErrorToast, showSuccessToast } from '~shared/ui/toast.ts';

/** Allowed members of an exclusive page: add by username or e-mail, list, remove (the server enforces them). */
export function MembersCard() {
  const client = useDataClient();
  const queryClient = useQueryClient();
  const members = useQuery(studioQueries.members(client));
  const add = useMutation(studioMutations.addMember(client, queryClient));
  const remove = useMutation(studioMutations.removeMember(client, queryClient));
  const [who, setWho] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = who.trim();
    if (!value) return;
    const invite = value.includes('@', 1);
    add.mutate(value, {
      onSuccess: () => {
        setWho('');
        // By e-mail it is an invitation: the person sees it in their studio and accepts it (nothing is looked up).
        if (invite) showSuccessToast('Invitation saved', `${value} can accept it in their studio after signing in with that address.`);
        else showSuccessToast('Member added');
      },
      onError: (error) => showErrorToast('studio.addMember', error),
    });
  };

  return (
    <section
      className="rounded-xl border border-border bg-card p-4 shadow-sm sm:p-6"
      aria-labelledby="members-title"
      data-testid="members-card"
    >
      <h2 id="members-title" className="flex items-center gap-2 text-lg font-semibold">
        <UsersIcon size={18} /> Allowed members
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Signed-in members you add here can see your exclusive page. Add someone by username, or invite an e-mail address: they accept the
        invitation in their studio.
      </p>
      <form onSubmit={submit} className="mt-4 flex flex-col gap-2 sm:flex-row">
        <label htmlFor="member-input" className="sr-only">
          Username or e-mail
        </label>
        <input
          id="member-input"
          className={CONTROL_CLASS}
          placeholder="Username or e-mail"
          value={who}
          onChange={(e) => setWho(e.target.value)}
          autoComplete="off"
          data-testid="member-input"
        />
        <Button type="submit" disabled={add.isPending || !who.trim()}>
          <PlusIcon size={16} /> Add member
        </Button>
      </form>
      {members.data?.length ? (
        <ul className="mt-4 divide-y divide-border rounded-lg border border-border" data-testid="member-list">
          {members.data.map((m) => (
            <li key={m.id} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
              <span className="min-w-0 truncate">
                {m.status === 'invited' ? (
                  <>
                    <span className="font-medium">{m.invited_email}</span>
                    <span className="ml-2 text-muted-foreground">Invited, not accepted yet</span>
                  </>
                ) : (
                  <span className="font-medium">{m.username ? `@${m.username}` : m.invited_email || 'Member'}</span>
                )}
              </span>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Remove ${m.status === 'invited' ? m.invited_email : `@${m.username ?? 'member'}`}`}
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(m.id, {
                    onSuccess: () => showSuccessToast('Member removed'),
                    onError: (error) => showErrorToast('studio.removeMember', error),
                  })
                }
              >
                <TrashIcon size={14} /> Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-4 text-sm text-muted-foreground" data-testid="member-empty">
          {members.isPending ? 'Loading…' : 'No members yet.'}
        </p>
      )}
    </section>
  );
}
