import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { removeStudioImages, type StudioImageKind } from '~shared/data/studio/api.ts';
import { studioMutations } from '~shared/data/studio/mutations.ts';
import { useDataClient } from '~shared/data/provider.tsx';
import type { FeaturedItem } from '~shared/data/studio/featured.ts';
import type { WebpageSettingsRow } from '~shared/data/types.ts';
import { Button } from '~shared/ui/button.tsx';
import { cn } from '~shared/ui/cn.ts';
import { CheckCircleIcon, EyeIcon, HomeIcon, LoaderIcon } from '~shared/ui/icons.tsx';
import { showErrorToast, showSuccessToast } from '~shared/ui/toast.ts';
import { BannerTab } from './banner-tab.tsx';
import { BioSocialTab } from './bio-social-tab.tsx';
import { FeaturedLinksTab } from './featured-links-tab.tsx';
import { IconsTab } from './icons-tab.tsx';
import { SetupTab } from './setup-tab.tsx';
import { draftFrom, parseDraft, replacedImages, sameDraft, type DraftErrors, type StudioDraft } from './studio-draft.ts';
import type { TabProps } from './tab-props.ts';
import { ThemeTab } from './theme-tab.tsx';
import { useLeaveGuard } from './use-leave-guard.ts';

const TABS = [
  { id: 'setup', label: 'Your Webpage Setup' },
  { id: 'theme', label: 'Theme' },
  { id: 'banner', label: 'Banner & Avatar' },
  { id: 'bio', label: 'Bio & Social' },
  { id: 'links', label: 'Featured Links' },
  { id: 'icons', label: 'Icons & Thumbnails' },
] as const;
type TabId = (typeof TABS)[number]['id'];

/** The tab named by ?tab= (Settings → Profile photo opens 'banner'), else the first. */
function initialTab(): TabId {
  const asked = new URLSearchParams(window.location.search).get('tab');
  return TABS.find((t) => t.id === asked)?.id ?? 'setup';
}

/**
 * /studio (part 2 §2): tabs over one draft, saved as an upsert keyed by user plus the featured
 * links' list (save_featured_items).
 */
