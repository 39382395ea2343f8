import { safeHref } from '~shared/rules/url.ts';
import type { OpenLinks } from '~shared/rules/preferences.ts';
import type { OpenMode } from '~shared/ui/link-card.tsx';

const POPUP_FEATURES = 'popup,width=1100,height=800';

/**
 * Opens a link after `count` (the view count) settles: 'same-page' navigates this tab, 'new-window'
 * opens a pop-up window, 'address' a new tab or this one as `openLinks` (General settings) says.
 * The window is opened at once (inside the click, so no pop-up blocker steps in) and sent to the
 * URL after counting; a failed count never stops the visit.
 */
export async function openAfterCounting(
  url: string,
  requested: OpenMode,
  count: () => Promise<unknown>,
  openLinks: OpenLinks = 'new_tab',
): Promise<void> {
  const href = safeHref(url);
  if (!href) return;
  const mode = requested !== 'address' ? requested : openLinks === 'same_tab' ? 'same-page' : 'new-tab';
  const popup =
    mode === 'new-window'
      ? window.open('about:blank', '_blank', POPUP_FEATURES)
      : mode === 'new-tab'
        ? window.open('about:blank', '_blank')
        : null;
  if (popup) popup.opener = null;
  try {
    await count();
  } catch (error) {
    console.warn('view not counted', error);
  }
  if (mode === 'same-page') window.location.assign(href);
  else if (popup) popup.location.replace(href);
  else window.open(href, '_blank', 'noopener,noreferrer');
}
