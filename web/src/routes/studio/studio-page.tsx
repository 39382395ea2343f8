import { useQuery } from '@tanstack/react-query';
import { profileQueries } from '~shared/data/profiles/queries.ts';
import { useDataClient } from '~shared/data/provider.tsx';
import { studioQueries } from '~shared/data/studio/queries.ts';
import { pageTitle, useDocumentMeta } from '../../lib/document-meta.ts';
import { useSessionState } from '../../lib/session/use-session-state.ts';
import { PageFallback } from '../../components/page-fallback.tsx';
import { PageInvitationsCard } from './page-invitations-card.tsx';
import { Studio } from './studio.tsx';

/** /studio: loads the saved page and the profile (for the URL name), then the editor. */
export function StudioPage() {
  useDocumentMeta({ title: pageTitle('Profile Studio'), noindex: true });
  const { session } = useSessionState();
  const client = useDataClient();
  const userId = session?.user.id ?? '';
  const settings = useQuery({ ...studioQueries.detail(client, userId), enabled: !!userId });
  const profile = useQuery({ ...profileQueries.detail(client, userId), enabled: !!userId });
  const featured = useQuery({ ...studioQueries.featured(client, userId), enabled: !!userId });
  if (!session || settings.isPending || profile.isPending || featured.isPending) return <PageFallback />;
  if (settings.isError || profile.isError || featured.isError) {
    return (
      <main className="mx-auto max-w-xl px-4 py-16 text-center" role="alert">
        <h1 className="text-xl font-semibold">Profile Studio</h1>
        <p className="mt-2 text-muted-foreground">Failed to load profile information.</p>
      </main>
    );
  }
  // key: a different user's studio (account switch) starts from their saved page.
  return (
    <>
      <PageInvitationsCard />
      <Studio
        key={userId}
        userId={userId}
        saved={settings.data}
        savedFeatured={featured.data}
        currentSlug={profile.data?.public_page_slug ?? null}
      />
    </>
  );
}