export function Studio({
  userId,
  saved,
  savedFeatured,
  currentSlug,
}: {
  userId: string;
  saved: WebpageSettingsRow | null;
  savedFeatured: readonly FeaturedItem[];
  currentSlug: string | null;
}) {
  const client = useDataClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [tab, setTab] = useState<TabId>(initialTab);
  const [base, setBase] = useState<StudioDraft>(() => draftFrom(saved, savedFeatured));
  const [draft, setDraft] = useState<StudioDraft>(base);
  const [errors, setErrors] = useState<DraftErrors>({});
  const uploads = useRef(new Map<string, StudioImageKind>());
  const save = useMutation(studioMutations.save(client, queryClient, userId));
  const saveFeatured = useMutation(studioMutations.saveFeatured(client, queryClient, userId));
  const saving = save.isPending || saveFeatured.isPending;
  const dirty = !sameDraft(base, draft);
  const { confirmLeave } = useLeaveGuard(dirty);

  const update: TabProps['update'] = useCallback(
    (patch) => setDraft((d) => ({ ...d, ...(typeof patch === 'function' ? patch(d) : patch) })),
    [],
  );
  const track = useCallback((kind: StudioImageKind, path: string) => void uploads.current.set(path, kind), []);

  // Removes (best effort) what the new page no longer uses: replaced saved images and unsaved uploads.
  const cleanUp = useCallback(
    (before: StudioDraft, after: StudioDraft) => {
      const gone = replacedImages(before, after);
      const inUse = new Set([
        after.main_photo_path,
        after.banner_background_url,
        ...after.message_image_paths,
        ...after.featured.map((item) => item.image_url),
      ]);
      const byKind: Record<StudioImageKind, string[]> = {
        'main-photo': gone.mainPhotos,
        'message-image': gone.messageImages,
        banner: gone.banners,
      };
      for (const [path, kind] of uploads.current) if (!inUse.has(path)) byKind[kind].push(path);
      uploads.current.clear();
      for (const kind of Object.keys(byKind) as StudioImageKind[]) {
        if (byKind[kind].length)
          removeStudioImages(client, kind, byKind[kind]).catch((error) => console.warn('old studio images not removed', error));
      }
    },
    [client],
  );

  // Leaving without saving (after the prompt): uploads the saved page does not use are removed too.
  // (Not while a save is on its way: the page being saved may use them.)
  // An effect event: the cleanup sees the page and the save state of the last render.
  const cleanUpOnLeave = useEffectEvent(() => {
    if (!saving) cleanUp(base, base);
  });
  useEffect(() => () => cleanUpOnLeave(), []);

  const onSave = () => {
    const parsed = parseDraft(draft);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      showErrorToast('studio.save', new Error(parsed.first));
      return;
    }
    setErrors({});
    const before = base;
    const after = draft;
    // The page's settings and its featured links: two tables, saved together; 'Saved' when both are.
    Promise.all([save.mutateAsync(parsed.value), saveFeatured.mutateAsync(parsed.featured)]).then(
      ([row]) => {
        // New items start at 0 opens; the others keep their counts (the list refetches in the background).
        const next = draftFrom(row, after.featured);
        setBase(next);
        setDraft((d) => (sameDraft(d, after) ? next : d));
        cleanUp(before, next);
        showSuccessToast('Saved');
      },
      (error: unknown) => showErrorToast('studio.save', error),
    );
  };

  // Ctrl/Cmd+S saves.
  const saveNow = useEffectEvent(onSave);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
        e.preventDefault();
        saveNow();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const go = (path: string) => confirmLeave() && navigate(path);
  const props: TabProps = { draft, update, errors, track };
  const tabErrors = (id: TabId) =>
    Object.keys(errors).some((key) =>
      id === 'setup'
        ? /^(public_display_name|company_name|.*section_title)/.test(key)
        : id === 'theme'
          ? /^(theme_mode|accent_color)/.test(key)
          : id === 'banner'
            ? /^(banner_|main_photo)/.test(key)
            : id === 'bio'
              ? /^(bio$|website_url|twitter|instagram|linkedin|message_)/.test(key)
              : id === 'links'
                ? /^featured/.test(key)
                : false,
    );

  return (
    <main className="mx-auto w-full max-w-5xl px-3 pt-5 pb-28 sm:px-6 sm:pt-6" data-testid="studio">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Profile Studio</h1>
          <p className="text-sm text-muted-foreground">Build your public profile page.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => go('/dashboard')}>
            <HomeIcon size={16} /> Back to Dashboard
          </Button>
          <Button onClick={() => go('/studio/preview-publish')}>
            <EyeIcon size={16} /> Preview & Publish
          </Button>
        </div>
      </div>

      <div
        role="tablist"
        aria-label="Studio sections"
        className="mt-5 -mx-3 flex gap-1 overflow-x-auto border-b border-border px-3 sm:mx-0 sm:px-0"
      >
        {TABS.map((t) => (
          <button
            key={t.id}
            role="tab"
            type="button"
            id={`studio-tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`studio-panel-${t.id}`}
            onClick={() => setTab(t.id)}
            className={cn(
              '-mb-px shrink-0 border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors',
              tab === t.id ? 'border-primary text-foreground' : 'border-transparent text-muted-foreground hover:text-foreground',
            )}
          >
            {t.label}
            {tabErrors(t.id) ? (
              <span className="ml-1 text-destructive" aria-label="has errors">
                •
              </span>
            ) : null}
          </button>
        ))}
      </div>

      <section
        role="tabpanel"
        id={`studio-panel-${tab}`}
        aria-labelledby={`studio-tab-${tab}`}
        className="mt-5 rounded-xl border border-border bg-card p-4 text-card-foreground shadow-sm sm:p-6"
      >
        {tab === 'setup' ? <SetupTab {...props} userId={userId} currentSlug={currentSlug} origin={window.location.origin} /> : null}
        {tab === 'theme' ? <ThemeTab {...props} /> : null}
        {tab === 'banner' ? <BannerTab {...props} /> : null}
        {tab === 'bio' ? <BioSocialTab {...props} /> : null}
        {tab === 'links' ? <FeaturedLinksTab {...props} userId={userId} /> : null}
        {tab === 'icons' ? <IconsTab {...props} /> : null}
      </section>

      {/* The save bar: buttons on the left, where bottom-right toasts do not cover them. */}
      <div className="fixed inset-x-0 bottom-0 z-30 border-t border-border bg-background/95 backdrop-blur">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-3 px-3 py-3 sm:px-6">
          <Button onClick={onSave} disabled={saving || !dirty} data-testid="studio-save">
            {saving ? <LoaderIcon size={16} className="animate-spin" /> : <CheckCircleIcon size={16} />}
            Save
          </Button>
          {dirty ? (
            <Button variant="ghost" onClick={() => setDraft(base)} disabled={saving}>
              Discard
            </Button>
          ) : null}
          <p className="text-sm text-muted-foreground" data-testid="save-state" aria-live="polite">
            {saving ? 'Saving…' : dirty ? 'Unsaved changes' : 'All changes saved'}
          </p>
        </div>
      </div>
    </main>
  );
}
