import { useState } from 'react';
import { Link } from 'react-router-dom';
import { BRAND_NAME, EMAIL_CHANGE_UNDO_DAYS, EMAIL_CHANGE_UNDO_PATH } from '~shared/constants.ts';
import { EMAIL_CHANGE_MESSAGES } from '~shared/schemas/email-change.ts';
import { StaticPageLayout } from '../static/static-page-layout.tsx';

type State = { step: 'ready' } | { step: 'working' } | { step: 'done'; message: string } | { step: 'failed'; message: string };

/** The token of the undo link: in the fragment, so it never reaches a server log or a Referer. */
function tokenFromLocation(): string | null {
  const token = new URLSearchParams(window.location.hash.replace(/^#/, '')).get('token');
  return token && /^[A-Za-z0-9_-]{43}$/.test(token) ? token : null;
}

/**
 * /auth/restore-email#token=…: opened from the e-mail an old address gets after an e-mail change.
 * Nothing happens until the person presses the button (mail scanners open links on their own):
 * then the restore-email function puts the old address back, signs out every session and e-mails
 * a password reset link.
 */
export function RestoreEmailPage() {
  const [token] = useState(tokenFromLocation);
  const [state, setState] = useState<State>({ step: 'ready' });

  const restore = async () => {
    if (!token) return;
    setState({ step: 'working' });
    try {
      const res = await fetch(`${import.meta.env.VITE_SUPABASE_URL}/functions/v1/restore-email`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', apikey: import.meta.env.VITE_SUPABASE_ANON_KEY },
        body: JSON.stringify({ token }),
      });
      const body = (await res.json().catch(() => ({}))) as { message?: string };
      if (res.ok) setState({ step: 'done', message: body.message ?? 'Your e-mail address is restored.' });
      else setState({ step: 'failed', message: body.message ?? EMAIL_CHANGE_MESSAGES.undoTokenInvalid });
    } catch {
      setState({ step: 'failed', message: 'The server could not be reached. Please try again.' });
    }
  };

  return (
    <StaticPageLayout
      title="Restore your e-mail address"
      path={EMAIL_CHANGE_UNDO_PATH}
      description={`Undo a change of your ${BRAND_NAME} e-mail address.`}
    >
      {!token ? (
        <p role="alert" data-testid="restore-email-invalid">
          {EMAIL_CHANGE_MESSAGES.undoTokenInvalid} Open the link from the e-mail again, or <Link to="/support">contact support</Link>.
        </p>
      ) : state.step === 'done' ? (
        <p role="status" data-testid="restore-email-done">
          {state.message} <Link to="/auth">Go to sign in</Link>
        </p>
      ) : (
        <>
          <p>
            Someone changed the e-mail address of your {BRAND_NAME} account. If it was not you, restore this address: every session of the
            account is signed out and we e-mail you a link to choose a new password. The link works for {EMAIL_CHANGE_UNDO_DAYS} days.
          </p>
          <p>
            <button
              type="button"
              onClick={() => void restore()}
              disabled={state.step === 'working'}
              data-testid="restore-email-button"
              className="inline-flex items-center gap-2 rounded-md bg-primary px-4 py-2 text-sm font-medium text-primary-foreground hover:bg-primary/90 disabled:opacity-60"
            >
              {state.step === 'working' ? 'Restoring…' : 'Restore my e-mail address'}
            </button>
          </p>
          {state.step === 'failed' ? (
            <p role="alert" className="text-destructive" data-testid="restore-email-failed">
              {state.message}
            </p>
          ) : null}
        </>
      )}
    </StaticPageLayout>
  );
}
