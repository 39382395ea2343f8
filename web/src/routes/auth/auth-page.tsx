import type { AuthChangeEvent, Session } from '@supabase/supabase-js';
import { lazy, Suspense, useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { BRAND_NAME } from '~shared/constants.ts';
import { pageTitle, useDocumentMeta } from '../../lib/document-meta.ts';
import { whenClientLoaded } from '../../lib/load-client.ts';
import { useSessionState } from '../../lib/session/use-session-state.ts';
import { showSuccessToast, showToastMessage } from '~shared/ui/toast.ts';
import { HomeIcon } from '~shared/ui/icons/public-icons.tsx';
import { SiteFooter } from '../../components/site-footer.tsx';
import { AuthTabs, type AuthTab } from './auth-tabs.tsx';
import { authTabFromSearch } from '~shared/rules/auth-tab.ts';
import { hasSessionTokens, isRecoveryLink, postSignInPath, readAuthUrlParams, stripAuthParams } from './auth-url.ts';
import { loadAuthActions } from './load-auth-actions.ts';
import { ResetRequestForm } from './reset-request-form.tsx';
import { SignInForm } from './sign-in-form.tsx';
import { needsSecondFactor } from '~shared/rules/two-factor-session.ts';

// The forms with the password rules (sign up, choose a new password) load on the card's first use
// (pointer down; a keyboard user's choice of tab loads them), off the page's first load: most visits sign in.
const loadSignUpForm = () => import('./sign-up-form.tsx');
const SignUpForm = lazy(() => loadSignUpForm().then((m) => ({ default: m.SignUpForm })));
// Only an account with two-factor on sees the code step.
const TwoFactorStep = lazy(() => import('./two-factor-step.tsx').then((m) => ({ default: m.TwoFactorStep })));
const PasswordUpdateForm = lazy(() => import('./password-update-form.tsx').then((m) => ({ default: m.PasswordUpdateForm })));

function preloadCard() {
  void loadAuthActions();
  loadSignUpForm().catch(() => undefined);
}

/** Replaces the address bar without the auth parameters (and without a router navigation). */
function clearAuthUrl() {
  window.history.replaceState(window.history.state, '', stripAuthParams(window.location.pathname, window.location.search));
}

/**
 * Route /auth: one card, tabs signin / signup / reset (part 1 §2), the link handling and the
 * transitions of part 1 §4. Signing in shows 'Welcome!' and goes to /dashboard (or ?redirect=).
 */
export function AuthPage() {
  useDocumentMeta({
    title: pageTitle('Sign In'),
    description: `Sign in to ${BRAND_NAME} or create a free account.`,
    canonicalPath: '/auth',
  });
  const navigate = useNavigate();
  const { status } = useSessionState();
  // A recovery link opens a session that must not count as "signed in, go to the dashboard".
  const [recovery, setRecovery] = useState(() => isRecoveryLink(readAuthUrlParams(window.location.search, window.location.hash)));
  const needsCode = status === 'needs-code' && !recovery;
  // ?tab=signup / ?tab=reset open that tab (the extension's 'Create an account' and 'Forgot password?').
  const [tab, setTab] = useState<AuthTab>(() => (recovery ? 'reset' : authTabFromSearch(window.location.search)));
  const [email, setEmail] = useState('');
  // Bumped to remount a form with fresh initial values (e-mail carried between tabs).
  const [formKey, setFormKey] = useState(0);

  // Without a ?redirect=, /start sends the user to the start page of their General settings.
  const target = postSignInPath(window.location.search, '/start');

  const switchTab = useCallback((next: AuthTab, prefillEmail?: string) => {
    if (prefillEmail !== undefined) {
      setEmail(prefillEmail);
      setFormKey((k) => k + 1);
    }
    setTab(next);
  }, []);

  // The link this page was opened with: an error, a recovery link, or a confirmation link (handled once).
  const linkHandled = useRef(false);
  useEffect(() => {
    if (linkHandled.current) return;
    linkHandled.current = true;
    const params = readAuthUrlParams(window.location.search, window.location.hash);
    if (params.error) {
      // A sign-up confirmation link is told apart from a reset link by the ?link= the e-mail carried.
      // The texts come with the forms' chunk (shared/messages.ts), kept off the page's first load.
      void import('./auth-actions.ts').then(
        ({ AUTH_MESSAGES }) =>
          showToastMessage(params.link === 'signup' ? AUTH_MESSAGES.confirmationLinkUsed : AUTH_MESSAGES.recoveryLinkExpired),
        (error: unknown) => console.warn('Could not load the auth messages', error),
      );
      clearAuthUrl();
      return;
    }
    if (!hasSessionTokens(params)) return;
    const tokens = { access_token: params.accessToken!, refresh_token: params.refreshToken! };
    const recoveryLink = isRecoveryLink(params);
    void loadAuthActions().then(async (actions) => {
      try {
        await actions.openLinkSession(tokens);
        // The hash stays until the password is updated; a confirmation link's tokens go now.
        if (!recoveryLink) clearAuthUrl();
      } catch (error) {
        console.error('Could not open the session from the link', error);
        showToastMessage(actions.errorToast('auth.setSession', error));
        setRecovery(false);
        clearAuthUrl();
      }
    });
  }, []);

  // Auth events: 'Welcome!' on sign-in, 'Password Updated' on a user update (part 1 §4). An effect
  // event: it sees the current `recovery` without subscribing again.
  const onAuthEvent = useEffectEvent((event: AuthChangeEvent, session: Session | null) => {
    if (event === 'PASSWORD_RECOVERY') {
      setRecovery(true);
      setTab('reset');
    } else if ((event === 'SIGNED_IN' && !recovery && !(session && needsSecondFactor(session))) || event === 'MFA_CHALLENGE_VERIFIED') {
      // With two-factor on, the welcome waits for the code.
      showSuccessToast('Welcome!');
    } else if (event === 'USER_UPDATED') {
      showSuccessToast('Password Updated');
      clearAuthUrl();
      void navigate('/dashboard', { replace: true });
    }
  });
  useEffect(() => {
    let unsubscribe: (() => void) | undefined;
    let active = true;
    whenClientLoaded((client) => {
      if (!active) return;
      const { data } = client.auth.onAuthStateChange((event, session) => onAuthEvent(event, session));
      unsubscribe = () => data.subscription.unsubscribe();
    });
    return () => {
      active = false;
      unsubscribe?.();
    };
  }, []);

  // Signed in (already on load, or just now) and not recovering a password: off to the dashboard.
  useEffect(() => {
    if (status === 'signed-in' && !recovery) void navigate(target, { replace: true });
  }, [status, recovery, navigate, target]);

  const onPasswordUpdated = useCallback(() => {
    setRecovery(false);
    clearAuthUrl();
    void navigate('/dashboard', { replace: true });
  }, [navigate]);

  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-br from-blue-50 via-background to-violet-100 dark:from-slate-950 dark:via-background dark:to-indigo-950">
      <div className="mx-auto flex w-full max-w-6xl justify-start px-4 py-4">
        <Link
          to="/"
          className="inline-flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm text-muted-foreground hover:bg-accent hover:text-accent-foreground"
        >
          <HomeIcon size={16} />
          Home
        </Link>
      </div>
      <main className="flex flex-1 items-start justify-center px-4 pb-12 sm:items-center">
        <section
          aria-labelledby="auth-title"
          className="w-full max-w-md rounded-xl border border-border bg-card p-6 text-card-foreground shadow-xl sm:p-8"
          onPointerDown={preloadCard}
        >
          <div className="mb-6 flex flex-col items-center text-center">
            <img src="/favicon.svg" alt="" width={48} height={48} className="mb-3" />
            <h1 id="auth-title" className="text-2xl font-bold tracking-tight">
              {recovery ? 'Choose a new password' : needsCode ? 'Two-factor authentication' : `Welcome to ${BRAND_NAME}`}
            </h1>
            <p className="mt-1 text-sm text-muted-foreground">
              {recovery
                ? 'Your reset link is valid. Set your new password below.'
                : needsCode
                  ? 'Enter the 6-digit code from your authenticator app to finish signing in.'
                  : 'Sign in to your account or create a new one.'}
            </p>
          </div>
          {needsCode ? (
            <Suspense fallback={<p className="py-8 text-center text-sm text-muted-foreground">Loading…</p>}>
              <TwoFactorStep />
            </Suspense>
          ) : (
            <AuthTabs value={tab} onChange={(next) => switchTab(next)}>
              <Suspense fallback={<p className="py-8 text-center text-sm text-muted-foreground">Loading…</p>}>
                {tab === 'signin' && (
                  <SignInForm key={`signin-${formKey}`} initialEmail={email} onForgotPassword={(typed) => switchTab('reset', typed)} />
                )}
                {tab === 'signup' && <SignUpForm onDone={(done) => switchTab('signin', done)} />}
                {tab === 'reset' &&
                  (recovery ? (
                    <PasswordUpdateForm onUpdated={onPasswordUpdated} />
                  ) : (
                    <ResetRequestForm key={`reset-${formKey}`} initialEmail={email} onSent={(sent) => switchTab('signin', sent)} />
                  ))}
              </Suspense>
            </AuthTabs>
          )}
        </section>
      </main>
      <SiteFooter />
    </div>
  );
}
