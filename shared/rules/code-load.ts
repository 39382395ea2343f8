/**
 * Code the web app loads on demand (a page, a dialog, a form's checks) that could not be
 * downloaded: the connection dropped after the page loaded, or a new deploy replaced the files. The
 * spec has no text for it (docs/deviations.md).
 */
export const CODE_LOAD_FAILED_MESSAGE = 'Could not load this part of the app. Check your connection and try again, or reload the page.';
export const PAGE_LOAD_FAILED_TITLE = 'This page could not be loaded';
export const PAGE_FAILED_TITLE = 'Something went wrong';
export const PAGE_FAILED_MESSAGE = 'Reload the page to try again.';

// What import() rejects with when a module cannot be fetched: "Failed to fetch dynamically imported
// module" (Chromium), "error loading dynamically imported module" (Firefox), "Importing a module
// script failed" (Safari); and Vite's "Unable to preload CSS" for a chunk's stylesheet.
const CODE_LOAD_TEXTS = /dynamically imported module|module script failed|unable to preload css/i;

export function isCodeLoadError(error: unknown): boolean {
  return error instanceof Error && CODE_LOAD_TEXTS.test(error.message);
}
