/**
 * The spec's error and toast texts (part 1 §8, part 2 §8), to the letter, so every screen and the
 * extension say the same thing. Texts that pure mappings need live in shared/rules and are
 * re-exported here; `{…}` placeholders are filled by the small functions below.
 */
import { DEFAULT_CATEGORY_NAME } from './constants.ts';
import type { ToastText } from './rules/error-messages.ts';

export type { ToastText } from './rules/error-messages.ts';
export {
  ACCOUNT_EXISTS_TOAST,
  AI_ERROR_TITLES,
  ALREADY_SHARED_MESSAGE,
  CATEGORY_EXISTS_TOAST,
  DEFAULT_ERROR_TITLE,
  EMAIL_NOT_CONFIRMED_TOAST,
  INVALID_CREDENTIALS_TOAST,
  SHARE_FAILED_MESSAGE,
  UNEXPECTED_ERROR_MESSAGE,
  USERNAME_TAKEN_MESSAGE,
} from './rules/error-messages.ts';
export { SECURE_RESET_ERROR_TITLE, SECURE_RESET_FALLBACK_MESSAGE, SECURE_RESET_MESSAGES } from './rules/secure-reset-messages.ts';

// ── Auth (part 1) ────────────────────────────────────────────────────────
export const AUTH_MESSAGES = {
  accountCreated: 'Account created! Please check your email to confirm your account before signing in.',
  resetEmailSent: { title: 'Check your email', description: 'Password reset instructions have been sent to your email.' },
  passwordUpdated: 'Password updated successfully with enhanced security!',
  passwordUpdatedTitle: 'Password Updated',
  welcome: 'Welcome!',
  signedOut: 'Signed out',
  recoveryLinkExpired: {
    title: 'Authentication Error',
    description: 'The password reset link has expired (5 minutes). Please request a new one.',
  },
  /** A sign-up confirmation link opened a second time (or too late): it says so, and what to do. */
  confirmationLinkUsed: {
    title: 'Confirmation link already used',
    description: 'This confirmation link was already used or has expired. If your account is confirmed, sign in.',
  },
  recoverySessionFailed: 'Failed to validate reset link. Please try again.',
  noAuthenticatedUser: 'No authenticated user found.',
  emailVisibilityFailed: 'Failed to update email visibility.',
  nameVisibilityFailed: 'Failed to update name visibility.',
  signOutFailed: 'Failed to sign out. Please try again.',
  mustBeLoggedInToAdd: 'You must be logged in to add links.',
  mustBeLoggedInToShare: 'You must be logged in to share links.',
} as const;

/** 'Updated: Email is now visible.' and its three siblings. */
export function visibilityUpdatedMessage(field: 'Email' | 'Name', visible: boolean): ToastText {
  return { title: 'Updated', description: `${field} is now ${visible ? 'visible' : 'hidden'}.` };
}

// ── Links, categories, backgrounds (part 1) ──────────────────────────────
export const LINK_MESSAGES = {
  saveFailed: 'Failed to add link. Please try again.',
  deleteFailed: 'Failed to delete link. Please try again.',
  loadGridFailed: 'Failed to load your links. Please try again.',
  moveFailed: 'Failed to move link. Please try again.',
  moveToBeginningFailed: 'Failed to move link to beginning. Please try again.',
  moveToEndFailed: 'Failed to move link to end. Please try again.',
  defaultCategoryMissing: { title: 'Error', description: `Default category '${DEFAULT_CATEGORY_NAME}' not found.` },
  emptyGrid: 'No links found. Add your first link!',
  invalidIconType: { title: 'Invalid file type', description: 'Please select a JPG, PNG, or GIF image.' },
  invalidBackgroundType: { title: 'Invalid file type', description: 'Please select an image file.' },
  fileTooLarge: { title: 'File too large', description: 'Please select an image smaller than 5MB.' },
} as const;

/** A search that matched nothing (the spec's emptyGrid text stays for an empty collection). */
export function noLinksMatch(query: string): string {
  return `No links match "${query.trim()}"`;
}

export const LINK_ADDED_TITLE = 'Link added';
export const LINK_UPDATED_TITLE = 'Link updated';

/**
 * 'Link added' after a new link is saved: the popup names the folder it went into, the dashboard
 * (where the link shows up in its folder) says it has been saved.
 */
export function linkAddedMessage(title: string, folderName?: string): Required<ToastText> {
  const description = folderName === undefined ? `"${title}" has been saved.` : `"${title}" is in ${folderName}.`;
  return { title: LINK_ADDED_TITLE, description };
}

