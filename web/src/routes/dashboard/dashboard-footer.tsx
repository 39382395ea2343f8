import { BRAND_NAME, TAGLINE } from '~shared/constants.ts';
import { FooterLinks } from '../../components/site-footer.tsx';

/** The dashboard's footer banner (part 2 §2): the tagline and links to the static pages. */
export function DashboardFooter({ aboveBottomBar = false }: { aboveBottomBar?: boolean }) {
  return (
    // On narrow screens the quick-add bar is fixed at the bottom: the footer ends above it.
    <footer
      className={`relative border-t border-border bg-card/90 backdrop-blur ${aboveBottomBar ? 'pb-[calc(4.5rem+env(safe-area-inset-bottom))]' : ''}`}
      data-testid="dashboard-footer"
    >
      <div className="mx-auto flex max-w-7xl flex-col items-center gap-3 px-4 py-5 text-sm text-muted-foreground sm:flex-row sm:justify-between sm:px-6">
        <p>
          <span className="font-medium text-foreground">{BRAND_NAME}</span> · {TAGLINE}
        </p>
        <FooterLinks />
      </div>
    </footer>
  );
}
