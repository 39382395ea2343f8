import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { BRAND_NAME, type StudioTheme } from '~shared/constants.ts';
import { countPublicFolderOpen, fetchPublicFolder } from '~shared/data/public-folders/public.ts';
import { accentOf, initialsOf, PAGE_UNAVAILABLE_TITLE, pageDisplayName } from '~shared/rules/profile-page.ts';
import { isFolderSlug, linkCountLabel } from '~shared/rules/public-folder.ts';
import { publicFolderMetaOf, publicFolderOf, type PublicFolderLink, type PublicFolderView } from '~shared/rules/public-folder-view.ts';
import { SLUG_PATTERN } from '~shared/rules/slug-pattern.ts';
import { PageFallback } from '../../components/page-fallback.tsx';
import { useDocumentMeta } from '../../lib/document-meta.ts';
import { NotFoundPage } from './lazy-not-found.tsx';
import { PageUnavailable } from './page-unavailable.tsx';
import { pageThemeStyle } from './page-theme.ts';
import { accessToken, REST_ENDPOINT } from './use-public-page.ts';

type State = { status: 'loading' } | { status: 'error' } | { status: 'done'; folder: PublicFolderView | null };

const EXTERNAL = { target: '_blank', rel: 'noopener noreferrer nofollow ugc' } as const;

/**
 * /{slug}/{folder}: a folder its owner published to the web, read only (docs/folders.md). The
 * server decides what exists (get_public_folder: published, account live); a path that cannot be
 * one, or an unpublished folder, is the 404 page. One RPC through fetch, no supabase-js.
 */
export function PublicFolderPage() {
  const { slug = '', folderSlug = '' } = useParams();
  if (!SLUG_PATTERN.test(slug) || !isFolderSlug(folderSlug)) return <NotFoundPage />;
  return <PublicFolder key={`${slug}/${folderSlug}`} slug={slug} folderSlug={folderSlug} />;
}

function usePublicFolder(slug: string, folderSlug: string): State {
  const [state, setState] = useState<State>({ status: 'loading' });
  useEffect(() => {
    const abort = new AbortController();
    fetchPublicFolder(REST_ENDPOINT, slug, folderSlug, abort.signal).then(
      (raw) => setState({ status: 'done', folder: publicFolderOf(raw) }),
      (error: unknown) => {
        if (abort.signal.aborted) return;
        console.warn('public folder not loaded', error);
        setState({ status: 'error' });
      },
    );
    return () => abort.abort();
  }, [slug, folderSlug]);
  return state;
}

/**
 * Counts a visitor's open of a link for the owner, once per link per browser session (a reload or a
 * second click is not a second visitor); best effort, never in the way of the click.
 */
function recordOpen(folderId: string, href: string): void {
  const key = `linkvault:folder-open:${folderId}:${href}`;
  try {
    if (sessionStorage.getItem(key)) return;
    sessionStorage.setItem(key, '1');
  } catch {
    // Storage off (private mode): count anyway; the server paces each folder.
  }
  void accessToken()
    .then((token) => countPublicFolderOpen(REST_ENDPOINT, folderId, token))
    .catch((error: unknown) => console.warn('open not counted', error));
}

function PublicFolder({ slug, folderSlug }: { slug: string; folderSlug: string }) {
  const state = usePublicFolder(slug, folderSlug);
  const folder = state.status === 'done' ? state.folder : null;
  const ownerName = folder ? pageDisplayName(folder.owner) : '';
  const meta = folder ? publicFolderMetaOf(folder, ownerName) : null;
  useDocumentMeta({
    title: meta?.title ?? `@${slug}/${folderSlug}`,
    description: meta?.description,
    canonicalPath: folder ? `/${folder.owner.slug}/${folder.slug}` : undefined,
    noindex: !folder || folder.noindex,
  });

  if (state.status === 'loading') return <PageFallback />;
  if (state.status === 'error')
    return (
      <PageUnavailable testId="page-error" title={PAGE_UNAVAILABLE_TITLE} message="The folder could not be loaded. Please try again." />
    );
  if (!folder) return <NotFoundPage />;
  return <PublicFolderView folder={folder} ownerName={ownerName} />;
}

function LinkIcon({ link }: { link: PublicFolderLink }) {
  if (link.favicon)
    return (
      <img
        src={link.favicon}
        alt=""
        width={32}
        height={32}
        loading="lazy"
        decoding="async"
        className="h-8 w-8 shrink-0 rounded-md bg-[var(--pp-bg)] object-contain p-0.5"
      />
    );
  return (
    <span
      aria-hidden="true"
      className="flex h-8 w-8 shrink-0 items-center justify-center rounded-md bg-[var(--pp-accent)] text-sm font-semibold text-[var(--pp-on-accent)]"
    >
      {(link.title.trim()[0] ?? '?').toUpperCase()}
    </span>
  );
}

