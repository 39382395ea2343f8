import { SLUG_MAX_LENGTH, SLUG_MIN_LENGTH } from '../constants.ts';

/**
 * Public page URL names: 3-30 letters, digits, underscores or dashes. Its own module: /{slug} checks
 * only the shape (a reserved name has no page, so the server answers not found) and its budgeted
 * first load need not carry slug.ts's reserved list.
 */
export const SLUG_PATTERN = new RegExp(`^[A-Za-z0-9_-]{${SLUG_MIN_LENGTH},${SLUG_MAX_LENGTH}}$`);
