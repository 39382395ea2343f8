import { pageTitle, useDocumentMeta } from '../../lib/document-meta.ts';
import { useSessionState } from '../../lib/session/use-session-state.ts';
import { LinkButton } from '../../components/link-button.tsx';
import { PageFallback } from '../../components/page-fallback.tsx';
import { ExportPanel } from './export-panel.tsx';
import { ImportPanel } from './import-panel.tsx';

/** /settings/data: import bookmarks from a file and export the collection. */
export function ImportExportPage() {
  useDocumentMeta({ title: pageTitle('Import & export') });
  const { session } = useSessionState();
  if (!session) return <PageFallback />;
  return (
    <main className="mx-auto w-full max-w-3xl flex-1 space-y-6 px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Import &amp; export</h1>
          <p className="text-sm text-muted-foreground">
            Bring your bookmarks in from any browser or bookmark manager, and take them out again.
          </p>
        </div>
        <LinkButton to="/dashboard" variant="outline">
          Back to dashboard
        </LinkButton>
      </div>
      <ImportPanel userId={session.user.id} />
      <ExportPanel />
    </main>
  );
}
