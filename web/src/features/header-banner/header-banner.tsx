import type { User } from '@supabase/supabase-js';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type CSSProperties } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { BANNER_HEADER_HEIGHT, TAGLINE } from '~shared/constants.ts';
import { signOut } from '~shared/data/auth/api.ts';
import { currentBackgroundQueries, scopeKey } from '~shared/data/backgrounds/current.ts';
import { profileMutations } from '~shared/data/profiles/mutations.ts';
import { profileQueries } from '~shared/data/profiles/queries.ts';
import { useDataClient } from '~shared/data/provider.tsx';
import { AUTH_MESSAGES, visibilityUpdatedMessage } from '~shared/messages.ts';
import { cn } from '~shared/ui/cn.ts';
import { showErrorToast, showSuccessToast } from '~shared/ui/toast.ts';
import { useRovingToolbar } from '~shared/ui/use-roving-toolbar.ts';
import { HomeIcon, ImageIcon, LogOutIcon, PlusIcon, SettingsIcon, UserIcon } from '~shared/ui/icons.tsx';
import { displayName, initialsOf } from './banner-identity.ts';
import { useBannerOptionsValue } from './banner-options.tsx';
import { HideableLine } from './visibility-toggle.tsx';

const ACTION_CLASS =
  'inline-flex h-8 w-8 sm:h-9 sm:w-9 items-center justify-center rounded-lg bg-white/10 text-white backdrop-blur-sm transition-colors hover:bg-white/25 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white/70 disabled:opacity-50';

/**
 * The header banner of signed-in pages (part 1 §2): the user's name and e-mail, each with a toggle
 * that hides it and persists the choice; home, quick-add link, change background (when the page
 * offers it), settings and sign out; the slogan. 8rem tall (phones: 4.5rem, no slogan).
 */
export function HeaderBanner({ user }: { user: User }) {
  const client = useDataClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { onChangeBackground } = useBannerOptionsValue();
  const profile = useQuery(profileQueries.detail(client, user.id));
  // The banner background the user chose (on the dashboard) shows on every signed-in page.
  const backgrounds = useQuery(currentBackgroundQueries.all(client, user.id));
  const backgroundUrl = backgrounds.data?.get(scopeKey({ name: 'banner' }))?.background_url ?? null;
  const emailToggle = useMutation(profileMutations.setEmailVisible(client, queryClient, user.id));
  const nameToggle = useMutation(profileMutations.setNameVisible(client, queryClient, user.id));
  const [signingOut, setSigningOut] = useState(false);
  const accountToolbar = useRovingToolbar<HTMLDivElement>();

  const name = displayName(profile.data, user);
  const email = profile.data?.email ?? user.email ?? '';
  const nameVisible = profile.data?.name_visible ?? true;
  const emailVisible = profile.data?.email_visible ?? true;

  const toggleEmail = () =>
    emailToggle.mutate(!emailVisible, {
      onSuccess: (row) => {
        const message = visibilityUpdatedMessage('Email', row.email_visible);
        showSuccessToast(message.title, message.description);
      },
      onError: (error) => showErrorToast('profile.emailVisibility', error),
    });
  const toggleName = () =>
    nameToggle.mutate(!nameVisible, {
      onSuccess: (row) => {
        const message = visibilityUpdatedMessage('Name', row.name_visible);
        showSuccessToast(message.title, message.description);
      },
      onError: (error) => showErrorToast('profile.nameVisibility', error),
    });

  const onSignOut = async () => {
    setSigningOut(true);
    try {
      await signOut(client);
      showSuccessToast(AUTH_MESSAGES.signedOut);
      void navigate('/auth', { replace: true });
    } catch (error) {
      showErrorToast('auth.signOut', error);
      setSigningOut(false);
    }
  };

  return (
    <header
      data-testid="header-banner"
      style={
        {
          '--banner-height': BANNER_HEADER_HEIGHT,
          backgroundImage: backgroundUrl ? `url(${JSON.stringify(backgroundUrl)})` : undefined,
        } as CSSProperties
      }
      className={cn(
        // Phones: 4.5rem, without the slogan, so the page's first screen shows links.
        'relative isolate h-[4.5rem] shrink-0 overflow-hidden bg-cover bg-center text-white sm:h-[var(--banner-height)]',
        !backgroundUrl && 'bg-gradient-to-r from-blue-700 via-indigo-700 to-violet-700',
      )}
    >
      <div className="absolute inset-0 -z-10 bg-black/25" />
      {/* Phones: name/e-mail and buttons on one row, no slogan; tablets: the slogan below; wide screens: all on one row. */}
      <div className="mx-auto flex h-full max-w-7xl flex-wrap content-center items-center gap-x-3 gap-y-2 px-3 sm:px-6">
        <div className="order-1 flex min-w-0 flex-1 items-center gap-3 lg:flex-none">
          <div
            aria-hidden="true"
            data-testid="banner-avatar"
            className="hidden h-12 w-12 shrink-0 items-center justify-center rounded-full bg-white/20 text-lg font-semibold ring-2 ring-white/40 sm:flex"
          >
            {/* A hidden name hides its initials too (they would give it away). */}
            {nameVisible ? initialsOf(name) : <UserIcon size={22} />}
          </div>
          <div className="min-w-0">
            <HideableLine
              field="Name"
              text={name}
              visible={nameVisible}
              busy={nameToggle.isPending || profile.isPending}
              onToggle={toggleName}
              className="text-base font-semibold sm:text-lg"
              testId="banner-name"
            />
            <HideableLine
              field="Email"
              text={email}
              visible={emailVisible}
              busy={emailToggle.isPending || profile.isPending}
              onToggle={toggleEmail}
              className="text-sm text-white/85"
              testId="banner-email"
            />
          </div>
        </div>

        <p className="order-3 hidden w-full text-center text-sm font-medium italic text-white/90 drop-shadow sm:block lg:order-2 lg:w-auto lg:flex-1 lg:text-lg">
          {TAGLINE}
        </p>

        <nav aria-label="Account" className="order-2 shrink-0 lg:order-3">
          {/* One tab stop; arrow keys move between the actions. */}
          <div role="toolbar" aria-label="Account actions" className="flex items-center gap-1 sm:gap-2" {...accountToolbar}>
            <Link to="/" className={ACTION_CLASS} aria-label="Home" title="Home">
              <HomeIcon size={18} />
            </Link>
            <Link to="/dashboard?add=link" className={ACTION_CLASS} aria-label="Add link" title="Add link">
              <PlusIcon size={18} />
            </Link>
            {onChangeBackground ? (
              <button
                type="button"
                className={ACTION_CLASS}
                onClick={onChangeBackground}
                aria-label="Change background"
                title="Change background"
              >
                <ImageIcon size={18} />
              </button>
            ) : null}
            <Link to="/settings" className={ACTION_CLASS} aria-label="Settings" title="Settings">
              <SettingsIcon size={18} />
            </Link>
            <button type="button" className={ACTION_CLASS} onClick={onSignOut} disabled={signingOut} aria-label="Sign out" title="Sign out">
              <LogOutIcon size={18} />
            </button>
          </div>
        </nav>
      </div>
    </header>
  );
}
