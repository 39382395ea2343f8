import type { QueryClient } from '@tanstack/react-query';
import type { LinkPreviewResult } from '../../schemas/link-preview.ts';
import type { DataClient } from '../client.ts';
import { invokeFunction } from '../functions.ts';
import { linkKeys } from './keys.ts';
import type { LinkListItem } from './api.ts';

/**
 * Link previews through the link-preview edge function (the server fetches, SSRF-checked;
 * the browser never contacts the saved site). Nothing here ever blocks a save.
 */

/** A preview for the link form (title/description autofill); null when the site gives none or refuses. */
export async function fetchLinkPreview(client: DataClient, url: string): Promise<LinkPreviewResult | null> {
  try {
    return await invokeFunction<LinkPreviewResult>(client, 'link-preview', { url });
  } catch {
    return null; // a failed or blocked fetch leaves the form as it is, quietly
  }
}

export interface PreviewHints {
  title?: string | null;
  favicon_url?: string | null;
}

/** Fetches and stores the saved link's favicon/image/description (our copies); throws the function's error. */
export function refreshLinkPreview(client: DataClient, linkId: string, hints?: PreviewHints): Promise<LinkPreviewResult> {
  return invokeFunction<LinkPreviewResult>(client, 'link-preview', { link_id: linkId, ...(hints ? { hints } : {}) });
}

/** How long the lists' re-read after a preview waits at most for the favicon download. */
const WARM_WAIT_MS = 1000;

/**
 * Starts downloading a stored image while React renders the patched card, so its <img> finds the
 * bytes (the browser shares one request per URL) instead of asking only after the render. Resolves
 * when the image arrived or failed (at most WARM_WAIT_MS); at once where there is no DOM (the
 * extension's service worker, Node).
 */
function warmImage(url: string | null): Promise<void> {
  if (!url || typeof Image === 'undefined') return Promise.resolve();
  const img = new Image();
  img.decoding = 'async';
  const settled = new Promise<void>((resolve) => {
    img.onload = () => resolve();
    img.onerror = () => resolve();
    setTimeout(resolve, WARM_WAIT_MS);
  });
  img.src = url;
  return settled;
}

/**
 * Puts a stored preview into every cached list at once (the card updates), then re-reads the lists
 * in the background once the favicon has arrived, so the re-read does not compete with it.
 */
function applyPreviewToCache(queryClient: QueryClient, linkId: string, preview: LinkPreviewResult): void {
  const warmed = warmImage(preview.favicon_url);
  queryClient.setQueriesData<LinkListItem[]>({ queryKey: linkKeys.lists() }, (links) =>
    links?.map((l) => (l.id === linkId ? { ...l, favicon_url: preview.favicon_url, preview_image_url: preview.image_url } : l)),
  );
  void warmed.then(() => queryClient.invalidateQueries({ queryKey: linkKeys.lists() }));
}

/**
 * After a save: fetch the preview in the background and patch the cards when it arrives; failures
 * stay quiet. Resolves (never rejects) once it settled: true when a preview was stored and the lists
 * are being re-read, false when it failed (the caller re-reads itself if it waited for this).
 */
export function previewAfterSave(client: DataClient, queryClient: QueryClient, linkId: string, hints?: PreviewHints): Promise<boolean> {
  return refreshLinkPreview(client, linkId, hints).then(
    (preview) => {
      applyPreviewToCache(queryClient, linkId, preview);
      return true;
    },
    () => false,
  );
}

export interface RefreshProgress {
  done: number;
  total: number;
  failed: number;
  /** Of the failed: the site could not be reached or answered an error (502/504). */
  unreachable?: number;
  /** Refreshed, but the page offers neither icon nor image. */
  empty?: number;
}

/**
 * "Refresh previews" for a folder or the whole collection: one link at a time (the server also
 * rate-limits per user), waiting a minute when the limit answers 429, reporting progress.
 */
export async function refreshPreviews(
  client: DataClient,
  queryClient: QueryClient,
  linkIds: readonly string[],
  onProgress: (p: RefreshProgress) => void,
  signal?: AbortSignal,
  waitMs = 60_000,
): Promise<RefreshProgress> {
  const progress: RefreshProgress = { done: 0, total: linkIds.length, failed: 0, unreachable: 0, empty: 0 };
  onProgress({ ...progress });
  for (const id of linkIds) {
    if (signal?.aborted) break;
    for (let attempt = 0; ; attempt++) {
      try {
        const preview = await refreshLinkPreview(client, id);
        if (!preview.favicon_url && !preview.image_url) progress.empty = (progress.empty ?? 0) + 1;
        queryClient.setQueriesData<LinkListItem[]>({ queryKey: linkKeys.lists() }, (links) =>
          links?.map((l) => (l.id === id ? { ...l, favicon_url: preview.favicon_url, preview_image_url: preview.image_url } : l)),
        );
        break;
      } catch (e) {
        const status = (e as { status?: number | null }).status;
        if (status === 429 && attempt < 3 && !signal?.aborted) {
          await new Promise((r) => setTimeout(r, waitMs));
          continue;
        }
        progress.failed++;
        if (status === 502 || status === 504) progress.unreachable = (progress.unreachable ?? 0) + 1;
        break;
      }
    }
    progress.done++;
    onProgress({ ...progress });
  }
  void queryClient.invalidateQueries({ queryKey: linkKeys.lists() });
  return progress;
}
