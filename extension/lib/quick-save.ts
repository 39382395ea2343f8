import type { DataClient } from '~shared/data/client.ts';
import { errorToast, toDataError, type ToastMessage } from '~shared/data/errors.ts';
import { saveLink, type SaveLinkResult } from '~shared/data/links/api.ts';
import { getPreferences } from '~shared/data/preferences/api.ts';
import { refreshLinkPreview, type PreviewHints } from '~shared/data/links/preview.ts';
import { normalizeUrl, safeHref } from '~shared/rules/url.ts';
import { linkSchema, type LinkInput } from '~shared/schemas/link.ts';
import type { SaveTarget } from './save-target.ts';

/**
 * The one save path of the extension (popup, menus, shortcut, offline queue): the dashboard's link
 * rules through shared/data (https:// added, duplicate URL updates the existing link, default
 * folder 'Recently Saved Links', '+ Create new category').
 */

/** The link form's validation (shared linkSchema): the parsed input or the first message. */
export function validateTarget(
  target: Pick<SaveTarget, 'url' | 'title' | 'categoryId' | 'newCategory'>,
): { ok: true; input: LinkInput } | { ok: false; message: string } {
  const parsed = linkSchema.safeParse({
    title: target.title,
    url: target.url,
    categoryId: target.categoryId ?? undefined,
    newCategory: target.newCategory ?? undefined,
  });
  if (parsed.success) return { ok: true, input: parsed.data };
  return { ok: false, message: parsed.error.issues[0]?.message ?? 'Please enter a valid URL' };
}

/**
 * What the extension knows about the page (the tab's title and favicon URL) as hints for
 * the server's preview; no extra permission. The favicon is only a hint for the tab's own URL (an
 * edited URL is another page), and only http(s) (data: and chrome:// favicons are not fetchable).
 */
export function previewHints(
  target: { url: string; title?: string | null; faviconUrl?: string | null },
  savedUrl: string,
): PreviewHints | undefined {
  if (normalizeUrl(target.url) !== savedUrl) return undefined;
  const favicon = safeHref(target.faviconUrl ?? null) ?? null;
  const title = target.title?.trim() || null;
  return favicon || title ? { title, favicon_url: favicon } : undefined;
}

/** Saves, then asks for the preview in the background (never waited for; a failure is quiet). */
export async function saveLinkInput(client: DataClient, input: LinkInput, hints?: PreviewHints): Promise<SaveLinkResult> {
  const saved = await saveLink(client, { input });
  void refreshLinkPreview(client, saved.link.id, hints).catch(() => undefined);
  return saved;
}

/**
 * A save that names no folder (right-click menu, shortcut, offline queue) goes to the default folder
 * of the user's General settings; 'Recently Saved Links' when none is chosen or it cannot be read.
 */
export async function saveToDefaultFolder(
  client: DataClient,
  userId: string,
  input: LinkInput,
  hints?: PreviewHints,
): Promise<SaveLinkResult> {
  if (input.categoryId) return saveLinkInput(client, input, hints);
  const preferred = await getPreferences(client, userId)
    .then((p) => p.default_category_id)
    .catch(() => null);
  return saveLinkInput(client, preferred ? { ...input, categoryId: preferred } : input, hints);
}

/**
 * True when the server could not be reached or failed on its side (network error, timeout,
 * 5xx): the save is worth retrying later. A refusal (4xx, validation) is not.
 */
export function isRetryableSaveError(error: unknown): boolean {
  const dataError = toDataError(error);
  if (dataError.source === 'network') return true;
  if (dataError.status !== null && dataError.status >= 500) return true;
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'AbortError' || name === 'TimeoutError') return true;
  return (
    dataError.status === null &&
    dataError.code === null &&
    /failed to fetch|fetch failed|networkerror|network request|timed? ?out|aborted/i.test(dataError.message)
  );
}

/** The dashboard's toast for a failed save (part 1 §8). */
export function saveErrorToast(error: unknown): ToastMessage {
  return errorToast('link.save', error);
}
