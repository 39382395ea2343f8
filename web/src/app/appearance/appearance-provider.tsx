import { useCallback, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useSessionState } from '../../lib/session/use-session-state.ts';
import { AppearanceContext } from '../../lib/appearance/appearance-context.ts';
import {
  APPEARANCE_CACHE_KEY,
  appearanceStyle,
  applyAppearanceStyle,
  normalizeAppearance,
  resolveTheme,
  type Appearance,
} from '~shared/ui/appearance-style.ts';

const DARK_QUERY = '(prefers-color-scheme: dark)';

/** The OS colour preference, live: 'system' re-paints the moment the OS switches. */
function usePrefersDark(): boolean {
  return useSyncExternalStore(
    (notify) => {
      const query = window.matchMedia(DARK_QUERY);
      query.addEventListener('change', notify);
      return () => query.removeEventListener('change', notify);
    },
    () => window.matchMedia(DARK_QUERY).matches,
    () => false,
  );
}

function readCachedAppearance(): Appearance {
  try {
    return normalizeAppearance(JSON.parse(localStorage.getItem(APPEARANCE_CACHE_KEY) ?? 'null'));
  } catch {
    return normalizeAppearance(null);
  }
}

function cacheAppearance(appearance: Appearance) {
  try {
    localStorage.setItem(APPEARANCE_CACHE_KEY, JSON.stringify(appearance));
  } catch {
    // Storage full or disabled: the appearance still applies for this visit.
  }
}

/**
 * Applies the user's appearance (theme, accent, density) to <html>. The last one used on this device
 * paints first (index.html does it before React starts); once signed in, the saved settings are
 * loaded and win.
 */
export function AppearanceProvider({ children }: { children: ReactNode }) {
  const [appearance, setAppearanceState] = useState<Appearance>(readCachedAppearance);
  const prefersDark = usePrefersDark();
  const { status, session } = useSessionState();
  const userId = status === 'signed-in' ? (session?.user.id ?? null) : null;

  const setAppearance = useCallback((next: Appearance) => {
    const normalized = normalizeAppearance(next);
    cacheAppearance(normalized);
    setAppearanceState(normalized);
  }, []);

  useEffect(() => {
    applyAppearanceStyle(document.documentElement, appearanceStyle(appearance, prefersDark), appearance.theme);
  }, [appearance, prefersDark]);

  useEffect(() => {
    if (!userId) return;
    let cancelled = false;
    import('./load-user-appearance.ts')
      .then(({ loadUserAppearance }) => loadUserAppearance(userId))
      .then((saved) => {
        if (!cancelled && saved) setAppearance(saved);
      })
      .catch((error: unknown) => console.warn('Could not load appearance settings', error));
    return () => {
      cancelled = true;
    };
  }, [userId, setAppearance]);

  const value = useMemo(
    () => ({ appearance, resolvedTheme: resolveTheme(appearance.theme, prefersDark), setAppearance }),
    [appearance, prefersDark, setAppearance],
  );
  return <AppearanceContext.Provider value={value}>{children}</AppearanceContext.Provider>;
}
