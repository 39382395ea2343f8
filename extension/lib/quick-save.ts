import type { DataClient } from '../../shared/data/client.ts';
import { errorToast, toDataError, type ToastMessage } from '../../shared/data/errors.ts';
import { saveLink, type SaveLinkResult } from '../../shared/data/links/api.ts';
import { linkSchema, type LinkInput } from '../../shared/schemas/link.ts';
import type { SaveTarget } from './save-target.ts';

/**
 * The one save path of the extension (popup, menus, shortcut, offline queue): the dashboard's link
 * rules through shared/data (https:// added, duplicate URL updates the existing link, default
 * folder 'Recently Saved Links', '+ Create new category').
 */

/** The link form's validation (shared linkSchema): the parsed input or the first message. */
export function validateTarget(target: Pick<SaveTarget, 'url' | 'title' | 'categoryId' | 'newCategory'>):
  | { ok: true; input: LinkInput }
  | { ok: false; message: string } {
  const parsed = linkSchema.safeParse({
    title: target.title,
    url: target.url,
    categoryId: target.categoryId ?? undefined,
    newCategory: target.newCategory ?? undefined,
  });
  if (parsed.success) return { ok: true, input: parsed.data };
  return { ok: false, message: parsed.error.issues[0]?.message ?? 'Please enter a valid URL' };
}

export function saveLinkInput(client: DataClient, input: LinkInput): Promise<SaveLinkResult> {
  return saveLink(client, { input });
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
  return dataError.status === null && dataError.code === null && /failed to fetch|fetch failed|networkerror|network request|timed? ?out|aborted/i.test(dataError.message);
}

/** The dashboard's toast for a failed save (part 1 §8). */
export function saveErrorToast(error: unknown): ToastMessage {
  return errorToast('link.save', error);
}
