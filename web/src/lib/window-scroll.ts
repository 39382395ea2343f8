import { windowScroll, type Virtualizer } from '@tanstack/react-virtual';

type ScrollToFn = (
  offset: number,
  options: { adjustments?: number; behavior?: ScrollBehavior },
  instance: Virtualizer<Window, Element>,
) => void;

/**
 * useWindowVirtualizer's `scrollToFn`, without the scroll it makes when it attaches to the window.
 *
 * On attaching, the virtualizer scrolls the window to its starting offset, which (without an
 * `initialOffset` of ours) is `window.scrollY` read while rendering: the window is already there.
 * That `window.scrollTo` still forced a full layout in the middle of the first commit, 14 ms of a
 * folder's first load on a 2-core machine. Every later scroll (scrollToIndex,
 * size adjustments) goes through. One per virtualizer: `useState(skipAttachScroll)[0]`.
 */
export function skipAttachScroll(): ScrollToFn {
  let attached = false;
  return (offset, options, instance) => {
    const attaching = !attached;
    attached = true;
    if (attaching && options.behavior === undefined && options.adjustments === undefined) return;
    windowScroll(offset, options, instance);
  };
}
