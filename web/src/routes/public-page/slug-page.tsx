import { useParams } from 'react-router-dom';
import { PAGE_UNAVAILABLE_TITLE, pageMetaOf, PUBLIC_PAGE_MESSAGES, unavailableMessageOf } from '~shared/rules/profile-page.ts';
import { SLUG_PATTERN } from '~shared/rules/slug-pattern.ts';
import { useDocumentMeta } from '../../lib/document-meta.ts';
import { PageFallback } from '../../components/page-fallback.tsx';
import { NotFoundPage } from './lazy-not-found.tsx';
import { PageUnavailable } from './page-unavailable.tsx';
import { ProfilePageView } from './profile-page-view.tsx';
import { usePublicPage } from './use-public-page.ts';

/**
 * /{slug} and /{slug}/preview: a public profile page (part 2 §2). A first path segment that cannot be
 * a profile URL name (3-30 letters, digits, '_' or '-') is an unknown path: 404. The server decides
 * who may see what (get_public_page_by_slug); this only renders its answer.
 */
export function SlugPage({ preview = false }: { preview?: boolean }) {
  const { slug = '' } = useParams();
  if (!SLUG_PATTERN.test(slug)) return <NotFoundPage />;
  return <PublicProfile key={slug} slug={slug} preview={preview} />;
}

function PublicProfile({ slug, preview }: { slug: string; preview: boolean }) {
  const state = usePublicPage(slug, preview);
  const page = state.status === 'done' ? state.page : null;
  const mayPreview = !!page && page.viewable && (page.is_owner || (state.status === 'done' && state.isAdmin));
  const shown = page?.viewable && (!preview || mayPreview);
  const meta = shown && page ? pageMetaOf(page) : null;
  useDocumentMeta({
    title: meta?.title ?? `@${slug}`,
    description: meta?.description,
    canonicalPath: shown && !preview && page ? `/${page.slug}` : undefined,
    // Previews, and every answer that is not a published public page, stay out of search engines.
    noindex: preview || !shown || page?.public_page_visibility !== 'public' || !page?.public_page_published,
  });

  if (state.status === 'loading') return <PageFallback />;
  if (state.status === 'error')
    return <PageUnavailable testId="page-error" title={PAGE_UNAVAILABLE_TITLE} message="The page could not be loaded. Please try again." />;
  if (!page || page.reason === 'not_found') return <NotFoundPage />;
  if (preview && !mayPreview) {
    return (
      <PageUnavailable
        testId="preview-private"
        title={PUBLIC_PAGE_MESSAGES.previewPrivateTitle}
        message={PUBLIC_PAGE_MESSAGES.previewPrivateDescription}
      />
    );
  }
  if (!page.viewable) {
    return (
      <PageUnavailable testId="page-unavailable" title={PAGE_UNAVAILABLE_TITLE} message={unavailableMessageOf(page.reason, slug) ?? ''} />
    );
  }
  return (
    <ProfilePageView
      page={page}
      featured={state.status === 'done' ? state.featured : []}
      onOpen={(id) => {
        const token = state.status === 'done' ? state.token : null;
        // The featured section's chunk is loaded: it rendered the item.
        void import('./featured-links.tsx').then((m) => m.recordFeaturedOpen(id, token));
      }}
      preview={preview}
    />
  );
}
