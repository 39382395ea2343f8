import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ICON_MIME_TYPES } from '~shared/constants.ts';
import { useDataClient } from '~shared/data/provider.tsx';
import { roleQueries } from '~shared/data/roles/queries.ts';
import { SETTINGS_HEADER_ICON_SLUG, settingsIconMutations, settingsIconQueries } from '~shared/data/settings-icons/index.ts';
import { SETTINGS_CATEGORIES } from '~shared/rules/settings-catalogue.ts';
import { Button } from '~shared/ui/button.tsx';
import { cn } from '~shared/ui/cn.ts';
import { CONTROL_CLASS } from '~shared/ui/field-classes.ts';
import { showErrorToast, showSuccessToast } from '~shared/ui/toast.ts';
import { useFilePicker } from '../../components/file-picker.tsx';
import { DashboardCard } from './dashboard-card.tsx';

const TARGETS = [
  { slug: SETTINGS_HEADER_ICON_SLUG, title: 'Settings page header' },
  ...SETTINGS_CATEGORIES.map((c) => ({ slug: c.slug, title: c.title })),
];
const ALL_SLUGS = TARGETS.map((t) => t.slug);

/** 'Settings Icon Manager' (part 2 §2, §7): admins upload and choose the /settings icons and its header icon. */
export function SettingsIconManagerCard({ userId, className }: { userId: string; className?: string }) {
  const client = useDataClient();
  const isAdmin = useQuery(roleQueries.isAdmin(client, userId));
  // Only admins see the card at all: a user has nothing to do with it (no 'Admin Access Required').
  if (!isAdmin.data) return null;
  return (
    <DashboardCard id="settings-icon-manager" title="Settings Icon Manager" className={className}>
      <SettingsIconManager />
    </DashboardCard>
  );
}

function SettingsIconManager() {
  const client = useDataClient();
  const queryClient = useQueryClient();
  const [slug, setSlug] = useState(SETTINGS_HEADER_ICON_SLUG);
  const selectId = useId();
  const files = useQuery(settingsIconQueries.files(client, slug));
  const current = useQuery(settingsIconQueries.list(client, ALL_SLUGS)).data?.[slug];
  const upload = useMutation(settingsIconMutations.upload(client, queryClient));
  const choose = useMutation(settingsIconMutations.choose(client, queryClient));
  const title = TARGETS.find((t) => t.slug === slug)?.title ?? slug;
  const picker = useFilePicker({
    kind: 'icon',
    accept: ICON_MIME_TYPES.join(','),
    label: `Upload an icon for ${title}`,
    testId: 'settings-icon-manager-file',
    onFile: (file) =>
      upload.mutate(
        { slug, file },
        { onSuccess: () => showSuccessToast('Icon uploaded', `${title} uses it now.`), onError: (e) => showErrorToast('upload', e) },
      ),
  });

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-end gap-2">
        <div className="grid min-w-48 flex-1 gap-1.5">
          <label htmlFor={selectId} className="text-sm font-medium">
            Settings category
          </label>
          <select
            id={selectId}
            value={slug}
            onChange={(e) => setSlug(e.target.value)}
            className={CONTROL_CLASS}
            data-testid="settings-icon-slug"
          >
            {TARGETS.map((t) => (
              <option key={t.slug} value={t.slug}>
                {t.title}
              </option>
            ))}
          </select>
        </div>
        <Button variant="outline" onClick={picker.open} disabled={upload.isPending}>
          Upload icon
        </Button>
        {picker.input}
      </div>
      <p className="text-xs text-muted-foreground">
        Latest first (up to 100). Click an icon to show it for {title}.{current ? '' : ' Until then it shows its built-in icon.'}
      </p>
      {files.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Failed to load icons.
        </p>
      ) : !files.data ? (
        <p className="text-sm text-muted-foreground">Loading…</p>
      ) : files.data.length === 0 ? (
        <p className="text-sm text-muted-foreground" data-testid="settings-icons-empty">
          No icons uploaded for {title} yet.
        </p>
      ) : (
        <div
          role="radiogroup"
          aria-label={`Icons for ${title}`}
          className="grid grid-cols-5 gap-2 sm:grid-cols-8"
          data-testid="settings-icon-list"
        >
          {files.data.map((file) => {
            const chosen = current === file.publicUrl;
            return (
              <button
                key={file.path}
                type="button"
                role="radio"
                aria-checked={chosen}
                aria-label={`Icon uploaded ${file.createdAt ? new Date(file.createdAt).toLocaleString() : file.path}`}
                disabled={choose.isPending}
                onClick={() =>
                  choose.mutate(
                    { slug, path: file.path },
                    {
                      onSuccess: () => showSuccessToast('Icon chosen', `${title} uses it now.`),
                      onError: (e) => showErrorToast('upload', e),
                    },
                  )
                }
                className={cn(
                  'rounded-lg p-1 hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                  chosen && 'bg-primary/10 ring-2 ring-primary',
                )}
              >
                <img src={file.publicUrl} alt="" className="aspect-square w-full rounded object-cover" />
              </button>
            );
          })}
        </div>
      )}
    </div>
  );
}
