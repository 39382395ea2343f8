import { BRAND_NAME, LANDING_AD_TEXT, LANDING_PAGE_TITLE, TAGLINE } from '~shared/constants.ts';
import heroBannerUrl from '../../assets/hero-banner.svg';
import { DEFAULT_DESCRIPTION, useDocumentMeta } from '../../lib/document-meta.ts';
import { useSessionState } from '../../lib/session/use-session-state.ts';
import { ArrowRightIcon, LifeBuoyIcon, ShieldIcon } from '~shared/ui/icons/public-icons.tsx';
import { LinkButton } from '../../components/link-button.tsx';
import { SiteFooter } from '../../components/site-footer.tsx';
import { ProcessedLogo } from '../../features/logo/processed-logo.tsx';
import { FeatureCard } from './feature-card.tsx';
import { FEATURES } from './features.ts';

/** Route /: hero, four feature cards, call to action, ad space (part 1 §2). */
export function LandingPage() {
  useDocumentMeta({ title: LANDING_PAGE_TITLE, description: DEFAULT_DESCRIPTION, canonicalPath: '/' });
  const { status } = useSessionState();
  // A stored session counts as signed in while it is being checked, so the label does not flicker.
  const signedIn = status !== 'signed-out';
  const destination = signedIn ? '/dashboard' : '/auth';

  return (
    <div className="flex min-h-screen flex-col bg-background text-foreground">
      <header className="absolute inset-x-0 top-0 z-10">
        <nav aria-label="Main" className="mx-auto flex max-w-6xl items-center justify-end gap-2 px-4 py-4">
          <LinkButton to="/privacy" variant="plain" className="text-white hover:bg-white/15 hover:text-white">
            <ShieldIcon size={16} />
            Privacy Policy
          </LinkButton>
          <LinkButton to="/support" variant="plain" className="text-white hover:bg-white/15 hover:text-white">
            <LifeBuoyIcon size={16} />
            Support
          </LinkButton>
        </nav>
      </header>

      <main className="flex-1">
        <section aria-labelledby="hero-title" className="relative isolate overflow-hidden bg-[#0b1026] text-white">
          <img
            src={heroBannerUrl}
            alt=""
            width={1600}
            height={560}
            fetchPriority="high"
            className="absolute inset-0 -z-10 h-full w-full object-cover"
            data-testid="hero-banner"
          />
          <div className="absolute inset-0 -z-10 bg-gradient-to-b from-black/10 via-black/20 to-black/55" />
          <div className="mx-auto flex max-w-4xl flex-col items-center px-4 pt-24 pb-20 text-center sm:pt-28 sm:pb-28">
            <ProcessedLogo alt={`${BRAND_NAME} logo`} size={96} className="mb-6 h-20 w-20 drop-shadow-xl sm:h-24 sm:w-24" />
            <h1 id="hero-title" className="text-4xl font-extrabold tracking-tight sm:text-6xl">
              {BRAND_NAME}
            </h1>
            <p className="mt-4 text-xl font-medium text-blue-100 sm:text-2xl">{TAGLINE}</p>
            <p className="mt-4 max-w-2xl text-base text-white/80 sm:text-lg">
              Save, organize and share your favorite links in one place, and see how they are used.
            </p>
            <LinkButton
              to={destination}
              size="lg"
              variant="plain"
              className="mt-8 bg-white shadow-md text-slate-900 hover:bg-white/90"
              data-testid="hero-cta"
            >
              {signedIn ? 'Go to Dashboard' : 'Get Started'}
              <ArrowRightIcon size={18} />
            </LinkButton>
          </div>
        </section>

        <section aria-labelledby="features-title" className="mx-auto max-w-6xl px-4 py-16 sm:py-20">
          <h2 id="features-title" className="text-center text-3xl font-bold tracking-tight">
            Everything your links need
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-center text-muted-foreground">
            One home for the websites you love: tidy, shareable and always at hand.
          </p>
          <div className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {FEATURES.map((feature) => (
              <FeatureCard key={feature.title} feature={feature} />
            ))}
          </div>
        </section>

        <section aria-labelledby="cta-title" className="px-4 pb-16">
          <div className="mx-auto max-w-4xl rounded-2xl bg-gradient-to-br from-blue-600 via-indigo-600 to-violet-600 px-6 py-12 text-center text-white shadow-lg sm:px-12">
            <h2 id="cta-title" className="text-3xl font-bold tracking-tight">
              Ready to organize your links?
            </h2>
            <p className="mx-auto mt-3 max-w-xl text-white/85">
              Create your free account and start saving the links you love in under a minute.
            </p>
            <LinkButton
              to={destination}
              size="lg"
              variant="plain"
              className="mt-8 bg-white shadow-md text-indigo-700 hover:bg-white/90"
              data-testid="closing-cta"
            >
              {signedIn ? 'Go to Dashboard' : 'Start Free Today'}
            </LinkButton>
          </div>
        </section>

        <aside aria-label="Advertisement" className="px-4 pb-16">
          <div className="mx-auto flex h-28 max-w-4xl items-center justify-center rounded-xl border-2 border-dashed border-border bg-muted/40 text-sm font-medium tracking-wide text-muted-foreground">
            {LANDING_AD_TEXT}
          </div>
        </aside>
      </main>

      <SiteFooter />
    </div>
  );
}
