import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * The element's content width (px), read before the first paint and again whenever it changes (a
 * ResizeObserver: after layout, so never a forced layout mid-commit); `fallback` until it is known.
 * A width of 0 is an element not laid out (hidden, or no layout at all): `fallback` then too.
 */
export function useElementWidth(ref: RefObject<HTMLElement | null>, fallback: number): number {
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth || null);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.round(entry.contentRect.width) || null));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width ?? fallback;
}
