import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { authMutations } from '~shared/data/auth/mutations.ts';
import { errorToast } from '~shared/data/errors.ts';
import { useDataClient } from '~shared/data/provider.tsx';
import { Button } from '~shared/ui/button.tsx';
import { showErrorToast, showSuccessToast, showToastMessage } from '~shared/ui/toast.ts';
import { useSessionState } from '../../lib/session/use-session-state.ts';
import { PageFallback } from '../../components/page-fallback.tsx';
import { AccountControlsCard } from './account-controls-card.tsx';
import { BlockedSendersCard } from './blocked-senders-card.tsx';
import { DeleteAccountCard } from './delete-account-card.tsx';
import { SettingsLayout, SettingsSection } from './settings-layout.tsx';
import { TwoFactorCard } from './two-factor-card.tsx';

/** Exported for its unit test: the local stack cannot produce a user without an e-mail. */
export function PasswordResetCard({ email }: { email: string | undefined }) {
  const client = useDataClient();
  const reset = useMutation(authMutations.requestPasswordReset(client));
  const send = () => {
    if (!email) {
      showToastMessage(errorToast('auth.noEmail', null));
      return;
    }
    reset.mutate(
      { email, redirectTo: `${window.location.origin}/auth` },
      { onSuccess: () => showSuccessToast('Reset email sent'), onError: (error) => showErrorToast('auth.resetRequest', error) },
    );
  };
  return (
    <SettingsSection title="Password" description={email ? `We e-mail a reset link to ${email}.` : undefined} testId="password-reset">
      <div>
        <Button variant="outline" onClick={send} disabled={reset.isPending}>
          Send password reset email
        </Button>
      </div>
    </SettingsSection>
  );
}

/** /settings/privacy (part 2 §2): privacy policy, blocked senders, sharing and account switches, password reset, deletion. */
export function PrivacySettingsPage() {
  const { session } = useSessionState();
  if (!session) return <PageFallback />;
  const userId = session.user.id;
  return (
    <SettingsLayout title="Privacy & Security" description="Who can reach you, your password and your account." testId="privacy-settings">
      <SettingsSection title="Privacy policy">
        <p className="text-sm">
          How we handle your data:{' '}
          <Link to="/privacy" className="font-medium text-primary underline-offset-4 hover:underline">
            read the privacy policy
          </Link>
          .
        </p>
      </SettingsSection>
      <BlockedSendersCard userId={userId} />
      <AccountControlsCard userId={userId} />
      <PasswordResetCard email={session.user.email} />
      <TwoFactorCard />
      <DeleteAccountCard />
    </SettingsLayout>
  );
}
