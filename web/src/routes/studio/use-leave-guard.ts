import { useCallback, useEffect } from 'react';

const UNSAVED_CHANGES_PROMPT = 'You have unsaved changes. Leave without saving?';

/** Marks the extra history entry that lets the browser's Back button ask first. */
const GUARD_KEY = 'studioLeaveGuard';

const isGuardEntry = (state: unknown) => typeof state === 'object' && state !== null && GUARD_KEY in state;

/**
 * Unsaved studio changes are not lost silently: closing or reloading the tab asks (beforeunload), and so
 * does following any in-app link (the header's, say) while `dirty`. `confirmLeave()` is for our own
 * buttons.
 *
 * The browser's Back button: the app uses <BrowserRouter>, which has no navigation blocker, so while
 * `dirty` the page pushes a copy of its own history entry (same URL, same router state plus a marker).
 * Back then lands on the real entry of the same page, which the router renders as "no change"; the
 * popstate asks, and either steps back once more (leave) or restores the guard entry (stay). When the
 * changes are saved or dropped, the guard entry is taken off again.
 */
export function useLeaveGuard(dirty: boolean): { confirmLeave: () => boolean } {
  useEffect(() => {
    if (!dirty) return;
    // Set once the user has said "leave" to Back: the page may then unload without asking twice.
    let leaving = false;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (leaving) return;
      event.preventDefault();
      event.returnValue = '';
    };
    const onClick = (event: MouseEvent) => {
      const anchor = (event.target as Element | null)?.closest?.('a[href]');
      if (!(anchor instanceof HTMLAnchorElement) || anchor.target === '_blank' || event.defaultPrevented) return;
      if (anchor.origin !== window.location.origin || anchor.pathname === window.location.pathname) return;
      if (!window.confirm(UNSAVED_CHANGES_PROMPT)) {
        event.preventDefault();
        event.stopPropagation();
      }
    };

    const pushGuard = () => window.history.pushState({ ...(window.history.state ?? {}), [GUARD_KEY]: true }, '', window.location.href);
    if (!isGuardEntry(window.history.state)) pushGuard();
    const onPopState = () => {
      // Back from the guard entry lands on the real entry of this same page.
      if (leaving || isGuardEntry(window.history.state)) return;
      if (window.confirm(UNSAVED_CHANGES_PROMPT)) {
        leaving = true;
        window.history.back();
      } else {
        pushGuard();
      }
    };

    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    window.addEventListener('popstate', onPopState);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('popstate', onPopState);
      // Saved (still on this page, on the guard entry): drop the guard so Back needs one press again.
      if (!leaving && isGuardEntry(window.history.state)) window.history.back();
    };
  }, [dirty]);
  const confirmLeave = useCallback(() => !dirty || window.confirm(UNSAVED_CHANGES_PROMPT), [dirty]);
  return { confirmLeave };
}
