import { browser } from '../lib/browser.ts';
import { appearanceStyle, applyAppearanceStyle, normalizeAppearance } from '~shared/ui/appearance-style.ts';
import { STORAGE_KEYS } from '../lib/storage-keys.ts';

/**
 * Follows the system's light/dark preference (the shared theme's `.dark` class), live. Runs
 * before the first render so the popup never flashes the wrong colours.
 */
export function followSystemTheme(root: HTMLElement = document.documentElement): void {
  const query = window.matchMedia('(prefers-color-scheme: dark)');
  const apply = () => root.classList.toggle('dark', query.matches);
  apply();
  query.addEventListener('change', apply);
}

/**
 * The signed-in user's saved appearance (theme, accent, density from /settings/appearance), as the
 * popup cached it in storage; until there is one (signed out, first visit) the system theme.
 * Re-paints when the cache changes (sign-in, sign-out, a fresh copy from the server) and, for the
 * 'system' theme, when the OS preference changes.
 */
export function followUserAppearance(root: HTMLElement = document.documentElement): void {
  const query = window.matchMedia('(prefers-color-scheme: dark)');
  let saved: unknown = null;
  const paint = () => {
    if (!saved) {
      applyAppearanceStyle(
        root,
        { classes: query.matches ? ['dark'] : [], variables: { '--primary': null, '--ring': null, '--primary-foreground': null } },
        'system',
      );
      return;
    }
    const appearance = normalizeAppearance(saved);
    applyAppearanceStyle(root, appearanceStyle(appearance, query.matches), appearance.theme);
  };
  paint();
  query.addEventListener('change', paint);
  void browser.storage.local.get(STORAGE_KEYS.appearance).then((items) => {
    saved = items[STORAGE_KEYS.appearance] ?? null;
    paint();
  });
  browser.storage.onChanged.addListener((changes, areaName) => {
    if (areaName !== 'local' || !(STORAGE_KEYS.appearance in changes)) return;
    saved = changes[STORAGE_KEYS.appearance].newValue ?? null;
    paint();
  });
}
