import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { categoryKeys } from '~shared/data/categories/keys.ts';
import { receiveLink } from '~shared/data/incoming/api.ts';
import { fetchOembed, previewKeys } from '~shared/data/incoming/preview.ts';
import { linkKeys } from '~shared/data/links/keys.ts';
import { useDataClient } from '~shared/data/provider.tsx';
import { SHARE_IN_MESSAGES } from '~shared/messages.ts';
import { detectIncomingSource, incomingFolderName, receiveButtonLabel } from '~shared/rules/incoming-source.ts';
import { fallbackPreview, previewFromOembed } from '~shared/rules/receive-preview.ts';
import { normalizeUrl } from '~shared/rules/url.ts';
import { Button } from '~shared/ui/button.tsx';
import { CheckCircleIcon, ExternalLinkIcon, InboxIcon, LoaderIcon } from '~shared/ui/icons.tsx';
import { showErrorToast, showSuccessToast } from '~shared/ui/toast.ts';
import { pageTitle, useDocumentMeta } from '../../lib/document-meta.ts';
import { useSessionState } from '../../lib/session/use-session-state.ts';

/**
 * /receive?link= or ?url= (part 2 §2): a preview of a link someone sent (oEmbed title, author and
 * thumbnail for Instagram and TikTok when signed in and configured, else host and path) and one
 * button that saves it into the incoming folder for its source. Signed out the button is
 * 'Sign in to Save' and /auth brings the visitor back here (same-site redirect only).
 */
export function ReceivePage() {
  useDocumentMeta({ title: pageTitle('Receive a link'), noindex: true });
  const [params] = useSearchParams();
  const location = useLocation();
  const raw = (params.get('link') ?? params.get('url') ?? '').trim();
  const url = raw ? normalizeUrl(raw) : null;

  return (
    <main className="mx-auto flex w-full max-w-xl flex-1 flex-col justify-center px-4 py-10">
      <section
        className="grid gap-5 rounded-xl border border-border bg-card p-6 text-card-foreground shadow-sm"
        aria-labelledby="receive-title"
        data-testid="receive"
      >
        <div className="flex items-center gap-3">
          <InboxIcon size={26} className="text-primary" />
          <h1 id="receive-title" className="text-xl font-semibold">
            Receive a link
          </h1>
        </div>
        {!raw ? (
          <p className="text-muted-foreground" data-testid="receive-empty">
            {SHARE_IN_MESSAGES.noLinkProvided}
          </p>
        ) : !url ? (
          <p className="text-muted-foreground" data-testid="receive-empty">
            This link can't be saved: only web links (http:// or https://) are accepted.
          </p>
        ) : (
          <ReceivePreview url={url} returnPath={location.pathname + location.search} />
        )}
      </section>
    </main>
  );
}

function ReceivePreview({ url, returnPath }: { url: string; returnPath: string }) {
  const client = useDataClient();
  const queryClient = useQueryClient();
  const { status, session } = useSessionState();
  const source = detectIncomingSource(url);
  const signedIn = status === 'signed-in' && !!session;
  // oEmbed needs a session (the functions answer signed-in callers only); failures fall back quietly.
  const oembed = useQuery({
    queryKey: previewKeys.detail(url),
    queryFn: () => fetchOembed(client, { url, source }),
    enabled: signedIn && source !== 'generic',
    retry: false,
    staleTime: 10 * 60_000,
  });
  const preview = oembed.data ? previewFromOembed(url, oembed.data) : fallbackPreview(url);
  const [savedFolderId, setSavedFolderId] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () => receiveLink(client, { link: url, title: oembed.data?.title ?? null }),
    onSuccess: (result) => {
      setSavedFolderId(result.link.category_id);
      showSuccessToast(SHARE_IN_MESSAGES.addedToReceiving, result.folder);
      void queryClient.invalidateQueries({ queryKey: linkKeys.all });
      void queryClient.invalidateQueries({ queryKey: categoryKeys.all });
    },
    onError: (error) => showErrorToast('receive.save', error),
  });

  return (
    <>
      <article
        className="flex gap-4 rounded-lg border border-border bg-background/60 p-4"
        data-testid="receive-preview"
        data-source={source}
      >
        {preview.thumbnailUrl ? (
          <img
            src={preview.thumbnailUrl}
            alt=""
            referrerPolicy="no-referrer"
            // A thumbnail that does not load leaves no broken-image box.
            onError={(event) => {
              event.currentTarget.style.display = 'none';
            }}
            className="h-20 w-20 shrink-0 rounded-md object-cover"
            data-testid="receive-thumbnail"
          />
        ) : null}
        <div className="grid min-w-0 gap-1">
          <p className="font-medium break-words" data-testid="receive-title">
            {oembed.isFetching ? <LoaderIcon size={14} className="mr-1 inline animate-spin" /> : null}
            {preview.title}
          </p>
          {preview.author ? (
            <p className="text-sm text-muted-foreground" data-testid="receive-author">
              by {preview.author}
            </p>
          ) : null}
          <a
            href={url}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="inline-flex min-w-0 items-center gap-1 text-sm text-primary underline-offset-4 hover:underline"
          >
            <span className="truncate">{url}</span>
            <ExternalLinkIcon size={14} className="shrink-0" />
          </a>
        </div>
      </article>
      <p className="text-sm text-muted-foreground">
        Saves into <span className="font-medium text-foreground">{incomingFolderName(source)}</span>.
      </p>
      {savedFolderId ? (
        <div className="flex flex-wrap items-center gap-3" data-testid="receive-saved">
          <CheckCircleIcon size={20} className="text-success" />
          <span className="font-medium">{SHARE_IN_MESSAGES.addedToReceiving}</span>
          <Link to={`/category/${savedFolderId}`} className="text-primary underline-offset-4 hover:underline">
            Open folder
          </Link>
        </div>
      ) : signedIn ? (
        <Button onClick={() => save.mutate()} disabled={save.isPending} className="justify-self-start">
          {save.isPending ? <LoaderIcon size={16} className="animate-spin" /> : null}
          {receiveButtonLabel(source)}
        </Button>
      ) : status === 'loading' ? (
        <Button disabled className="justify-self-start">
          <LoaderIcon size={16} className="animate-spin" />
          Loading…
        </Button>
      ) : (
        <Link
          to={`/auth?redirect=${encodeURIComponent(returnPath)}`}
          className="inline-flex h-10 items-center justify-center justify-self-start rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground hover:bg-primary/90 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {SHARE_IN_MESSAGES.signInToSave}
        </Link>
      )}
    </>
  );
}