/** 'Updated existing link "{title}" with new details.' after a duplicate-URL add. */
export function linkUpdatedExisting(title: string): ToastText {
  return { title: LINK_UPDATED_TITLE, description: `Updated existing link "${title}" with new details.` };
}

/** The success toast after a link is saved from the dashboard or the AI suggestions (part 1 §8), by save_link's outcome. */
export function linkSavedMessage(outcome: string, title: string): ToastText {
  if (outcome === 'updated_existing') return linkUpdatedExisting(title);
  if (outcome === 'updated') return { title: LINK_UPDATED_TITLE, description: `"${title}" has been updated.` };
  return linkAddedMessage(title);
}

/** 'Link deleted' on the dashboard (part 1 §8); the folder view says LINK_DELETED (part 2 §8). */
export const linkDeletedMessage = (title: string): Required<ToastText> => ({
  title: 'Link deleted',
  description: `"${title}" has been deleted.`,
});
export const LINK_DELETED = 'Link deleted successfully!';

/** 'Link moved {direction} successfully!' */
export function linkMovedMessage(direction: string): ToastText {
  return { title: 'Success', description: `Link moved ${direction} successfully!` };
}

export function deleteLinkConfirmText(title: string): string {
  return `Are you sure you want to delete "${title}"? This action cannot be undone.`;
}

export function shareDialogTitle(title: string): string {
  return `Share Link: ${title}`;
}

/** Success toasts of the category dialogs (part 1 §8: "Category created / updated / deleted"). */
export const categoryCreatedMessage = (name: string): Required<ToastText> => ({
  title: 'Category created',
  description: `"${name}" is ready for your links.`,
});
export const categoryUpdatedMessage = (name: string): Required<ToastText> => ({
  title: 'Category updated',
  description: `"${name}" has been saved.`,
});
export const categoryDeletedMessage = (name: string): Required<ToastText> => ({
  title: 'Category deleted',
  description: `"${name}" and its links were deleted.`,
});

export const CATEGORY_MESSAGES = {
  iconUploadFailed: { title: 'Icon upload failed', description: 'Failed to upload the icon. Please try again.' },
  saveFailed: 'Failed to save category. Please try again.',
  deleteFailed: 'Failed to delete category. Please try again.',
  deleteConfirm: 'Are you sure you want to delete this category? All links inside will also be permanently deleted.',
  removeIconConfirm: 'Are you sure you want to remove this icon? This action cannot be undone.',
  iconRemoved: { title: 'Icon removed', description: "Click 'Update Category' to save the changes." },
  moveFailed: 'Failed to move the folder. Please try again.',
  moveIntoItself: 'A folder cannot be moved into itself or one of its subfolders.',
} as const;

/** A dashboard section whose folder has subfolders but no links of its own (not the spec's empty state: it is not empty). */
export const LINKS_ONLY_IN_SUBFOLDERS = 'No links directly in this folder: open a subfolder above.';

/** The toast after a folder moved in the tree ('Top level' when it has no parent now). */
export function categoryMovedMessage(name: string, parentName: string | null): { title: string; description: string } {
  return {
    title: 'Folder moved',
    description: parentName ? `"${name}" is now inside "${parentName}".` : `"${name}" is now a top-level folder.`,
  };
}

export const BACKGROUND_MESSAGES = {
  loadFailed: 'Failed to load your backgrounds.',
  uploadFailed: { title: 'Upload failed', description: 'Failed to upload background. Please try again.' },
  setFailed: 'Failed to set background. Please try again.',
  deleteFailed: 'Failed to delete background. Please try again.',
  empty: 'No backgrounds uploaded yet.',
} as const;

