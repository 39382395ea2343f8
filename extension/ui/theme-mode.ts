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
