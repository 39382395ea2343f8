import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { BRAND_NAME } from '~shared/constants.ts';
import { version } from '../../../../package.json';
import { SettingsLayout, SettingsSection } from './settings-layout.tsx';

/** One package of licences.json (written at build time by web/third-party-licences.ts). */
interface ShippedPackage {
  name: string;
  version: string;
  license: string;
  homepage: string | null;
}

const LINK_CLASS = 'font-medium text-primary underline-offset-4 hover:underline';

async function loadLicences(): Promise<ShippedPackage[]> {
  const response = await fetch('/licences.json');
  if (!response.ok) throw new Error(`licences.json: ${response.status}`);
  return (await response.json()) as ShippedPackage[];
}

/** Only http(s) homepages become links. */
const safeHomepage = (url: string | null) => (url && /^https?:\/\//i.test(url) ? url : null);

/**
 * /settings/about: the version (package.json's), the policies and support pages, and the
 * open-source packages this build ships with their licences (the list the build wrote from what it
 * bundled, so it is never out of date).
 */
export function AboutSettingsPage() {
  const licences = useQuery({ queryKey: ['about', 'licences'], queryFn: loadLicences, staleTime: Infinity, retry: false });
  return (
    <SettingsLayout title="About" description="Help, policies and version." testId="about-settings-page">
      <SettingsSection title="Version" testId="about-version">
        <p className="text-sm">
          {BRAND_NAME} <span data-testid="app-version">{version}</span>
        </p>
      </SettingsSection>

      <SettingsSection title="Support" testId="about-support">
        <p className="text-sm">
          Questions or a problem? Support replies in 1-2 business days.{' '}
          <Link to="/support" className={LINK_CLASS}>
            Contact support
          </Link>
        </p>
      </SettingsSection>

      <SettingsSection title="Terms" testId="about-terms">
        <ul className="grid gap-1 text-sm">
          <li>
            <Link to="/privacy" className={LINK_CLASS}>
              Privacy policy
            </Link>
          </li>
          <li>
            <Link to="/data-deletion" className={LINK_CLASS}>
              Data deletion
            </Link>
          </li>
        </ul>
      </SettingsSection>

      <SettingsSection
        title="Open-source licences"
        description={`${BRAND_NAME} is built with these open-source packages, shipped in this version of the app.`}
        testId="about-licences"
      >
        {licences.isPending ? <p className="text-sm text-muted-foreground">Loading…</p> : null}
        {licences.isError ? (
          <p className="text-sm text-muted-foreground">The list is made when the app is built; this copy has none.</p>
        ) : null}
        {licences.data ? (
          <ul className="grid gap-x-8 gap-y-1 text-sm sm:grid-cols-2" data-testid="licence-list">
            {licences.data.map((pkg) => {
              const homepage = safeHomepage(pkg.homepage);
              return (
                <li key={`${pkg.name}@${pkg.version}`} className="flex min-w-0 flex-wrap justify-between gap-x-3">
                  {homepage ? (
                    <a href={homepage} target="_blank" rel="noopener noreferrer" className={`${LINK_CLASS} min-w-0 break-all`}>
                      {pkg.name}
                    </a>
                  ) : (
                    <span className="min-w-0 break-all">{pkg.name}</span>
                  )}
                  <span className="text-muted-foreground">
                    {pkg.version} · {pkg.license}
                  </span>
                </li>
              );
            })}
          </ul>
        ) : null}
      </SettingsSection>
    </SettingsLayout>
  );
}