function PublicFolderView({ folder, ownerName }: { folder: PublicFolderView; ownerName: string }) {
  const { owner } = folder;
  const accent = accentOf(owner);
  return (
    <div
      className="min-h-screen bg-[var(--pp-bg)] text-[var(--pp-fg)]"
      style={pageThemeStyle(owner.theme_mode as StudioTheme | null, accent)}
      data-testid="public-folder"
      data-theme-mode={owner.theme_mode ?? 'light'}
    >
      <header className="relative isolate overflow-hidden bg-[var(--pp-banner)]">
        <div aria-hidden="true" className="absolute inset-0 -z-10 bg-gradient-to-br from-[var(--pp-accent)] to-transparent opacity-40" />
        <div className="mx-auto flex max-w-3xl flex-col items-center gap-2 px-4 pt-10 pb-8 text-center sm:pt-12">
          <p className="flex items-center gap-2 text-sm">
            <span
              aria-hidden="true"
              className="flex h-8 w-8 items-center justify-center rounded-full bg-[var(--pp-accent)] text-xs font-bold text-[var(--pp-on-accent)]"
            >
              {initialsOf(ownerName)}
            </span>
            {owner.public ? (
              <a href={`/${encodeURIComponent(owner.slug)}`} className="font-medium hover:underline" data-testid="public-folder-owner">
                {ownerName}
              </a>
            ) : (
              <span className="font-medium" data-testid="public-folder-owner">
                {ownerName}
              </span>
            )}
          </p>
          <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">{folder.name}</h1>
          {folder.description ? (
            <p className="max-w-xl text-base break-words whitespace-pre-line opacity-95" data-testid="public-folder-description">
              {folder.description}
            </p>
          ) : null}
          <p className="text-sm text-[var(--pp-muted)]" data-testid="public-folder-count">
            {folder.links.length < folder.linkCount
              ? `The newest ${folder.links.length} of ${linkCountLabel(folder.linkCount)}`
              : linkCountLabel(folder.linkCount)}
          </p>
        </div>
      </header>

      <main className="mx-auto max-w-3xl px-4 py-6 sm:py-8">
        {folder.links.length === 0 ? (
          <p className="rounded-2xl border border-[var(--pp-border)] bg-[var(--pp-card)] p-6 text-center text-[var(--pp-muted)]">
            No links in this folder yet.
          </p>
        ) : (
          <ul className="flex flex-col gap-2.5" data-testid="public-folder-links">
            {folder.links.map((link, i) => (
              <li key={`${link.href}-${i}`}>
                <a
                  href={link.href}
                  {...EXTERNAL}
                  onClick={() => recordOpen(folder.id, link.href)}
                  onAuxClick={(e) => e.button === 1 && recordOpen(folder.id, link.href)}
                  className="flex items-start gap-3 rounded-xl border border-[var(--pp-border)] bg-[var(--pp-card)] px-3 py-3 transition-colors hover:border-[var(--pp-accent)] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--pp-accent)]"
                  data-testid="public-folder-link"
                >
                  <LinkIcon link={link} />
                  <span className="min-w-0 flex-1">
                    <span className="block font-semibold break-words">{link.title}</span>
                    <span className="block truncate text-xs text-[var(--pp-muted)]">{link.host}</span>
                    {link.description ? (
                      <span className="mt-1 line-clamp-3 block text-sm break-words text-[var(--pp-muted)]">{link.description}</span>
                    ) : null}
                    {link.tags.length ? (
                      <span className="mt-2 flex flex-wrap gap-1.5">
                        {link.tags.map((tag) => (
                          <span
                            key={tag}
                            className="rounded-full border border-[var(--pp-border)] px-2 py-0.5 text-xs text-[var(--pp-muted)]"
                            data-testid="public-folder-tag"
                          >
                            #{tag}
                          </span>
                        ))}
                      </span>
                    ) : null}
                  </span>
                </a>
              </li>
            ))}
          </ul>
        )}
      </main>
      <footer className="px-4 pb-8 text-center text-xs text-[var(--pp-muted)]">
        <a href="/" className="hover:underline">
          Made with {BRAND_NAME}
        </a>
      </footer>
    </div>
  );
}
