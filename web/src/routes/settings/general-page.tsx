import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { categoryQueries } from '~shared/data/categories/queries.ts';
import { preferencesMutations } from '~shared/data/preferences/mutations.ts';
import { preferencesQueries } from '~shared/data/preferences/queries.ts';
import { useDataClient } from '~shared/data/provider.tsx';
import type { Category } from '~shared/data/categories/api.ts';
import type { Preferences } from '~shared/rules/preferences.ts';
import { CONTROL_CLASS } from '~shared/ui/field-classes.ts';
import { showErrorToast, showSuccessToast } from '~shared/ui/toast.ts';
import { PageFallback } from '../../components/page-fallback.tsx';
import { useSessionState } from '../../lib/session/use-session-state.ts';
import { SettingsLayout, SettingsSection } from './settings-layout.tsx';
import { SettingsRadioRow } from './settings-radio-row.tsx';
import { SettingsToggle } from './settings-toggle.tsx';

/** Folders a link can be saved in: the user's own, not a template's nor an incoming/approved/rejected one. */
const isSaveFolder = (c: Category) =>
  !c.is_template && c.system_key !== 'incoming' && c.system_key !== 'approved' && c.system_key !== 'rejected';

/**
 * /settings/general: language and region (what the app uses), the defaults a user can choose
 * (user_preferences: default folder, how links open, confirm before deleting, start page; each
 * change saves at once and applies everywhere), and the way to import and export.
 */
export function GeneralSettingsPage() {
  const client = useDataClient();
  const queryClient = useQueryClient();
  const userId = useSessionState().session?.user.id ?? '';
  const preferences = useQuery({ ...preferencesQueries.detail(client, userId), enabled: !!userId });
  const categories = useQuery({ ...categoryQueries.list(client, userId), enabled: !!userId });
  const save = useMutation(preferencesMutations.save(client, queryClient, userId));
  // 'A folder' chosen but no folder picked yet: nothing to save until one is.
  const [pickingStartFolder, setPickingStartFolder] = useState(false);
  const [shownPatch, setShownPatch] = useState<Partial<Preferences>>({});

  if (preferences.isPending || categories.isPending) return <PageFallback />;
  const stored = preferences.data;
  // A change shows at once (the last one wins); the stored row replaces it once saved or refused.
  const current = stored ? { ...stored, ...shownPatch } : undefined;
  const folders = (categories.data ?? []).filter(isSaveFolder);
  const savedFolder = folders.find((c) => c.system_key === 'saved');
  const update = (patch: Partial<Preferences>) => {
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
  const startChoice = pickingStartFolder || current?.start_page === 'folder' ? 'folder' : 'dashboard';
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const locale = navigator.language;

  return (
    <SettingsLayout title="General" description="Language, region, defaults and your data." testId="general-settings-page">
      {preferences.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Failed to load your settings. Please try again.
        </p>
      ) : null}
      <SettingsSection title="Default view" description="Where new links go, how links open and where you start." testId="general-defaults">
        <div className="grid gap-1.5">
          <label htmlFor="default-folder" className="text-sm font-medium">
            Default folder for new saves
          </label>
          <select
            id="default-folder"
            className={CONTROL_CLASS}
            value={current?.default_category_id ?? ''}
            disabled={busy}
            onChange={(e) => update({ default_category_id: e.target.value || null })}
          >
            <option value="">{savedFolder ? `${savedFolder.name} (default)` : 'Recently Saved Links (default)'}</option>
            {folders
              .filter((c) => c.id !== savedFolder?.id)
              .map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
          </select>
          <p className="text-xs text-muted-foreground">
            Used by Add Link on the web, the extension's quick save and links shared in from other apps.
          </p>
        </div>
        <SettingsRadioRow
          name="open-links"
          legend="Open links"
          value={current?.open_links ?? 'new_tab'}
          disabled={busy}
          options={[
            { value: 'new_tab', label: 'In a new tab' },
            { value: 'same_tab', label: 'In the same tab' },
          ]}
          onChange={(open_links) => update({ open_links })}
        />
        <SettingsToggle
          id="confirm-delete"
          label="Confirm before deleting"
          description="Ask before a link is deleted. Off: Delete Link deletes at once."
          checked={current?.confirm_delete ?? true}
          disabled={busy}
          onChange={(confirm_delete) => update({ confirm_delete })}
        />
        <SettingsRadioRow
          name="start-page"
          legend="Start page after sign-in"
          value={startChoice}
          disabled={busy}
          options={[
            { value: 'dashboard', label: 'Dashboard' },
            { value: 'folder', label: 'A folder' },
          ]}
          onChange={(choice) => {
            if (choice === 'folder') setPickingStartFolder(true);
            else {
              setPickingStartFolder(false);
              update({ start_page: 'dashboard', start_category_id: null });
            }
          }}
        />
        {startChoice === 'folder' ? (
          <div className="grid gap-1.5">
            <label htmlFor="start-folder" className="text-sm font-medium">
              Start folder
            </label>
            <select
              id="start-folder"
              className={CONTROL_CLASS}
              value={current?.start_category_id ?? ''}
              disabled={busy}
              onChange={(e) => {
                if (!e.target.value) return;
                setPickingStartFolder(false);
                update({ start_page: 'folder', start_category_id: e.target.value });
              }}
            >
              <option value="">Choose a folder…</option>
              {folders.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </div>
        ) : null}
      </SettingsSection>

      <SettingsSection title="Language" testId="general-language">
        <p className="text-sm">
          English. The app is written in English only for now; dates and numbers follow your browser's language ({locale}).
        </p>
      </SettingsSection>

      <SettingsSection title="Region & time zone" testId="general-region">
        <p className="text-sm">
          Dates are shown in your device's time zone: <strong>{timeZone}</strong>. Change it in your device's settings.
        </p>
      </SettingsSection>

      <SettingsSection title="Import & export" testId="general-data">
        <p className="text-sm">
          Bring bookmarks in from a browser or another service, or download everything you saved.{' '}
          <Link to="/settings/data" className="font-medium text-primary underline-offset-4 hover:underline">
            Open Import & export
          </Link>
        </p>
      </SettingsSection>
    </SettingsLayout>
  );
}
