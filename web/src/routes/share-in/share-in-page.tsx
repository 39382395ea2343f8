import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
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
import { CheckCircleIcon, InboxIcon, LoaderIcon } from '~shared/ui/icons.tsx';
import { showErrorToast, showSuccessToast, showToastMessage } from '~shared/ui/toast.ts';
import { pageTitle, useDocumentMeta } from '../../app/document-meta.ts';

type SaveState = 'idle' | 'saving' | 'saved' | 'failed' | 'no-url';

const STATE_TEXT: Record<SaveState, string> = {
  idle: 'Preparing…',
  saving: 'Saving link…',
  saved: 'Saved! Taking you to your dashboard…',
  failed: 'The link was not saved. Taking you to your dashboard…',
  'no-url': 'There was no link to save. Taking you to your dashboard…',
};

/**
 * /share/receive (web share target, method web_share_target) and /share/capture (deep links,
 * method deep_link), part 2 §2 and §4: the session guard is the signed-in layout's (it sends people
 * to /auth?redirect= and back). Saves at once through share-incoming: idle → saving → saved, a
 * toast, then /dashboard after 1.5 s.
 */
export function ShareInPage({ method }: { method: IncomingMethod }) {
  const capture = method === 'deep_link';
  useDocumentMeta({ title: pageTitle(capture ? 'Save captured link' : 'Save shared link'), noindex: true });
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const client = useDataClient();
  const queryClient = useQueryClient();
  const [state, setState] = useState<SaveState>('idle');
  /** The query string already handled: each visit saves once (StrictMode runs effects twice). */
  const handled = useRef<string | null>(null);
  const search = params.toString();

  // The protocol handler opens /share/capture?link=web+linkvault:…: the same mapping as the mobile wrapper.
  const rawLink = params.get('link');
  const forwarded = rawLink && /^(web\+)?linkvault:/i.test(rawLink) ? inAppPath(rawLink) : null;
  const rawUrl = forwarded ? null : extractSharedUrl({ url: params.get('url'), link: rawLink, text: params.get('text') });
  const url = rawUrl ? normalizeUrl(rawUrl) : null;
  const sourceParam = params.get('src') ?? params.get('source');
  const source: IncomingSource = sourceParam ? parseIncomingSource(sourceParam) : url ? detectIncomingSource(url) : 'generic';

  useEffect(() => {
    if (forwarded) {
      navigate(forwarded, { replace: true });
      return;
    }
    if (handled.current === search) return;
    handled.current = search;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const leave = () => {
      timer = setTimeout(() => navigate('/dashboard', { replace: true }), SHARE_SAVE_REDIRECT_MS);
    };
    if (!url) {
      setState('no-url');
      showToastMessage({ title: SHARE_IN_MESSAGES.noUrlFound });
      leave();
      return;
    }
    setState('saving');
    saveSharedIn(client, { url, source, method })
      .then(() => {
        setState('saved');
        showSuccessToast(SHARE_IN_MESSAGES.saved);
        void queryClient.invalidateQueries({ queryKey: linkKeys.all });
        void queryClient.invalidateQueries({ queryKey: categoryKeys.all });
      })
      .catch((error: unknown) => {
        setState('failed');
        showErrorToast('shareReceive.save', error);
      })
      .finally(leave);
    // Navigating away keeps the save; only the pending redirect is dropped.
    return () => {
      if (timer) clearTimeout(timer);
    };
    // Runs once per query string: a protocol link is replaced by its mapped capture URL first.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);

  const busy = state === 'idle' || state === 'saving';
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
      </section>
    </main>
  );
}
