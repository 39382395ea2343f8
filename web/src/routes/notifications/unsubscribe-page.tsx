import { useState } from 'react';
import { Link } from 'react-router-dom';
import { BRAND_NAME } from '~shared/constants.ts';
import { UNSUBSCRIBE_MESSAGES, UNSUBSCRIBE_PATH } from '~shared/rules/notifications.ts';
import { StaticPageLayout } from '../static/static-page-layout.tsx';

type State = { step: 'ready' } | { step: 'working' } | { step: 'done'; message: string } | { step: 'failed'; message: string };

/** The token of the unsubscribe link: in the fragment, so it never reaches a server log or a Referer. */
function tokenFromLocation(): string | null {
  const token = new URLSearchParams(window.location.hash.replace(/^#/, '')).get('token');
  return token && /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(token) ? token : null;
}

/**
 * /notifications/unsubscribe#token=…: opened from a notification e-mail, no sign-in needed.
 * Nothing changes until the button is pressed (mail scanners open links on their own); then the
 * notification-unsubscribe function checks the signed token and turns that kind of e-mail off.
 */
export function UnsubscribePage() {
  const [token] = useState(tokenFromLocation);
  const [state, setState] = useState<State>({ step: 'ready' });

  const unsubscribe = async () => {
    if (!token) return;
    setState({ step: 'working' });
    try {
      const res = await fetch(`${import.meta.env.VITE_SUPABASE_URL}/functions/v1/notification-unsubscribe`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', apikey: import.meta.env.VITE_SUPABASE_ANON_KEY },
        body: JSON.stringify({ token }),
      });
      const body = (await res.json().catch(() => ({}))) as { message?: string };
      if (res.ok) setState({ step: 'done', message: body.message ?? 'Unsubscribed.' });
      else setState({ step: 'failed', message: body.message ?? UNSUBSCRIBE_MESSAGES.invalid });
    } catch {
      setState({ step: 'failed', message: 'The server could not be reached. Please try again.' });
    }
  };

  return (
    <StaticPageLayout title="Unsubscribe" path={UNSUBSCRIBE_PATH} description={`Stop ${BRAND_NAME} notification e-mails.`}>
      {!token ? (
        <p role="alert" data-testid="unsubscribe-invalid">
          {UNSUBSCRIBE_MESSAGES.invalid}
        </p>
      ) : state.step === 'done' ? (
        <p role="status" data-testid="unsubscribe-done">
          {state.message} Change it back any time in <Link to="/settings/notifications">Settings → Notifications</Link>.
        </p>
      ) : (
        <>
          <p>Stop getting this kind of notification e-mail from {BRAND_NAME}? You can turn it back on in Settings → Notifications.</p>
          <p>
            <button
              type="button"
              onClick={() => void unsubscribe()}
              disabled={state.step === 'working'}
              data-testid="unsubscribe-button"
              className="inline-flex items-center gap-2 rounded-md bg-primary px-4 py-2 text-sm font-medium text-primary-foreground hover:bg-primary/90 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:opacity-60"
            >
              {state.step === 'working' ? 'Unsubscribing…' : 'Unsubscribe'}
            </button>
          </p>
          {state.step === 'failed' ? (
            <p role="alert" className="text-destructive" data-testid="unsubscribe-failed">
              {state.message}
            </p>
          ) : null}
        </>
      )}
    </StaticPageLayout>
  );
}
