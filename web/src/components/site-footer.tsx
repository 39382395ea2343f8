import { Link } from 'react-router-dom';
import { BRAND_NAME } from '~shared/constants.ts';

const FOOTER_LINKS = [
  { to: '/privacy', label: 'Privacy Policy' },
  { to: '/data-deletion', label: 'Data Deletion' },
  { to: '/support', label: 'Support' },
] as const;

/** Links to the static pages (part 2 §2), shared by the public pages' and the dashboard's footers. */
export function FooterLinks() {
  return (
    <nav aria-label="Footer">
      <ul className="flex flex-wrap items-center justify-center gap-x-5 gap-y-2">
        {FOOTER_LINKS.map((link) => (
          <li key={link.to}>
            <Link
              className="rounded-sm hover:text-foreground hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              to={link.to}
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The footer of public pages: links to the static pages (part 2 §2). */
export function SiteFooter() {
  return (
    <footer className="border-t border-border bg-background/80">
      <div className="mx-auto flex max-w-6xl flex-col items-center gap-3 px-4 py-6 text-sm text-muted-foreground sm:flex-row sm:justify-between">
        <p>
          © {new Date().getFullYear()} {BRAND_NAME}
        </p>
        <FooterLinks />
      </div>
    </footer>
  );
}
