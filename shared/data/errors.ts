/**
 * Every error the data layer can raise, normalised to one class, and the one table that turns an
 * (action, error) pair into the spec's toast text (part 1 §8 and part 2 §8). Components call
 * `errorToast('link.save', error)` and show `{title, description}`; nothing else maps errors.
 */
import {
  ACCOUNT_EXISTS_TOAST,
  ALREADY_SHARED_MESSAGE,
  AUTH_MESSAGES,
  BACKGROUND_MESSAGES,
  CATEGORY_EXISTS_TOAST,
  CATEGORY_MESSAGES,
  DELETE_ACCOUNT_MESSAGES,
  DEFAULT_ERROR_TITLE,
  EMAIL_NOT_CONFIRMED_TOAST,
  FOLDER_MESSAGES,
  INVALID_CREDENTIALS_TOAST,
  LINK_MESSAGES,
  SECURE_RESET_ERROR_TITLE,
  SECURE_RESET_FALLBACK_MESSAGE,
  SECURE_RESET_MESSAGES,
  SETTINGS_MESSAGES,
  SHARE_FAILED_MESSAGE,
  SHARE_IN_MESSAGES,
  SLUG_MESSAGES,
  TEMPLATE_MESSAGES,
  UNEXPECTED_ERROR_MESSAGE,
  USERNAME_TAKEN_MESSAGE,
  type ToastText,
} from '../messages.ts';
import { AI_ERROR_TITLES, aiErrorToast, isAccountExistsError, isUniqueViolation } from '../rules/error-messages.ts';
import { LINK_QUOTA_CODE, LINK_QUOTA_MESSAGE, LINK_QUOTA_TITLE } from '../rules/link-limits.ts';
import { isSecureResetCode } from '../rules/secure-reset-messages.ts';

export type ErrorSource = 'database' | 'auth' | 'storage' | 'function' | 'network' | 'client';

/** Codes the data layer raises itself (server codes such as '23505' pass through unchanged). */
export const CLIENT_ERROR_CODES = {
  notAuthenticated: 'not_authenticated',
  defaultCategoryMissing: 'default_category_missing',
  incomingCategoryMissing: 'incoming_category_missing',
  approvedFolderMissing: 'approved_folder_missing',
  rejectedFolderMissing: 'rejected_folder_missing',
  invalidUrl: 'invalid_url',
  invalidFileType: 'invalid_file_type',
  fileTooLarge: 'file_too_large',
  invalidInput: 'invalid_input',
  notFound: 'not_found',
  noChange: 'no_change',
  /** A server answer whose shape is not what the data layer reads (json-reader.ts): a server and client out of step. */
  unexpectedResponse: 'unexpected_response',
} as const;

export class DataError extends Error {
  readonly code: string | null;
  readonly status: number | null;
  readonly details: string | null;
  readonly source: ErrorSource;

  constructor(
    message: string,
    options: { code?: string | null; status?: number | null; details?: string | null; source: ErrorSource; cause?: unknown },
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'DataError';
    this.code = options.code ?? null;
    this.status = options.status ?? null;
    this.details = options.details ?? null;
    this.source = options.source;
  }

  /** True when a server answered (its message is meant for people), false for network/unknown failures. */
  get fromServer(): boolean {
    return this.source !== 'network' && this.source !== 'client';
  }
}

export function clientError(code: string, message: string): DataError {
  return new DataError(message, { code, source: 'client' });
}

interface ErrorLike {
  message?: unknown;
  code?: unknown;
  status?: unknown;
  statusCode?: unknown;
  details?: unknown;
  name?: unknown;
  error?: unknown;
}

const str = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : null;

function sourceOf(name: string | null, fallback: ErrorSource): ErrorSource {
  if (!name) return fallback;
  if (name.startsWith('Auth')) return 'auth';
  if (name.startsWith('Storage')) return 'storage';
  if (name.startsWith('Functions')) return 'function';
  if (name === 'PostgrestError') return 'database';
  return fallback;
}

