import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { BRAND_NAME } from '~shared/constants.ts';
import { notificationMutations } from '~shared/data/notifications/mutations.ts';
import { notificationQueries } from '~shared/data/notifications/queries.ts';
import { useDataClient } from '~shared/data/provider.tsx';
import {
  INSTANT_EMAILS_PER_HOUR,
  SHARE_EMAIL_CHOICES,
  SHARE_EMAIL_LABELS,
  type NotificationSettings,
} from '~shared/rules/notifications.ts';
import { showErrorToast, showSuccessToast } from '~shared/ui/toast.ts';
import { PageFallback } from '../../components/page-fallback.tsx';
import { useSessionState } from '../../lib/session/use-session-state.ts';
import { ExtensionInstallLinks } from './extension-install-links.tsx';
import { SettingsLayout, SettingsSection } from './settings-layout.tsx';
import { SettingsRadioRow } from './settings-radio-row.tsx';
import { SettingsToggle } from './settings-toggle.tsx';

const SHARE_OPTIONS = SHARE_EMAIL_CHOICES.map((value) => ({ value, label: SHARE_EMAIL_LABELS[value] }));

/**
 * /settings/notifications: which e-mails a user gets (notification_settings; each change saves at
 * once, as on General) and, for the browser, what the extension's badge does. There is no web push:
 * the page says so rather than offer a switch that does nothing.
 */
export function NotificationsSettingsPage() {
  const client = useDataClient();
  const queryClient = useQueryClient();
  const userId = useSessionState().session?.user.id ?? '';
  const settings = useQuery({ ...notificationQueries.detail(client, userId), enabled: !!userId });
  const save = useMutation(notificationMutations.save(client, queryClient, userId));
  const [shownPatch, setShownPatch] = useState<Partial<NotificationSettings>>({});

  if (settings.isPending) return <PageFallback />;
  const stored = settings.data;
  // A change shows at once (the last one wins); the stored row replaces it once saved or refused.
  const current = stored ? { ...stored, ...shownPatch } : undefined;
  const update = (patch: Partial<NotificationSettings>) => {
    if (!stored) return;
    const next = { ...stored, ...shownPatch, ...patch };
    setShownPatch(next);
    save.mutate(next, {
      onSuccess: () => showSuccessToast('Saved'),
      onError: (error) => showErrorToast('account.controls', error),
      onSettled: () => setShownPatch((shown) => (shown === next ? {} : shown)),
    });
  };
  const busy = !stored;

  return (
    <SettingsLayout
      title="Notifications"
      description="Which e-mails you get, and what your browser shows."
      testId="notifications-settings-page"
    >
      {settings.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Failed to load your settings. Please try again.
        </p>
      ) : null}
      <SettingsSection
        title="E-mail"
        description="Sent to the address of your account. Every e-mail has a link to unsubscribe in one click."
        testId="notifications-email"
      >
        <div className="grid gap-1.5">
          <SettingsRadioRow
            name="share-email"
            legend="E-mail me when someone shares a link with me"
            value={current?.share_email ?? 'instant'}
            disabled={busy}
            options={SHARE_OPTIONS}
            onChange={(share_email) => update({ share_email })}
          />
          <p className="text-xs text-muted-foreground">
            At once: one e-mail per link, at most {INSTANT_EMAILS_PER_HOUR} an hour (more wait for a digest). Daily digest: one e-mail a day
            listing them. Links from people you blocked never e-mail you.
          </p>
        </div>
        <SettingsToggle
          id="folder-invite-email"
          label="E-mail me when someone invites me to a folder"
          description="An e-mail when someone invites you to view or edit one of their folders."
          checked={current?.folder_invite_email ?? true}
          disabled={busy}
          onChange={(folder_invite_email) => update({ folder_invite_email })}
        />
      </SettingsSection>

      <SettingsSection title="Browser" description="Links shared with you, counted on the toolbar." testId="notifications-browser">
        <p className="text-sm">
          The {BRAND_NAME} browser extension shows on its toolbar badge how many links were shared with you and are waiting in your incoming
          links. There are no pop-up browser notifications.
        </p>
        <ExtensionInstallLinks />
      </SettingsSection>
    </SettingsLayout>
  );
}
