import { pageTitle, useDocumentMeta } from '../../lib/document-meta.ts';
import { useSessionState } from '../../lib/session/use-session-state.ts';
import { LinkButton } from '../../components/link-button.tsx';
import { PageFallback } from '../../components/page-fallback.tsx';
import { TagManager } from './tag-manager.tsx';

/** /tags: every tag with its number of links; rename, merge and delete. */
export function TagsPage() {
  useDocumentMeta({ title: pageTitle('Tags') });
  const { session } = useSessionState();
  if (!session) return <PageFallback />;
  return (
    <main className="mx-auto w-full max-w-3xl flex-1 space-y-6 px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Tags</h1>
          <p className="text-sm text-muted-foreground">Rename, merge and delete the tags on your links.</p>
        </div>
        <LinkButton to="/dashboard" variant="outline">
          Back to dashboard
        </LinkButton>
      </div>
      <TagManager userId={session.user.id} />
    </main>
  );
}
