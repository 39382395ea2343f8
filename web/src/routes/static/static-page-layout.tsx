import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { BRAND_NAME } from '~shared/constants.ts';
import { useDocumentMeta, pageTitle } from '../../lib/document-meta.ts';
import { HomeIcon } from '~shared/ui/icons/public-icons.tsx';
import { SiteFooter } from '../../components/site-footer.tsx';

interface StaticPageLayoutProps {
  title: string;
  description: string;
  path: string;
  /** A line under the title, e.g. the effective date. */
  lead?: ReactNode;
  children: ReactNode;
}

/** The frame of /privacy, /data-deletion and /support: a top bar home, readable text, the footer. */
export function StaticPageLayout({ title, description, path, lead, children }: StaticPageLayoutProps) {
  useDocumentMeta({ title: pageTitle(title), description, canonicalPath: path });
  return (
    <div className="flex min-h-screen flex-col bg-background text-foreground">
      <header className="border-b border-border">
        <div className="mx-auto flex max-w-3xl items-center justify-between px-4 py-3">
          <Link
            to="/"
            className="flex items-center gap-2 rounded-md font-semibold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <img src="/favicon.svg" alt="" width={28} height={28} />
            {BRAND_NAME}
          </Link>
          <Link
            to="/"
            className="inline-flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm text-muted-foreground hover:bg-accent hover:text-accent-foreground"
          >
            <HomeIcon size={16} />
            Home
          </Link>
        </div>
      </header>
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-10">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
        {lead ? <p className="mt-2 text-muted-foreground">{lead}</p> : null}
        <div className="static-prose mt-8">{children}</div>
      </main>
      <SiteFooter />
    </div>
  );
}