// ── Folders, incoming, templates (part 2) ────────────────────────────────
export const FOLDER_MESSAGES = {
  createSubfolderFailed: 'Failed to create subfolder. Please try again.',
  saveOutlineColorFailed: 'Failed to save outline color. Please try again.',
  loadTemplateCategoriesFailed: 'Failed to load template categories. Please try again.',
  loadLinksFailed: 'Failed to load links. Please try again.',
  loadSubfolderLinksFailed: 'Failed to load sub-folder links. Please try again.',
  deleteLinkFailed: 'Failed to delete link. Please try again.',
  renameCategoryFailed: 'Failed to rename category. Please try again.',
  updateCategoryIconFailed: 'Failed to update category icon. Please try again.',
  copyTemplateFolderFailed: 'Failed to copy template folder and links.',
  deleteFolderFailed: 'Failed to delete folder. Please try again.',
  copyLinkFailed: 'Failed to copy link.',
  replaceLinkFailed: 'Failed to replace existing link.',
  rejectedFolderMissing: 'REJECTED folder not found. Please contact support.',
  approvedFolderMissing: 'APPROVED folder not found. Please contact support.',
  incomingCategoryMissing: 'Incoming category not found. Please contact support.',
  rejectFailed: 'Failed to reject link. Please try again.',
  approveFailed: 'Failed to approve link. Please try again.',
  acceptFailed: 'Failed to accept link. Please try again.',
  moveFailed: 'Failed to move link. Please try again.',
  replaceExistingPrompt: 'Replace existing link?',
  deleteTemplateConfirm: 'Delete this template? This will also delete all its links.',
} as const;

export const TEMPLATE_MESSAGES = {
  loadFailed: 'Failed to load templates.',
  copyFailed: 'Failed to copy template.',
  reorderFailed: 'Failed to reorder template.',
  deleteFailed: 'Failed to delete template category.',
  uploadFailed: 'Upload failed',
} as const;

// ── Settings, privacy, account, studio (part 2) ──────────────────────────
export const SETTINGS_MESSAGES = {
  comingSoon: 'Coming soon.',
  loadProfileFailed: 'Failed to load profile information.',
  loadBlockedFailed: 'Failed to load blocked senders',
  couldNotBlock: 'Could not block',
  couldNotUnblock: 'Could not unblock',
  noEmailFound: { title: 'No email found', description: 'Please re-login' },
  resetFailed: 'Reset failed',
  unexpectedError: 'Unexpected error',
  couldNotSave: 'Could not save',
  sendCodeFailed: 'Failed to send code',
  verificationFailed: 'Verification failed',
  appearanceSaveFailed: 'Failed to save',
  accentSetFailed: 'Failed to set accent',
  webpageSaveFailed: 'Failed to save webpage settings.',
  visibilitySaveFailed: 'Failed to save visibility.',
  visibilityInitFailed: 'Failed to initialize visibility settings.',
  publishUpdateFailed: 'Failed to update publish status.',
  publishInitFailed: 'Failed to initialize publish settings.',
  updateFailed: 'Update failed',
  facebookConnectFailed: 'Facebook connect failed',
  verificationSent: {
    title: 'Verification sent',
    description: 'We emailed you a 6-digit code. Codes and links expire in 5 minutes.',
  },
} as const;

export const SLUG_MESSAGES = {
  current: 'This is your current URL',
  taken: 'Already taken, please choose another',
  available: 'Available',
  checkFailed: "Couldn't check availability",
  invalid: 'Invalid URL name',
  nameTaken: { title: 'Name already taken', description: 'Please choose another unique name.' },
  noChanges: { title: 'No changes', description: 'This is already your current URL.' },
  updated: 'URL updated successfully',
  urlRequired: 'URL required',
  usernameRequired: 'Username required',
} as const;

// Defined beside the public page's rules so /{slug} does not load this whole module.
export { PUBLIC_PAGE_MESSAGES } from './rules/profile-page.ts';

// ── Share-in routes (part 2) ─────────────────────────────────────────────
export const SHARE_IN_MESSAGES = {
  saved: 'Link saved successfully!',
  saveFailed: 'Failed to save link',
  noUrlFound: 'No URL found to save',
  noLinkProvided: 'No link provided.',
  noUrlToSave: 'No URL to save',
  couldNotSave: { title: 'Failed', description: 'Could not save link.' },
  signInToSave: 'Sign in to Save',
  addedToReceiving: 'Added to Receiving Folder',
} as const;

/** 'Your friend on {brand} shared this with you!' with the brand filled in. */
export { DEFAULT_SHARE_MESSAGE } from './constants.ts';

/** What the user types to confirm deleting their account (schemas/delete-account.ts validates it). */
export const DELETE_ACCOUNT_CONFIRMATION = 'DELETE';

export const DELETE_ACCOUNT_MESSAGES = {
  confirmation: `Type ${DELETE_ACCOUNT_CONFIRMATION} to confirm`,
  passwordRequired: 'Enter your password',
  wrongPassword: 'Incorrect password',
  deleted: 'Account deleted',
  failed: 'Could not delete account',
} as const;
