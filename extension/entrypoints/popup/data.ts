/**
 * Everything the popup does with the server, in one chunk loaded right after the first paint
 * (supabase-js, zod and the error catalogue stay out of the startup bundle).
 */
import { browser } from '../../lib/browser.ts';
import { DEFAULT_CATEGORY_NAME, NEW_CATEGORY_OPTION } from '~shared/constants.ts';
import { getAppearance } from '~shared/data/appearance/api.ts';
import { getSession, signIn, signOut } from '~shared/data/auth/api.ts';
import { listCategories, type Category } from '~shared/data/categories/api.ts';
import { getPreferences } from '~shared/data/preferences/api.ts';
import { clientError, errorToast, toDataError, type ToastMessage } from '~shared/data/errors.ts';
import { needsSecondFactor } from '~shared/rules/two-factor-session.ts';
import { TWO_FACTOR_EXTENSION_TOAST, TWO_FACTOR_REQUIRED } from '~shared/rules/two-factor.ts';
import { acceptIncomingShare, listIncomingShares, rejectIncomingShare, type IncomingShare } from '~shared/data/incoming/api.ts';
import { deleteLink, findDuplicate, getLink, saveLink as saveLinkData, type SaveLinkResult } from '~shared/data/links/api.ts';
import { getLinkNote, setLinkNote, setLinkTags } from '~shared/data/tags/api.ts';
import { linkNoteSchema, tagNameSchema } from '~shared/schemas/tag.ts';
import { TAGS_PER_LINK_MAX, uniqueTagNames } from '~shared/rules/tags.ts';
import { patchLinkCache, type CachedLink } from '../../lib/link-cache.ts';
import type { SaveAllPlan } from '../../lib/save-all-tabs.ts';
import { effectiveCategoryId } from '~shared/rules/category-assignment.ts';
import { buildFolderTree, folderPathNames } from '~shared/rules/folder-tree.ts';
import { linkAddedMessage, linkUpdatedExisting } from '~shared/messages.ts';
import { fieldErrors } from '~shared/schemas/field-errors.ts';
import { linkSchema, type LinkInput } from '~shared/schemas/link.ts';
import { signInSchema } from '~shared/schemas/sign-in.ts';
import type { CategoryOption } from '~shared/ui/category-select.tsx';
import { getDataClient } from '../../lib/client.ts';
import { isRetryableSaveError, previewHints, saveErrorToast, saveLinkInput } from '../../lib/quick-save.ts';
import type { PreviewHints } from '~shared/data/links/preview.ts';
import { STORAGE_KEYS } from '../../lib/storage-keys.ts';
import type { CachedCategories } from './boot.ts';

const area = browser.storage.local;
const client = () => getDataClient(area);

export type SignInValues = {
  email: string;
  password: string;
};
export type QuickSaveValues = {
  title: string;
  url: string;
  categoryId: string;
  newCategory: string;
};

export const validate = {
  signIn: (values: SignInValues) => fieldErrors(signInSchema, values),
  link: (values: QuickSaveValues) => fieldErrors(linkSchema, values),
};

export function parseLink(values: QuickSaveValues): LinkInput {
  return linkSchema.parse({ ...values, categoryId: values.categoryId || undefined, newCategory: values.newCategory || undefined });
}

/**
 * The popup has no code step: an account with two-factor on gets its password-only session ended
 * at once (it could read nothing anyway) and a message that says where to sign in instead.
 */
export async function submitSignIn(values: SignInValues) {
  const c = await client();
  const session = await signIn(c, { email: values.email.trim(), password: values.password });
  if (needsSecondFactor(session)) {
    await signOut(c).catch(() => undefined);
    throw clientError(TWO_FACTOR_REQUIRED, TWO_FACTOR_EXTENSION_TOAST.description);
  }
  return session;
}

export async function submitSignOut() {
  return signOut(await client());
}

/**
 * Copies the user's saved appearance (/settings/appearance) into storage, where the popup's
 * theme follower (ui/theme-mode.ts) picks it up; no saved row means the defaults.
 */
export async function syncAppearance(userId: string): Promise<void> {
  const row = await getAppearance(await client(), userId);
  await area.set({ [STORAGE_KEYS.appearance]: row ?? { theme: 'dark' } });
}

/** Renews an expired access token now (supabase-js signs out if the refresh token was revoked). */
export async function checkSession() {
  return getSession(await client());
}

const isDefaultFolder = (category: Category) =>
  category.is_default && category.name === DEFAULT_CATEGORY_NAME && !category.parent_category_id;

