import { pageTitle, useDocumentMeta } from '../../app/document-meta.ts';
import { ConstructionIcon } from '~shared/ui/icons.tsx';
import { LinkButton } from '../../components/link-button.tsx';

interface ComingSoonPageProps {
  /** The page's name, e.g. 'Settings'. */
  title: string;
  /** One line on what the page will do. */
  summary: string;
}

/** Stand-in for a route whose screen is still being built; the route itself is real and reachable. */
export function ComingSoonPage({ title, summary }: ComingSoonPageProps) {
  useDocumentMeta({ title: pageTitle(title) });
  return (
    <main className="flex flex-1 flex-col items-center justify-center px-4 py-16 text-center" data-testid="coming-soon">
      <div className="mb-4 flex h-14 w-14 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <ConstructionIcon size={28} />
      </div>
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="mt-2 max-w-md text-muted-foreground">{summary}</p>
      <p className="mt-1 text-sm text-muted-foreground">This page is coming soon.</p>
      <LinkButton to="/" variant="outline" className="mt-6">
        Return to Home
      </LinkButton>
    </main>
  );
}
