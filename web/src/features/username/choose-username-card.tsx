import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { profileQueries } from '~shared/data/profiles/queries.ts';
import { useDataClient } from '~shared/data/provider.tsx';
import { UsersIcon } from '~shared/ui/icons.tsx';
import { UsernameForm } from './username-form.tsx';

/**
 * The dashboard's 'Choose Your Username' card (part 2 §2). While the profile has no username it is
 * the username-setup prompt (shown once the profile has loaded); afterwards a one-line reminder
 * of the name with a link to change it (phones: that line is in the dashboard's 'More' menu).
 */
export function ChooseUsernameCard({ userId }: { userId: string }) {
  const client = useDataClient();
  const profile = useQuery(profileQueries.detail(client, userId));
  if (profile.isPending || profile.isError) return null;
  const username = profile.data?.username;
  if (username) {
    return (
      <div
        className="hidden flex-wrap items-center gap-2 rounded-xl border border-border bg-card/90 px-4 py-2 text-sm text-card-foreground shadow-sm backdrop-blur sm:flex"
        data-testid="username-card"
      >
        <UsersIcon size={16} className="text-muted-foreground" />
        <span>
          Your username: <span className="font-medium">@{username}</span>
        </span>
        <Link to="/settings/profile/name-email" className="ml-auto text-primary underline-offset-4 hover:underline">
          Change
        </Link>
      </div>
    );
  }
  return (
    <section
      className="grid gap-3 rounded-xl border-2 border-primary/40 bg-card p-4 text-card-foreground shadow-sm sm:p-5"
      aria-labelledby="choose-username-title"
      data-testid="username-prompt"
    >
      <div className="grid gap-1">
        <h2 id="choose-username-title" className="text-lg font-semibold">
          Choose Your Username
        </h2>
        <p className="text-sm text-muted-foreground">
          Friends can share links with you by your username. 3-30 letters, numbers, underscores or dashes.
        </p>
      </div>
      <UsernameForm userId={userId} current={null} variant="card" submitLabel="Set username" />
    </section>
  );
}
