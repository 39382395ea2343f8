import { LINK_QUOTA } from '../constants.ts';

/**
 * The readable answers of the account limits (numbers in shared/constants.ts). The database raises
 * the same text (public.link_quota_message(), tests/db/abuse-limits.test.ts checks they are equal),
 * so the add-link toast and the import page say the same thing whichever path hit the limit.
 */
export const LINK_QUOTA_MESSAGE = `You have reached the limit of ${LINK_QUOTA.toLocaleString('en-US')} links. Delete some links to add new ones.`;

/** The title of the toast when a save hits the quota (HTTP 403, SQLSTATE PT403). */
export const LINK_QUOTA_TITLE = 'Link limit reached';

/** The SQLSTATE the quota raises (PostgREST answers it as HTTP 403). */
export const LINK_QUOTA_CODE = 'PT403';

/** The import page while an import waits for its minute budget (HTTP 429 from import_links). */
export const IMPORT_PAUSED_MESSAGE = 'Pausing for a moment so the server stays fast for everyone. The import goes on by itself.';
