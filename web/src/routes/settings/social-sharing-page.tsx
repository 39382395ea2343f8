import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { accountQueries } from '~shared/data/account/queries.ts';
import { connectFacebook } from '~shared/data/auth/api.ts';
import { useDataClient } from '~shared/data/provider.tsx';
import { Button } from '~shared/ui/button.tsx';
import { CheckCircleIcon } from '~shared/ui/icons.tsx';
import { showErrorToast } from '~shared/ui/toast.ts';
import { useSessionState } from '../../lib/session/use-session-state.ts';
import { LinkButton } from '../../components/link-button.tsx';
import { PageFallback } from '../../components/page-fallback.tsx';
import { SettingsLayout, SettingsSection } from './settings-layout.tsx';

const PLATFORMS = [
  { key: 'instagram', name: 'Instagram', color: '#e1306c' },
  { key: 'facebook', name: 'Facebook', color: '#1877f2' },
  { key: 'tiktok', name: 'TikTok', color: '#000000' },
  { key: 'x', name: 'X', color: '#000000' },
  { key: 'youtube', name: 'YouTube', color: '#ff0000' },
] as const;

const HOW_IT_WORKS = [
  'Connect an account you want to share from.',
  'Share a link from your dashboard: choose the platform and the handle to send it to.',
  'Links shared into the app from other apps land in your Recently Received Links folder.',
  'Disconnect any time from the platform’s own settings.',
];

function SocialSharing({ userId }: { userId: string }) {
  const client = useDataClient();
  const location = useLocation();
  const navigate = useNavigate();
  const identities = useQuery(accountQueries.identities(client, userId));
  const [connecting, setConnecting] = useState(false);
  const facebookConnected = identities.data?.includes('facebook') ?? false;

  // An OAuth error comes back on this page as ?error=…&error_description=… (or in the hash).
  useEffect(() => {
    const params = new URLSearchParams(location.search || location.hash.replace(/^#/, ''));
    const error = params.get('error_description') ?? params.get('error');
    // A successful round trip comes back with the session's tokens in the hash: never leave them in
    // the address bar or the history (the user is signed in already).
    if (!error && params.has('access_token')) {
      void navigate(location.pathname, { replace: true });
      return;
    }
    if (!error) return;
    showErrorToast('auth.facebookConnect', new Error(error));
    void navigate(location.pathname, { replace: true });
  }, [location.search, location.hash, location.pathname, navigate]);

  const connect = async () => {
    setConnecting(true);
    try {
      // supabase-js navigates to the provider; the page comes back here afterwards.
      await connectFacebook(client, `${window.location.origin}/settings/social-sharing`);
    } catch (error) {
      showErrorToast('auth.facebookConnect', error);
      setConnecting(false);
    }
  };

  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {PLATFORMS.map((platform) => (
          <section
            key={platform.key}
            className="grid content-start gap-3 rounded-xl border border-border bg-card p-4 text-card-foreground shadow-sm"
            data-testid={`social-${platform.key}`}
            aria-label={platform.name}
          >
            <div className="flex items-center gap-3">
              <span
                aria-hidden="true"
                className="grid h-10 w-10 place-items-center rounded-lg text-lg font-bold text-white"
                style={{ backgroundColor: platform.color }}
              >
                {platform.name[0]}
              </span>
              <h2 className="font-semibold">{platform.name}</h2>
            </div>
            {platform.key === 'facebook' ? (
              facebookConnected ? (
                <p className="inline-flex items-center gap-2 text-sm font-medium text-success" data-testid="facebook-connected">
                  <CheckCircleIcon size={18} /> Connected
                </p>
              ) : (
                <Button onClick={connect} disabled={connecting || identities.isPending}>
                  Connect Facebook
                </Button>
              )
            ) : (
              <p className="text-sm text-muted-foreground">Connecting {platform.name} is not available yet.</p>
            )}
          </section>
        ))}
      </div>
      <SettingsSection title="How it works">
        <ol className="grid list-decimal gap-1 pl-5 text-sm">
          {HOW_IT_WORKS.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </SettingsSection>
      <SettingsSection title="Developer settings" description="Call the same functions the app uses from your own code.">
        <div>
          <LinkButton to="/settings/social-sharing/api" variant="outline">
            View API Docs
          </LinkButton>
        </div>
      </SettingsSection>
    </>
  );
}

/** /settings/social-sharing (part 2 §2): platform cards, Facebook connect, how it works, developer settings. */
export function SocialSharingSettingsPage() {
  const { session } = useSessionState();
  if (!session) return <PageFallback />;
  return (
    <SettingsLayout title="Social Sharing" description="Connect your social accounts." testId="social-sharing-settings">
      <SocialSharing userId={session.user.id} />
    </SettingsLayout>
  );
}
