import type { BackgroundScope } from '~shared/data/backgrounds/keys.ts';

/** The dialog title for each scope (part 1 §2). */
export function backgroundDialogTitle(scope: BackgroundScope): string {
  if ('categoryId' in scope) return 'Change Category Background';
  if (scope.name === 'banner') return 'Change Top Banner Background';
  if (scope.name === 'dashboard') return 'Change Dashboard Background';
  return 'Change Page Background';
}

/** Success toasts (part 1 §8: "Background uploaded / updated / deleted"). */
export const BACKGROUND_TOASTS = {
  uploaded: { title: 'Background uploaded', description: 'Select it to use it as your background.' },
  updated: { title: 'Background updated', description: 'Your new background is in place.' },
  deleted: { title: 'Background deleted', description: 'The background has been removed.' },
} as const;

/** A CSS background-image value for a stored URL, or undefined unless it is http(s). */
export function cssBackgroundImage(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return undefined;
    return `url(${JSON.stringify(parsed.href)})`;
  } catch {
    return undefined;
  }
}
