import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountMutations } from '~shared/data/account/mutations.ts';
import { accountQueries } from '~shared/data/account/queries.ts';
import { useDataClient } from '~shared/data/provider.tsx';
import { showErrorToast, showSuccessToast } from '~shared/ui/toast.ts';
import { SettingsSection } from './settings-layout.tsx';
import { SettingsToggle as Toggle } from './settings-toggle.tsx';

/**
 * The spec's deactivate and disable-sharing toggles, made real (docs/deviations.md): both are
 * saved on user_privacy_settings and enforced by triggers on shared_links.
 */
export function AccountControlsCard({ userId }: { userId: string }) {
  const client = useDataClient();
  const queryClient = useQueryClient();
  const controls = useQuery(accountQueries.controls(client, userId));
  const sharing = useMutation(accountMutations.setSharingDisabled(client, queryClient, userId));
  const deactivate = useMutation(accountMutations.setDeactivated(client, queryClient, userId));
  const busy = controls.isPending || sharing.isPending || deactivate.isPending;
  const deactivated = !!controls.data?.deactivated_at;

  return (
    <SettingsSection title="Sharing and account" testId="account-controls">
      {deactivated ? (
        <p role="status" className="rounded-md border border-warning/50 bg-warning/10 px-3 py-2 text-sm" data-testid="deactivated-notice">
          Your account is deactivated: your public page is hidden and nobody can share links with you. Turn the switch off to reactivate it.
        </p>
      ) : null}
      <Toggle
        id="disable-sharing"
        label="Disable sharing and receiving"
        description="Links shared with you are not delivered (senders are not told), and you cannot share links."
        checked={!!controls.data?.sharing_disabled}
        disabled={busy}
        onChange={(next) =>
          sharing.mutate(next, {
            onSuccess: () => showSuccessToast('Saved'),
            onError: (error) => showErrorToast('account.controls', error),
          })
        }
      />
      <Toggle
        id="deactivate-account"
        label="Deactivate account"
        description="Hides your public page and stops all sharing until you reactivate. Your links stay."
        checked={deactivated}
        disabled={busy}
        onChange={(next) =>
          deactivate.mutate(next, {
            onSuccess: () => showSuccessToast('Saved'),
            onError: (error) => showErrorToast('account.controls', error),
          })
        }
      />
    </SettingsSection>
  );
}
