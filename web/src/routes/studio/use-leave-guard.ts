import { useCallback, useEffect } from 'react';

export const UNSAVED_CHANGES_PROMPT = 'You have unsaved changes. Leave without saving?';

/**
 * Unsaved studio changes are not lost silently: closing or reloading the tab asks (beforeunload), and so
 * does following any in-app link (the header's, say) while `dirty`. `confirmLeave()` is for our own
 * buttons. (The app uses <BrowserRouter>, which has no navigation blocker; the browser's Back button
 * is the one way out that does not ask.)
 */
export function useLeaveGuard(dirty: boolean): { confirmLeave: () => boolean } {
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
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
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [dirty]);
  const confirmLeave = useCallback(() => !dirty || window.confirm(UNSAVED_CHANGES_PROMPT), [dirty]);
  return { confirmLeave };
}