/** Any thrown value or supabase-js `error` object as a DataError. */
export function toDataError(error: unknown, source: ErrorSource = 'database'): DataError {
  if (error instanceof DataError) return error;
  // fetch() failing (offline, refused, CORS) is a TypeError; supabase-js wraps it as "TypeError: Failed to fetch".
  if (error instanceof TypeError) return new DataError(error.message, { source: 'network', cause: error });
  if (error && typeof error === 'object') {
    const e = error as ErrorLike;
    const message = str(e.message) ?? str(e.error) ?? 'Unknown error';
    const name = str(e.name);
    const status = Number(e.status ?? e.statusCode);
    const resolved = sourceOf(name, source);
    const networkLike =
      name === 'AuthRetryableFetchError' ||
      name === 'FunctionsFetchError' ||
      (/failed to fetch|fetch failed|network/i.test(message) && !Number.isFinite(status));
    return new DataError(message, {
      code: str(e.code),
      status: Number.isFinite(status) && status > 0 ? status : null,
      details: str(e.details),
      source: networkLike ? 'network' : resolved,
      cause: error,
    });
  }
  return new DataError(typeof error === 'string' ? error : 'Unknown error', { source: 'client', cause: error });
}

/**
 * The data of a result's success branch: supabase-js answers `{ data: T, error: null } | { data:
 * null, error }`, so once the error is thrown the data is `T` (a row for `.single()`, rows for a
 * list), not `T | null`. A result that is not such a union keeps its `data` type.
 */
export type SuccessData<R extends { data: unknown }> = [Extract<R, { error: null }>] extends [never]
  ? R['data']
  : Extract<R, { error: null }>['data'];

/** Throws a DataError when a supabase-js result carries an error; returns the data otherwise. */
export function unwrap<R extends { data: unknown; error: unknown }>(result: R, source: ErrorSource = 'database'): SuccessData<R> {
  if (result.error) throw toDataError(result.error, source);
  return result.data;
}

// ── Toast catalogue ──────────────────────────────────────────────────────
// Texts come from shared/messages.ts (the spec's words); this table only decides which one applies.

export type ToastMessage = ToastText;

/** The message when a server gave one, else the fallback (the spec's "the message, or '…'"). */
function serverMessageOr(error: DataError, fallback: string): string {
  return error.fromServer && error.message.trim() ? error.message : fallback;
}

type Rule = (error: DataError) => ToastMessage | null;
interface ActionEntry {
  /** Special cases checked first, in order. */
  rules?: Rule[];
  /** The toast when no rule matched. */
  fallback: (error: DataError) => ToastMessage;
}

const hasCode = (code: string) => (error: DataError) => error.code === code;
const when =
  (test: (error: DataError) => boolean, toast: ToastMessage | ((error: DataError) => ToastMessage)): Rule =>
  (error) =>
    test(error) ? (typeof toast === 'function' ? toast(error) : toast) : null;
const uniqueViolation = (error: DataError) => isUniqueViolation(error);

/** Title 'Error' with a fixed sentence (part 2 §8: "title Error unless noted"). */
const errorSentence = (sentence: string) => (): ToastMessage => ({ title: DEFAULT_ERROR_TITLE, description: sentence });
/** Title 'Error' with the server message, or the sentence when there is none (part 1 §8). */
const messageOrSentence =
  (sentence: string) =>
  (error: DataError): ToastMessage => ({
    title: DEFAULT_ERROR_TITLE,
    description: serverMessageOr(error, sentence),
  });
/** A short title with the server message as the description (part 2 §8: "the server message is usually the description"). */
const titleWithMessage =
  (title: string, fallbackDescription?: string) =>
  (error: DataError): ToastMessage => {
    const description = error.fromServer && error.message.trim() ? error.message : fallbackDescription;
    return description ? { title, description } : { title };
  };
const fixed = (toast: ToastMessage) => (): ToastMessage => toast;