/**
 * Folders a link can be saved or accepted into: the user's own, not the inbox system folders
 * (incoming, APPROVED, REJECTED). 'Recently Saved Links' comes first; `defaultId` is its id.
 */
export async function fetchFolders(userId: string): Promise<CachedCategories> {
  const [categories, preferred] = await Promise.all([
    listCategories(await client(), userId),
    // The default folder of General settings preselects the select; unreadable = the usual default.
    getPreferences(await client(), userId)
      .then((p) => p.default_category_id)
      .catch(() => null),
  ]);
  const defaultFolder = categories.find(isDefaultFolder);
  const others = categories.filter((category) => category !== defaultFolder && (!category.system_key || category.system_key === 'saved'));
  const folders: CategoryOption[] = [...(defaultFolder ? [defaultFolder] : []), ...others].map(({ id, name, parent_category_id }) => ({
    id,
    name,
    parent_category_id,
  }));
  const preferredId = preferred && preferred !== defaultFolder?.id && folders.some((f) => f.id === preferred) ? preferred : null;
  const cache: CachedCategories = { userId, categories: folders, defaultId: defaultFolder?.id ?? null, preferredId };
  await area.set({ [STORAGE_KEYS.categoriesCache]: cache });
  return cache;
}

/** Where the current page is already saved: its folder's path ('' when the popup does not list it) and select value. */
export interface SavedFolder {
  path: string;
  /** The category select's value for it ('' = Recently Saved Links), null when the select does not list it. */
  selectValue: string | null;
  /** The saved link itself (for the editor while the cache does not have it yet). */
  link?: Pick<CachedLink, 'id' | 'title' | 'url' | 'category_id' | 'second_category_id'>;
}

/** The user's saved link that is the same link as `url` (the duplicate-URL rule): where it is, or null when not saved. */
export async function findSavedFolder(userId: string, url: string, folders: CachedCategories | null): Promise<SavedFolder | null> {
  if (!url) return null;
  const link = await findDuplicate(await client(), userId, url);
  return link ? { ...savedFolderOf(link, folders), link } : null;
}

/** A saved link's folder path and select value, from the folders the popup has. */
export function savedFolderOf(
  link: Pick<CachedLink, 'category_id' | 'second_category_id'>,
  folders: CachedCategories | null,
): Omit<SavedFolder, 'link'> {
  const folderId = effectiveCategoryId(link);
  const list = folders?.categories ?? [];
  if (!folderId || folderId === folders?.defaultId) return { path: DEFAULT_CATEGORY_NAME, selectValue: '' };
  const tree = buildFolderTree(list.map((f) => ({ id: f.id, name: f.name, parent_category_id: f.parent_category_id ?? null })));
  return tree.byId.has(folderId)
    ? { path: folderPathNames(tree, folderId).join(' › '), selectValue: folderId }
    : { path: '', selectValue: null };
}

export async function saveLink(input: LinkInput, hints?: PreviewHints): Promise<SaveLinkResult> {
  return saveLinkInput(await client(), input, hints);
}

export async function fetchIncoming(): Promise<IncomingShare[]> {
  return listIncomingShares(await client(), 'pending');
}

export async function acceptShare(sharedLinkId: string, destinationCategoryId: string) {
  return acceptIncomingShare(await client(), { sharedLinkId, destinationCategoryId });
}

export async function rejectShare(sharedLinkId: string) {
  return rejectIncomingShare(await client(), sharedLinkId);
}

export function signInErrorToast(error: unknown): ToastMessage {
  if (toDataError(error).code === TWO_FACTOR_REQUIRED) return TWO_FACTOR_EXTENSION_TOAST;
  return errorToast('auth.signIn', error);
}

export { errorToast, isRetryableSaveError, linkAddedMessage, linkUpdatedExisting, previewHints, saveErrorToast };

/** The saved-link editor's fields (tags as typed: comma-separated). */
export type SavedLinkValues = {
  title: string;
  categoryId: string;
  tags: string;
  notes: string;
};

const tagNamesOf = (text: string) => uniqueTagNames(text.split(','));

