import { Link } from 'react-router-dom';
import { BRAND_NAME, TAGLINE } from '~shared/constants.ts';

const FOOTER_LINKS = [
  { to: '/privacy', label: 'Privacy Policy' },
  { to: '/data-deletion', label: 'Data Deletion' },
  { to: '/support', label: 'Support' },
] as const;

/** The dashboard's footer banner (part 2 §2): the tagline and links to the static pages. */
export function DashboardFooter({ aboveBottomBar = false }: { aboveBottomBar?: boolean }) {
  return (
    // On narrow screens the quick-add bar is fixed at the bottom: the footer ends above it.
    <footer className={`relative border-t border-border bg-card/90 backdrop-blur ${aboveBottomBar ? 'pb-[calc(4.5rem+env(safe-area-inset-bottom))]' : ''}`} data-testid="dashboard-footer">
      <div className="mx-auto flex max-w-7xl flex-col items-center gap-3 px-4 py-5 text-sm text-muted-foreground sm:flex-row sm:justify-between sm:px-6">
        <p>
          <span className="font-medium text-foreground">{BRAND_NAME}</span> · {TAGLINE}
        </p>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap items-center justify-center gap-x-5 gap-y-2">
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <Link className="rounded-sm hover:text-foreground hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring" to={link.to}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
