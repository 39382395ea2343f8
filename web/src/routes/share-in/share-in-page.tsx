import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { SHARE_SAVE_REDIRECT_MS, type IncomingMethod, type IncomingSource } from '~shared/constants.ts';
import { categoryKeys } from '~shared/data/categories/keys.ts';
import { saveSharedIn } from '~shared/data/incoming/api.ts';
import { linkKeys } from '~shared/data/links/keys.ts';
import { useDataClient } from '~shared/data/provider.tsx';
import { SHARE_IN_MESSAGES } from '~shared/messages.ts';
import { inAppPath } from '~shared/rules/app-links.ts';
import { detectIncomingSource, extractSharedUrl, incomingFolderName, parseIncomingSource } from '~shared/rules/incoming-source.ts';
import { normalizeUrl } from '~shared/rules/url.ts';
import { Button } from '~shared/ui/button.tsx';
import { CheckCircleIcon, InboxIcon, LoaderIcon } from '~shared/ui/icons.tsx';
import { showErrorToast, showSuccessToast, showToastMessage } from '~shared/ui/toast.ts';
import { pageTitle, useDocumentMeta } from '../../lib/document-meta.ts';
import { mayAutoSave, TRUSTED_FORWARD } from './share-trust.ts';

type SaveState = 'idle' | 'confirm' | 'saving' | 'saved' | 'failed' | 'no-url';

const STATE_TEXT: Record<SaveState, string> = {
  idle: 'Preparing…',
  confirm: 'This link was sent here by another site or app. Save it only if you meant to.',
  saving: 'Saving link…',
  saved: 'Saved! Taking you to your dashboard…',
  failed: 'The link was not saved. Taking you to your dashboard…',
  'no-url': 'There was no link to save. Taking you to your dashboard…',
};

/**
 * /share/receive (web share target, method web_share_target) and /share/capture (deep links,
 * method deep_link), part 2 §2 and §4: the session guard is the signed-in layout's (it sends people
 * to /auth?redirect= and back). Saves through share-incoming: idle → saving → saved, a toast, then
 * /dashboard after 1.5 s. At once only when the web server vouched for the visit (the installed
 * app's share sheet, this site's own pages: share-trust.ts); otherwise (another site's link, form or
 * popup) it shows the link and saves when Save is clicked.
 */
export function ShareInPage({ method }: { method: IncomingMethod }) {
  const capture = method === 'deep_link';
  useDocumentMeta({ title: pageTitle(capture ? 'Save captured link' : 'Save shared link'), noindex: true });
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const client = useDataClient();
  const queryClient = useQueryClient();
  const search = params.toString();
  /** How the save of one query string ended; the state shown follows from it (below). */
  const [outcome, setOutcome] = useState<{ search: string; state: 'saved' | 'failed' } | null>(null);
  /** The query string already handled: each visit saves once (StrictMode runs effects twice). */
  const handled = useRef<string | null>(null);
  /** The query string whose link the person chose to save (Save button). */
  const [confirmed, setConfirmed] = useState<string | null>(null);
  const redirect = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(redirect.current), []);
  const autoSave = mayAutoSave(location.pathname + location.search, location.state);

  // The protocol handler opens /share/capture?link=web+linkvault:…: the same mapping as the mobile wrapper.
  const rawLink = params.get('link');
  const forwarded = rawLink && /^(web\+)?linkvault:/i.test(rawLink) ? inAppPath(rawLink) : null;
  const rawUrl = forwarded ? null : extractSharedUrl({ url: params.get('url'), link: rawLink, text: params.get('text') });
  const url = rawUrl ? normalizeUrl(rawUrl) : null;
  const sourceParam = params.get('src') ?? params.get('source');
  const source: IncomingSource = sourceParam ? parseIncomingSource(sourceParam) : url ? detectIncomingSource(url) : 'generic';
  const state: SaveState = forwarded
    ? 'idle'
    : !url
      ? 'no-url'
      : outcome?.search === search
        ? outcome.state
        : autoSave || confirmed === search
          ? 'saving'
          : 'confirm';

  const leave = () => {
    clearTimeout(redirect.current);
    redirect.current = setTimeout(() => void navigate('/dashboard', { replace: true }), SHARE_SAVE_REDIRECT_MS);
  };
  const save = (visited: string) => {
    if (!url) return;
    saveSharedIn(client, { url, source, method })
      .then(() => {
        setOutcome({ search: visited, state: 'saved' });
        showSuccessToast(SHARE_IN_MESSAGES.saved);
        void queryClient.invalidateQueries({ queryKey: linkKeys.all });
        void queryClient.invalidateQueries({ queryKey: categoryKeys.all });
      })
      .catch((error: unknown) => {
        setOutcome({ search: visited, state: 'failed' });
        showErrorToast('shareReceive.save', error);
      })
      .finally(leave);
  };

  // Once per query string: a protocol link is replaced by its mapped capture URL first. An effect
  // event: it reads this render's values without running again when only they change.
  const visit = useEffectEvent((visited: string) => {
    if (forwarded) {
      void navigate(forwarded, { replace: true, state: autoSave ? TRUSTED_FORWARD : null });
      return;
    }
    if (handled.current === visited) return;
    handled.current = visited;
    if (!url) {
      showToastMessage({ title: SHARE_IN_MESSAGES.noUrlFound });
      leave();
      return;
    }
    // Navigating away keeps the save; the pending redirect is dropped when the page goes.
    if (autoSave) save(visited);
  });
  useEffect(() => visit(search), [search]);

  const busy = state === 'idle' || state === 'saving';
  const confirmSave = () => {
    if (confirmed === search) return;
    setConfirmed(search);
    save(search);
  };
  return (
    <main className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center px-4 py-10">
      <section
        className="grid w-full gap-4 rounded-xl border border-border bg-card p-6 text-card-foreground shadow-sm"
        aria-labelledby="share-in-title"
        data-testid="share-in"
        data-state={state}
      >
        <div className="flex items-center gap-3">
          {state === 'saved' ? (
            <CheckCircleIcon size={28} className="text-success" />
          ) : busy ? (
            <LoaderIcon size={28} className="animate-spin text-primary" />
          ) : (
            <InboxIcon size={28} className="text-muted-foreground" />
          )}
          <h1 id="share-in-title" className="text-xl font-semibold">
            {state === 'saved'
              ? 'Link saved'
              : state === 'failed'
                ? 'Link not saved'
                : state === 'no-url'
                  ? 'Nothing to save'
                  : state === 'confirm'
                    ? 'Save this link?'
                    : capture
                      ? 'Saving captured link'
                      : 'Saving shared link'}
          </h1>
        </div>
        {url ? (
          <p className="truncate rounded-md bg-muted px-3 py-2 font-mono text-sm" title={url} data-testid="share-in-url">
            {url}
          </p>
        ) : null}
        {capture || url ? (
          <p className="text-sm text-muted-foreground" data-testid="share-in-destination">
            Destination folder: <span className="font-medium text-foreground">{incomingFolderName(source)}</span>
          </p>
        ) : null}
        <p role="status" aria-live="polite" className="text-sm" data-testid="share-in-status">
          {STATE_TEXT[state]}
        </p>
        {state === 'confirm' ? (
          <div className="flex flex-wrap items-center gap-3">
            <Button onClick={confirmSave} data-testid="share-in-save">
              Save
            </Button>
            <Link to="/dashboard" replace className="text-sm text-primary underline-offset-4 hover:underline">
              Not now
            </Link>
          </div>
        ) : null}
      </section>
    </main>
  );
}
