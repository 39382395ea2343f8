import { SHARE_AUTOSAVE_TIMING } from '~shared/rules/share-autosave.ts';

/** Router state a share-in page passes on when it forwards a trusted visit to another in-app path. */
export const TRUSTED_FORWARD = { shareSave: 'auto' } as const;

/**
 * Whether a share-in page may save the link in its URL without a click (the rule:
 * shared/rules/share-autosave.ts). Only when the web server said so, with a Server-Timing entry on
 * this document's own answer, which no other site can add or read; the "yes" holds for the URL it
 * answered (also when the visitor comes back to it after signing in), and for the in-app path the
 * page itself moves on to (router state, e.g. a protocol link mapped to its capture URL). Without
 * it (another site's link, form or popup; a host that does not check) the page shows the link and a
 * Save button.
 */
export function mayAutoSave(pathAndSearch: string, routerState: unknown): boolean {
  if ((routerState as { shareSave?: unknown } | null)?.shareSave === TRUSTED_FORWARD.shareSave) return true;
  if (typeof performance === 'undefined' || typeof performance.getEntriesByType !== 'function') return false;
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  const vouched = navigation?.serverTiming?.some(
    (entry) => entry.name === SHARE_AUTOSAVE_TIMING.name && entry.description === SHARE_AUTOSAVE_TIMING.description,
  );
  if (!vouched) return false;
  const answered = new URL(navigation.name);
  return answered.pathname + answered.search === pathAndSearch;
}
