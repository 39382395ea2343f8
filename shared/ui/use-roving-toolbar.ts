import { useCallback, useEffect, useRef, type KeyboardEvent } from 'react';
import { nextRovingIndex } from '../rules/roving-focus.ts';

const ITEMS = 'a[href], button:not([disabled])';

/**
 * A row of actions as one tab stop (WAI-ARIA toolbar): Tab reaches the last-used action, arrow keys,
 * Home and End move between them. Spread the result on the element with role="toolbar".
 */
export function useRovingToolbar<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const active = useRef(0);
  const items = () => Array.from(ref.current?.querySelectorAll<HTMLElement>(ITEMS) ?? []);
  const sync = useCallback(() => {
    const list = items();
    if (active.current >= list.length) active.current = 0;
    list.forEach((item, index) => (item.tabIndex = index === active.current ? 0 : -1));
  }, []);
  // Items can appear later (data loads): keep exactly one of them in the tab order.
  useEffect(() => {
    sync();
    const element = ref.current;
    if (!element) return;
    const observer = new MutationObserver(sync);
    observer.observe(element, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [sync]);
  const onKeyDown = (event: KeyboardEvent<T>) => {
    const list = items();
    const current = list.indexOf(document.activeElement as HTMLElement);
    if (current < 0) return;
    const next = nextRovingIndex(current, event.key, list.length);
    if (next === null) return;
    event.preventDefault();
    active.current = next;
    sync();
    list[next].focus();
  };
  const onFocus = (event: { target: EventTarget }) => {
    const index = items().indexOf(event.target as HTMLElement);
    if (index >= 0 && index !== active.current) {
      active.current = index;
      sync();
    }
  };
  return { ref, onKeyDown, onFocus };
}
