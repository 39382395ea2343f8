import type { ReactNode } from 'react';
import { SiteFooter } from '../../components/site-footer.tsx';

/** Full-height frame with the site footer, for public pages outside the signed-in layout. */
export function PublicShell({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-background text-foreground">
      {children}
      <SiteFooter />
    </div>
  );
}