const notAuthenticated = hasCode(CLIENT_ERROR_CODES.notAuthenticated);
const DEFAULT_CATEGORY_MISSING = when(hasCode(CLIENT_ERROR_CODES.defaultCategoryMissing), LINK_MESSAGES.defaultCategoryMissing);
/** Every path that adds a link can meet the account's link quota (HTTP 403 PT403): say so plainly. */
const LINK_QUOTA_REACHED = when(hasCode(LINK_QUOTA_CODE), { title: LINK_QUOTA_TITLE, description: LINK_QUOTA_MESSAGE });
/** File checks raise these codes with the spec's description as the message. */
const fileRules: Rule[] = [
  when(hasCode(CLIENT_ERROR_CODES.invalidFileType), (e) => ({ title: LINK_MESSAGES.invalidIconType.title, description: e.message })),
  when(hasCode(CLIENT_ERROR_CODES.fileTooLarge), fixed(LINK_MESSAGES.fileTooLarge)),
];
const unexpectedOrMessage = (e: DataError): ToastMessage => ({
  title: DEFAULT_ERROR_TITLE,
  description: e.fromServer && e.message.trim() ? e.message : UNEXPECTED_ERROR_MESSAGE,
});

const CATALOGUE = {
  // ── Part 1: auth ──
  'auth.signUp': {
    rules: [when((e) => isAccountExistsError(e.message) || e.code === 'user_already_exists', ACCOUNT_EXISTS_TOAST)],
    fallback: unexpectedOrMessage,
  },
  'auth.signIn': {
    rules: [
      when((e) => /invalid login credentials/i.test(e.message) || e.code === 'invalid_credentials', INVALID_CREDENTIALS_TOAST),
      when((e) => /email not confirmed/i.test(e.message) || e.code === 'email_not_confirmed', EMAIL_NOT_CONFIRMED_TOAST),
    ],
    fallback: unexpectedOrMessage,
  },
  'auth.recoveryLink': { fallback: fixed(AUTH_MESSAGES.recoveryLinkExpired) },
  'auth.setSession': { fallback: errorSentence(AUTH_MESSAGES.recoverySessionFailed) },
  'auth.updatePassword': {
    rules: [
      when(notAuthenticated, { title: DEFAULT_ERROR_TITLE, description: AUTH_MESSAGES.noAuthenticatedUser }),
      when(
        (e) => isSecureResetCode(e.code),
        (e) => ({ title: SECURE_RESET_ERROR_TITLE, description: SECURE_RESET_MESSAGES[e.code as keyof typeof SECURE_RESET_MESSAGES] }),
      ),
    ],
    fallback: (e) => ({ title: SECURE_RESET_ERROR_TITLE, description: serverMessageOr(e, SECURE_RESET_FALLBACK_MESSAGE) }),
  },
  'auth.signOut': { fallback: errorSentence(AUTH_MESSAGES.signOutFailed) },
  'auth.resetRequest': { fallback: titleWithMessage(SETTINGS_MESSAGES.resetFailed) },
  'auth.noEmail': { fallback: fixed(SETTINGS_MESSAGES.noEmailFound) },
  'auth.facebookConnect': { fallback: titleWithMessage(SETTINGS_MESSAGES.facebookConnectFailed) },
  // ── Part 1: profile toggles ──
  'profile.emailVisibility': { fallback: errorSentence(AUTH_MESSAGES.emailVisibilityFailed) },
  'profile.nameVisibility': { fallback: errorSentence(AUTH_MESSAGES.nameVisibilityFailed) },
  // ── Part 1: links ──
  'links.load': { fallback: errorSentence(LINK_MESSAGES.loadGridFailed) },
  'link.save': {
    rules: [
      LINK_QUOTA_REACHED,
      when(notAuthenticated, { title: DEFAULT_ERROR_TITLE, description: AUTH_MESSAGES.mustBeLoggedInToAdd }),
      DEFAULT_CATEGORY_MISSING,
      ...fileRules,
    ],
    fallback: messageOrSentence(LINK_MESSAGES.saveFailed),
  },
  'link.delete': { fallback: messageOrSentence(LINK_MESSAGES.deleteFailed) },
  'link.share': {
    rules: [
      when(notAuthenticated, { title: DEFAULT_ERROR_TITLE, description: AUTH_MESSAGES.mustBeLoggedInToShare }),
      when(uniqueViolation, { title: DEFAULT_ERROR_TITLE, description: ALREADY_SHARED_MESSAGE }),
    ],
    fallback: messageOrSentence(SHARE_FAILED_MESSAGE),
  },
  'link.move': { fallback: errorSentence(LINK_MESSAGES.moveFailed) },
  'link.moveBeginning': { fallback: errorSentence(LINK_MESSAGES.moveToBeginningFailed) },
  'link.moveEnd': { fallback: errorSentence(LINK_MESSAGES.moveToEndFailed) },
  'link.copy': { rules: [LINK_QUOTA_REACHED], fallback: errorSentence(FOLDER_MESSAGES.copyLinkFailed) },
  'link.moveToFolder': { rules: [LINK_QUOTA_REACHED], fallback: errorSentence(LINK_MESSAGES.moveFailed) },
  'link.replace': { fallback: errorSentence(FOLDER_MESSAGES.replaceLinkFailed) },
  // ── Part 1: categories ──
  'category.save': {
    rules: [when(uniqueViolation, CATEGORY_EXISTS_TOAST), DEFAULT_CATEGORY_MISSING],
    fallback: messageOrSentence(CATEGORY_MESSAGES.saveFailed),
  },
  'category.iconUpload': { rules: fileRules, fallback: fixed(CATEGORY_MESSAGES.iconUploadFailed) },
  'category.delete': { fallback: errorSentence(CATEGORY_MESSAGES.deleteFailed) },
  'category.move': {
    rules: [
      when(uniqueViolation, CATEGORY_EXISTS_TOAST),
      when((e) => e.code === '23514', { title: DEFAULT_ERROR_TITLE, description: CATEGORY_MESSAGES.moveIntoItself }),
    ],
    fallback: errorSentence(CATEGORY_MESSAGES.moveFailed),
  },
  'category.rename': {
    rules: [when(uniqueViolation, CATEGORY_EXISTS_TOAST)],
    fallback: errorSentence(FOLDER_MESSAGES.renameCategoryFailed),
  },
  'category.updateIcon': { fallback: errorSentence(FOLDER_MESSAGES.updateCategoryIconFailed) },
  // ── Part 1: backgrounds ──
  'backgrounds.load': { fallback: errorSentence(BACKGROUND_MESSAGES.loadFailed) },
  'background.upload': {
    rules: [
      when(hasCode(CLIENT_ERROR_CODES.invalidFileType), fixed(LINK_MESSAGES.invalidBackgroundType)),
      when(hasCode(CLIENT_ERROR_CODES.fileTooLarge), fixed(LINK_MESSAGES.fileTooLarge)),
    ],
    fallback: fixed(BACKGROUND_MESSAGES.uploadFailed),
  },
  'background.set': { fallback: errorSentence(BACKGROUND_MESSAGES.setFailed) },
  'background.delete': { fallback: errorSentence(BACKGROUND_MESSAGES.deleteFailed) },
  // ── Part 2: folders, templates, incoming ──
  'subfolder.create': {
    rules: [when(uniqueViolation, CATEGORY_EXISTS_TOAST)],
    fallback: errorSentence(FOLDER_MESSAGES.createSubfolderFailed),
  },
  'profile.outlineColor': { fallback: errorSentence(FOLDER_MESSAGES.saveOutlineColorFailed) },
  'templates.loadCategories': { fallback: errorSentence(FOLDER_MESSAGES.loadTemplateCategoriesFailed) },
  'folder.loadLinks': { fallback: errorSentence(FOLDER_MESSAGES.loadLinksFailed) },
  'folder.loadSubfolderLinks': { fallback: errorSentence(FOLDER_MESSAGES.loadSubfolderLinksFailed) },
  'folder.deleteLink': { fallback: errorSentence(FOLDER_MESSAGES.deleteLinkFailed) },
  'folder.delete': { fallback: errorSentence(FOLDER_MESSAGES.deleteFolderFailed) },
  'template.copyFolder': { fallback: errorSentence(FOLDER_MESSAGES.copyTemplateFolderFailed) },
  'templates.load': { fallback: errorSentence(TEMPLATE_MESSAGES.loadFailed) },
  'template.copy': { rules: [LINK_QUOTA_REACHED], fallback: errorSentence(TEMPLATE_MESSAGES.copyFailed) },
  'template.reorder': { fallback: errorSentence(TEMPLATE_MESSAGES.reorderFailed) },
  'template.delete': { fallback: errorSentence(TEMPLATE_MESSAGES.deleteFailed) },
  'incoming.accept': {
    // Accepting records APPROVED as the link's second folder, so the server also says when APPROVED is gone.
    rules: [
      LINK_QUOTA_REACHED,
      when(hasCode(CLIENT_ERROR_CODES.incomingCategoryMissing), {
        title: DEFAULT_ERROR_TITLE,
        description: FOLDER_MESSAGES.incomingCategoryMissing,
      }),
      when(hasCode(CLIENT_ERROR_CODES.approvedFolderMissing), {
        title: DEFAULT_ERROR_TITLE,
        description: FOLDER_MESSAGES.approvedFolderMissing,
      }),
    ],
    fallback: errorSentence(FOLDER_MESSAGES.acceptFailed),
  },
  'incoming.approve': {
    rules: [
      when(hasCode(CLIENT_ERROR_CODES.approvedFolderMissing), {
        title: DEFAULT_ERROR_TITLE,
        description: FOLDER_MESSAGES.approvedFolderMissing,
      }),
    ],
    fallback: errorSentence(FOLDER_MESSAGES.approveFailed),
  },
  'incoming.reject': {
    rules: [
      when(hasCode(CLIENT_ERROR_CODES.rejectedFolderMissing), {
        title: DEFAULT_ERROR_TITLE,
        description: FOLDER_MESSAGES.rejectedFolderMissing,
      }),
    ],
    fallback: errorSentence(FOLDER_MESSAGES.rejectFailed),
  },
  upload: { rules: fileRules, fallback: titleWithMessage(TEMPLATE_MESSAGES.uploadFailed) },
  // ── Part 2: AI ──
  'ai.discover': {
    rules: [
      when((e) => e.code === 'insufficient_quota' || e.code === 'quota_exceeded', titleWithMessage(AI_ERROR_TITLES.quota)),
      when((e) => e.code === 'invalid_api_key' || e.code === 'api_key', titleWithMessage(AI_ERROR_TITLES.apiKey)),
    ],
    fallback: (e) =>
      aiErrorToast({ status: e.source === 'function' ? e.status : null, message: e.message, notSignedIn: notAuthenticated(e) }),
  },
  // ── Part 2: settings, privacy, account, studio ──
  'profile.load': { fallback: errorSentence(SETTINGS_MESSAGES.loadProfileFailed) },
  'blocked.load': { fallback: titleWithMessage(SETTINGS_MESSAGES.loadBlockedFailed) },
  'blocked.block': { fallback: titleWithMessage(SETTINGS_MESSAGES.couldNotBlock) },
  'blocked.unblock': { fallback: titleWithMessage(SETTINGS_MESSAGES.couldNotUnblock) },
  'username.save': {
    rules: [when(uniqueViolation, { title: SETTINGS_MESSAGES.couldNotSave, description: USERNAME_TAKEN_MESSAGE })],
    fallback: titleWithMessage(SETTINGS_MESSAGES.couldNotSave),
  },
  'email.requestCode': { fallback: titleWithMessage(SETTINGS_MESSAGES.sendCodeFailed) },
  'email.confirmCode': { fallback: titleWithMessage(SETTINGS_MESSAGES.verificationFailed) },
  'account.controls': { fallback: titleWithMessage(SETTINGS_MESSAGES.couldNotSave) },
  'account.delete': { fallback: titleWithMessage(DELETE_ACCOUNT_MESSAGES.failed) },
  'appearance.save': { fallback: titleWithMessage(SETTINGS_MESSAGES.appearanceSaveFailed) },
  'appearance.accent': { fallback: titleWithMessage(SETTINGS_MESSAGES.accentSetFailed) },
  'studio.save': { fallback: errorSentence(SETTINGS_MESSAGES.webpageSaveFailed) },
  'privacy.visibility': { fallback: errorSentence(SETTINGS_MESSAGES.visibilitySaveFailed) },
  'privacy.initVisibility': { fallback: errorSentence(SETTINGS_MESSAGES.visibilityInitFailed) },
  'privacy.publish': { fallback: errorSentence(SETTINGS_MESSAGES.publishUpdateFailed) },
  'privacy.initPublish': { fallback: errorSentence(SETTINGS_MESSAGES.publishInitFailed) },
  // Chosen titles (the spec does not resolve exclusive members): the server's message is the description.
  'studio.addMember': { fallback: titleWithMessage('Could not add member') },
  'studio.removeMember': { fallback: titleWithMessage('Could not remove member') },
  'studio.respondInvitation': { fallback: titleWithMessage('Could not answer the invitation') },
  // Shared folders: the server's message (e.g. 'User not found.') is the description.
  'folderMembers.invite': { fallback: titleWithMessage('Could not invite') },
  'folderMembers.update': { fallback: titleWithMessage('Could not change the role') },
  'folderMembers.remove': { fallback: titleWithMessage('Could not remove member') },
  'folderMembers.respond': { fallback: titleWithMessage('Could not answer the invitation') },
  'folderMembers.leave': { fallback: titleWithMessage('Could not leave the folder') },
  'folderMembers.load': { fallback: titleWithMessage('Could not load the shared folder') },
  // Public folders: a taken address is the owner's own other folder; else the server's message.
  'publicFolder.publish': { fallback: titleWithMessage('Could not publish the folder') },
  'publicFolder.update': {
    rules: [when(uniqueViolation, { title: 'Address taken', description: 'Another of your public folders uses this address.' })],
    fallback: titleWithMessage('Could not save the public folder'),
  },
  'slug.save': {
    rules: [
      when((e) => e.code === CLIENT_ERROR_CODES.invalidInput || e.code === '23514', { title: SLUG_MESSAGES.invalid }),
      when(uniqueViolation, SLUG_MESSAGES.nameTaken),
      when(hasCode(CLIENT_ERROR_CODES.noChange), SLUG_MESSAGES.noChanges),
    ],
    fallback: titleWithMessage(SETTINGS_MESSAGES.updateFailed),
  },
  'receive.save': { rules: [LINK_QUOTA_REACHED], fallback: fixed(SHARE_IN_MESSAGES.couldNotSave) },
  'shareReceive.save': { rules: [LINK_QUOTA_REACHED], fallback: titleWithMessage(SHARE_IN_MESSAGES.saveFailed) },
  'shareReceive.noUrl': { fallback: fixed({ title: SHARE_IN_MESSAGES.noUrlToSave }) },
  'search.run': { fallback: titleWithMessage('Search failed') },
  'tags.save': { fallback: titleWithMessage('Could not save the tags') },
  'tags.rename': {
    rules: [
      when(uniqueViolation, {
        title: 'A tag with that name exists',
        description: 'Choose another name, or merge this tag into the existing one.',
      }),
    ],
    fallback: titleWithMessage('Could not rename the tag'),
  },
  'tags.merge': { fallback: titleWithMessage('Could not merge the tags') },
  'tags.delete': { fallback: titleWithMessage('Could not delete the tags') },
  'notes.save': { fallback: titleWithMessage('Could not save the note') },
  unexpected: { fallback: titleWithMessage(SETTINGS_MESSAGES.unexpectedError) },
} satisfies Record<string, ActionEntry>;

export type ErrorAction = keyof typeof CATALOGUE;
export const ERROR_ACTIONS = Object.keys(CATALOGUE) as ErrorAction[];

/** The toast for a failed action: the spec's words, the server message where the spec shows it. */
export function errorToast(action: ErrorAction, error: unknown): ToastMessage {
  const entry: ActionEntry = CATALOGUE[action];
  const dataError = toDataError(error);
  for (const rule of entry.rules ?? []) {
    const toast = rule(dataError);
    if (toast) return toast;
  }
  return entry.fallback(dataError);
}