/** Title (the link form's rule), each tag (the tag rule), at most TAGS_PER_LINK_MAX tags, the note's length. */
export function validateSavedLink(values: SavedLinkValues): Partial<Record<keyof SavedLinkValues, string>> {
  const errors: Partial<Record<keyof SavedLinkValues, string>> = {};
  if (!values.title.trim()) errors.title = 'Title is required';
  const names = tagNamesOf(values.tags);
  for (const name of names) {
    const parsed = tagNameSchema.safeParse(name);
    if (!parsed.success) {
      errors.tags = `"${name}": ${parsed.error.issues[0]?.message ?? 'not a valid tag'}`;
      break;
    }
  }
  if (!errors.tags && names.length > TAGS_PER_LINK_MAX) errors.tags = `A link can have at most ${TAGS_PER_LINK_MAX} tags.`;
  const note = linkNoteSchema.shape.body.safeParse(values.notes);
  if (!note.success) errors.notes = note.error.issues[0]?.message;
  return errors;
}

export async function fetchLinkNote(linkId: string): Promise<string> {
  return getLinkNote(await client(), linkId);
}

/**
 * Saves the editor's changes through shared/data: title and folder (save_link on this link),
 * tags (set_link_tags) and the note, each only when changed; then the local cache follows.
 * `defaultId`: 'Recently Saved Links' (the select's ''), named so save_link moves the link back to it.
 */
export async function updateSavedLink(
  userId: string,
  link: CachedLink,
  before: SavedLinkValues,
  values: SavedLinkValues,
  defaultId: string | null,
): Promise<CachedLink> {
  const c = await client();
  let next: CachedLink = { ...link };
  if (values.title.trim() !== before.title.trim() || values.categoryId !== before.categoryId) {
    // save_link writes the description it is given: the link's own is sent back unchanged.
    const row = await getLink(c, link.id);
    if (!row) throw new Error('Link not found.');
    const saved = await saveLinkData(c, {
      linkId: link.id,
      input: linkSchema.parse({
        title: values.title,
        url: row.url,
        description: row.description ?? undefined,
        categoryId: values.categoryId || defaultId || undefined,
      }),
    });
    const { id, title, url, category_id, second_category_id, created_at } = saved.link;
    next = { ...next, id, title, url, category_id, second_category_id, created_at };
  }
  if (values.tags !== before.tags) {
    const tags = await setLinkTags(c, { linkId: link.id, names: tagNamesOf(values.tags) });
    next = { ...next, tags: tags.map((tag) => tag.name) };
  }
  if (values.notes !== before.notes) await setLinkNote(c, userId, { linkId: link.id, body: values.notes });
  await patchLinkCache(area, userId, { upsert: next });
  return next;
}

export async function removeSavedLink(userId: string, linkId: string): Promise<void> {
  await deleteLink(await client(), linkId);
  await patchLinkCache(area, userId, { remove: linkId });
}

/** Where 'Save all tabs' puts the tabs: a new folder (by date) or one of the user's. */
export type SaveAllFolder = { newName: string } | { id: string; name: string };

export interface SaveAllResult {
  saved: number;
  skipped: number;
  failed: number;
  folder: string;
  /** Tabs whose page was saved (to close them when asked). */
  savedTabIds: number[];
}

/**
 * Saves the plan's tabs with the dashboard's rules (shared saveLink): the first one creates the new
 * folder, the rest go into it, a few at a time. The cache's links stand in for the duplicate check.
 */
export async function saveAllTabs(plan: SaveAllPlan, folder: SaveAllFolder, known: readonly CachedLink[]): Promise<SaveAllResult> {
  const c = await client();
  const result: SaveAllResult = {
    saved: 0,
    skipped: plan.skipped.length,
    failed: 0,
    folder: 'newName' in folder ? folder.newName : folder.name,
    savedTabIds: [],
  };
  let categoryId = 'newName' in folder ? null : folder.id;
  const saveOne = async (item: SaveAllPlan['toSave'][number]) => {
    const input = linkSchema.safeParse(
      categoryId === null
        ? { title: item.title, url: item.url, categoryId: NEW_CATEGORY_OPTION, newCategory: result.folder }
        : { title: item.title, url: item.url, categoryId },
    );
    if (!input.success) {
      result.failed += 1;
      return;
    }
    try {
      const saved = await saveLinkData(c, { input: input.data, knownLinks: known });
      categoryId ??= saved.categoryId;
      result.saved += 1;
      result.savedTabIds.push(...item.tabIds);
    } catch (error) {
      console.warn('save all tabs', error);
      result.failed += 1;
    }
  };
  const [first, ...rest] = plan.toSave;
  if (first) await saveOne(first);
  // The new folder must exist before the others go in; if the first save failed, the next one creates it.
  while (categoryId === null && rest.length > 0) await saveOne(rest.shift()!);
  for (let i = 0; i < rest.length; i += 4) await Promise.all(rest.slice(i, i + 4).map(saveOne));
  return result;
}
