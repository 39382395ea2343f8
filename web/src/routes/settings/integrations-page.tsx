import { useEffect, useRef } from 'react';
import { Button } from '~shared/ui/button.tsx';
import { showErrorToast, showSuccessToast } from '~shared/ui/toast.ts';
import { Link } from 'react-router-dom';
import { BRAND_NAME } from '~shared/constants.ts';
import { bookmarkletSource } from '~shared/rules/bookmarklet.ts';
import { useSessionState } from '../../lib/session/use-session-state.ts';
import { ApiTokensCard } from './api-tokens-card.tsx';
import { ExtensionInstallLinks } from './extension-install-links.tsx';
import { SettingsLayout, SettingsSection } from './settings-layout.tsx';

const LINK_CLASS = 'font-medium text-primary underline-offset-4 hover:underline';

/**
 * The bookmarklet's link. React refuses `javascript:` hrefs, rightly for stored URLs; this one is
 * our own constant source, set on the element directly (until then it points at this section).
 */
function BookmarkletLink() {
  const ref = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    ref.current?.setAttribute('href', bookmarkletSource(window.location.origin));
  }, []);
  return (
    <a
      ref={ref}
      href="#bookmarklet"
      data-testid="bookmarklet"
      className="inline-flex w-fit cursor-grab items-center rounded-md border border-primary bg-primary px-4 py-2 text-sm font-medium text-primary-foreground"
    >
      Save to {BRAND_NAME}
    </a>
  );
}

/**
 * /settings/integrations: the social accounts page, the browser extension, personal API tokens
 * and, for browsers without the extension, a bookmarklet that sends the open page to /share/receive.
 */
export function IntegrationsSettingsPage() {
  const userId = useSessionState().session?.user.id ?? '';
  return (
    <SettingsLayout title="Integrations" description="Social accounts and connected apps." testId="integrations-settings-page">
      <SettingsSection title="Social sharing" testId="integrations-social">
        <p className="text-sm">
          Connect Instagram, Facebook, TikTok, X and YouTube.{' '}
          <Link to="/settings/social-sharing" className={LINK_CLASS}>
            Open Social sharing
          </Link>
        </p>
      </SettingsSection>

      <SettingsSection
        title="Browser extension"
        description="Save the open tab from the toolbar, any link from the right-click menu, and see new shares on the badge."
        testId="integrations-extension"
      >
        <ExtensionInstallLinks />
      </SettingsSection>

      {userId ? <ApiTokensCard userId={userId} /> : null}

      <SettingsSection
        title="Bookmarklet"
        description="For browsers without the extension (Safari, phones): drag the button to your bookmarks bar, then click the bookmark on any page to save it."
        testId="integrations-bookmarklet"
      >
        <div className="flex flex-wrap items-center gap-3" id="bookmarklet">
          <BookmarkletLink />
          <Button
            variant="outline"
            size="sm"
            onClick={() =>
              void navigator.clipboard.writeText(bookmarkletSource(window.location.origin)).then(
                () => showSuccessToast('Bookmarklet copied'),
                (error: unknown) => showErrorToast('account.controls', error),
              )
            }
          >
            Copy bookmarklet
          </Button>
        </div>
        <p className="text-xs text-muted-foreground">
          On a phone: bookmark any page, then edit the bookmark and paste the copied bookmarklet as its address.
        </p>
      </SettingsSection>
    </SettingsLayout>
  );
}
