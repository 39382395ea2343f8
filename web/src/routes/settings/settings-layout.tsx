import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { pageTitle, useDocumentMeta } from '../../lib/document-meta.ts';

/** The frame of every settings sub-page: a way back to /settings, the title and the sections. */
export function SettingsLayout({
  title,
  description,
  children,
  testId,
}: {
  title: string;
  description?: string;
  children: ReactNode;
  testId: string;
}) {
  useDocumentMeta({ title: pageTitle(title) });
  return (
    <main className="mx-auto grid w-full max-w-3xl gap-5 px-3 pt-5 pb-24 sm:px-6 sm:pt-6" data-testid={testId}>
      <div className="grid gap-1">
        <Link to="/settings" className="text-sm text-muted-foreground hover:text-foreground hover:underline">
          ← Settings
        </Link>
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
      </div>
      {children}
    </main>
  );
}

/** One titled card of a settings page. */
export function SettingsSection({
  title,
  description,
  children,
  testId,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <section
      className="grid gap-4 rounded-xl border border-border bg-card p-4 text-card-foreground shadow-sm sm:p-5"
      data-testid={testId}
      aria-label={title}
    >
      <div className="grid gap-1">
        <h2 className="text-lg font-semibold">{title}</h2>
        {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
      </div>
      {children}
    </section>
  );
}
