/**
 * Everything the popup does with the server, in one chunk loaded right after the first paint
 * (supabase-js, zod and the error catalogue stay out of the startup bundle).
 */
import { browser } from 'wxt/browser';
import { DEFAULT_CATEGORY_NAME } from '../../../shared/constants.ts';
import { getAppearance } from '../../../shared/data/appearance/api.ts';
import { getSession, signIn, signOut } from '../../../shared/data/auth/api.ts';
import { listCategories, type Category } from '../../../shared/data/categories/api.ts';
import { errorToast, type ToastMessage } from '../../../shared/data/errors.ts';
import { acceptIncomingShare, listIncomingShares, rejectIncomingShare, type IncomingShare } from '../../../shared/data/incoming/api.ts';
import type { SaveLinkResult } from '../../../shared/data/links/api.ts';
import { linkAddedMessage, linkUpdatedExisting } from '../../../shared/messages.ts';
import { fieldErrors } from '../../../shared/schemas/field-errors.ts';
import { linkSchema, type LinkInput } from '../../../shared/schemas/link.ts';
import { signInSchema } from '../../../shared/schemas/sign-in.ts';
import type { CategoryOption } from '../../../shared/ui/CategorySelect.tsx';
import { getDataClient } from '../../lib/client.ts';
import { isRetryableSaveError, previewHints, saveErrorToast, saveLinkInput } from '../../lib/quick-save.ts';
import type { PreviewHints } from '../../../shared/data/links/preview.ts';
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

export async function submitSignIn(values: SignInValues) {
  return signIn(await client(), { email: values.email.trim(), password: values.password });
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
  const categories = await listCategories(await client(), userId);
  const defaultFolder = categories.find(isDefaultFolder);
  const others = categories.filter((category) => category !== defaultFolder && (!category.system_key || category.system_key === 'saved'));
  const folders: CategoryOption[] = [...(defaultFolder ? [defaultFolder] : []), ...others].map(({ id, name, parent_category_id }) => ({
    id,
    name,
    parent_category_id,
  }));
  const cache: CachedCategories = { userId, categories: folders, defaultId: defaultFolder?.id ?? null };
  await area.set({ [STORAGE_KEYS.categoriesCache]: cache });
  return cache;
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
  return errorToast('auth.signIn', error);
}

export { errorToast, isRetryableSaveError, linkAddedMessage, linkUpdatedExisting, previewHints, saveErrorToast };
