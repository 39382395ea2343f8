import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { profileQueries } from '~shared/data/profiles/queries.ts';
import { useDataClient } from '~shared/data/provider.tsx';
import { formatDisplayDate } from '~shared/rules/date-format.ts';
import { showErrorToast } from '~shared/ui/toast.ts';
import { useSessionState } from '../../lib/session/use-session-state.ts';
import { PageFallback } from '../../components/page-fallback.tsx';
import { UsernameForm } from '../../features/username/username-form.tsx';
import { EmailChangeCard } from './email-change-card.tsx';
import { SettingsLayout, SettingsSection } from './settings-layout.tsx';

function NameEmail({ userId }: { userId: string }) {
  const client = useDataClient();
  const profile = useQuery(profileQueries.detail(client, userId));
  const history = useQuery(profileQueries.usernameHistory(client, userId));
  useEffect(() => {
    if (profile.isError) showErrorToast('profile.load', profile.error);
  }, [profile.isError, profile.error]);

  if (profile.isPending) return <p className="text-sm text-muted-foreground">Loading…</p>;
  const current = profile.data?.username ?? null;
  const last = history.data;
  return (
    <>
      <SettingsSection
        title="Username"
        description={
          current ? (
            <>
              Your username is{' '}
              <span className="font-medium text-foreground" data-testid="current-username">
                @{current}
              </span>
              . People can share links with you by it.
            </>
          ) : (
            'Choose a username so people can share links with you by it.'
          )
        }
        testId="username-settings"
      >
        <UsernameForm key={current ?? ''} userId={userId} current={current} variant="settings" submitLabel="Update username" />
        <p className="text-xs text-muted-foreground" data-testid="username-last-change">
          {last
            ? `Last change: ${formatDisplayDate(last.changed_at)}${last.old_username ? ` (was @${last.old_username})` : ' (username set)'}`
            : 'Last change: never'}
        </p>
      </SettingsSection>
      <EmailChangeCard currentEmail={profile.data?.email} />
    </>
  );
}

/** /settings/profile/name-email (part 2 §2): username with history, e-mail change by code. */
export function NameEmailSettingsPage() {
  const { session } = useSessionState();
  if (!session) return <PageFallback />;
  return (
    <SettingsLayout title="Name & Email" description="Your username and e-mail address." testId="name-email-settings">
      <NameEmail userId={session.user.id} />
    </SettingsLayout>
  );
}
