import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type ComponentType } from 'react';
import { useNavigate } from 'react-router-dom';
import { useDataClient } from '~shared/data/provider.tsx';
import { roleQueries } from '~shared/data/roles/queries.ts';
import { SETTINGS_HEADER_ICON_SLUG, settingsIconMutations, settingsIconQueries } from '~shared/data/settings-icons/index.ts';
import { SETTINGS_MESSAGES } from '~shared/messages.ts';
import { SETTINGS_CATEGORIES, filterSettingsCategories, settingsTarget } from '~shared/rules/settings-catalogue.ts';
import { Button } from '~shared/ui/button.tsx';
import { CONTROL_CLASS } from '~shared/ui/field-classes.ts';
import {
  ChartIcon,
  ImageIcon,
  LifeBuoyIcon,
  MailIcon,
  SearchIcon,
  SettingsIcon,
  ShareIcon,
  ShieldIcon,
  SparklesIcon,
  UsersIcon,
  type IconProps,
} from '~shared/ui/icons.tsx';
import { showErrorToast, showInfoToast, showSuccessToast } from '~shared/ui/toast.ts';
import { pageTitle, useDocumentMeta } from '../../lib/document-meta.ts';
import { useSessionState } from '../../lib/session/use-session-state.ts';
import { useFilePicker } from '../../components/file-picker.tsx';

/** Built-in icons, used until an admin uploads one for the category (Settings Icon Manager). */
const BUILT_IN_ICONS: Record<string, ComponentType<IconProps>> = {
  general: SettingsIcon,
  profile: UsersIcon,
  'privacy-security': ShieldIcon,
  notifications: MailIcon,
  appearance: SparklesIcon,
  integrations: ShareIcon,
  billing: ChartIcon,
  about: LifeBuoyIcon,
};

const ICON_SLUGS = [SETTINGS_HEADER_ICON_SLUG, ...SETTINGS_CATEGORIES.map((c) => c.slug)];

function CategoryIcon({ slug, url }: { slug: string; url?: string }) {
  if (url) return <img src={url} alt="" className="h-10 w-10 shrink-0 rounded-lg object-cover" data-testid={`settings-icon-${slug}`} />;
  const Icon = BUILT_IN_ICONS[slug] ?? SettingsIcon;
  return (
    <span
      className="grid h-10 w-10 shrink-0 place-items-center rounded-lg bg-primary/10 text-primary"
      data-testid={`settings-icon-${slug}`}
    >
      <Icon size={22} />
    </span>
  );
}

/** /settings (part 2 §2): the eight categories with their sub-items, a filter box, the admin header icon upload. */
export function SettingsPage() {
  useDocumentMeta({ title: pageTitle('Settings') });
  const client = useDataClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { session } = useSessionState();
  const userId = session?.user.id ?? '';
  const [query, setQuery] = useState('');
  const icons = useQuery(settingsIconQueries.list(client, ICON_SLUGS));
  const isAdmin = useQuery({ ...roleQueries.isAdmin(client, userId), enabled: !!userId }).data === true;
  const upload = useMutation(settingsIconMutations.upload(client, queryClient));
  const picker = useFilePicker({
    kind: 'icon',
    accept: 'image/png,image/jpeg,image/gif',
    label: 'Upload settings header icon',
    testId: 'settings-header-icon-input',
    onFile: (file) =>
      upload.mutate(
        { slug: SETTINGS_HEADER_ICON_SLUG, file },
        { onSuccess: () => showSuccessToast('Saved'), onError: (error) => showErrorToast('category.iconUpload', error) },
      ),
  });
  const categories = useMemo(() => filterSettingsCategories(query), [query]);

  const open = (key: string) => {
    const target = settingsTarget(key);
    if (target) void navigate(target);
    else showInfoToast({ title: SETTINGS_MESSAGES.comingSoon });
  };

  const headerIcon = icons.data?.[SETTINGS_HEADER_ICON_SLUG];
  return (
    <main className="mx-auto grid w-full max-w-6xl gap-5 px-3 pt-5 pb-24 sm:px-6 sm:pt-6" data-testid="settings-page">
      <div className="flex flex-wrap items-center gap-3">
        {headerIcon ? (
          <img src={headerIcon} alt="" className="h-12 w-12 rounded-xl object-cover" data-testid="settings-header-icon" />
        ) : (
          <span
            className="grid h-12 w-12 place-items-center rounded-xl bg-primary text-primary-foreground"
            data-testid="settings-header-icon"
          >
            <SettingsIcon size={26} />
          </span>
        )}
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-bold tracking-tight">Settings</h1>
          <p className="text-sm text-muted-foreground">Manage your account, privacy and how the app looks.</p>
        </div>
        {isAdmin ? (
          <>
            <Button variant="outline" size="sm" onClick={picker.open} disabled={upload.isPending}>
              <ImageIcon size={16} />
              Upload header icon
            </Button>
            {picker.input}
          </>
        ) : null}
      </div>

      <label className="relative block max-w-md">
        <span className="sr-only">Search settings</span>
        <SearchIcon size={16} className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-muted-foreground" />
        <input
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="Search settings"
          className={`${CONTROL_CLASS} pl-9`}
        />
      </label>

      {categories.length === 0 ? <p className="text-sm text-muted-foreground">No settings match “{query.trim()}”.</p> : null}
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {categories.map((category) => (
          <section
            key={category.slug}
            aria-labelledby={`settings-${category.slug}-title`}
            className="grid content-start gap-3 rounded-xl border border-border bg-card p-4 text-card-foreground shadow-sm"
            data-testid={`settings-category-${category.slug}`}
          >
            <div className="flex items-center gap-3">
              <CategoryIcon slug={category.slug} url={icons.data?.[category.slug]} />
              <div className="min-w-0">
                <h2 id={`settings-${category.slug}-title`} className="font-semibold">
                  {category.title}
                </h2>
                <p className="text-xs text-muted-foreground">{category.description}</p>
              </div>
            </div>
            <ul className="grid gap-1">
              {category.items.map((item) => (
                <li key={item.key}>
                  <button
                    type="button"
                    onClick={() => open(item.key)}
                    className="flex w-full items-center justify-between rounded-md px-2 py-1.5 text-left text-sm hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                  >
                    {item.label}
                    <span aria-hidden="true" className="text-muted-foreground">
                      ›
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </main>
  );
}
