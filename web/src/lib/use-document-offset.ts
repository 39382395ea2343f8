import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * The element's distance from the top of the document (a window virtualiser's scrollMargin), null
 * until known. Read in a layout effect at mount, before the first paint, while the page holds no
 * rows yet; then again whenever the page's size changes (content above loading or going, the window
 * resized), from a ResizeObserver: it runs after layout, so the read forces none in the middle of a
 * commit. A stale offset only shifts which rows are rendered (the overscan covers it), never where.
 */
export function useDocumentOffset(ref: RefObject<HTMLElement | null>): number | null {
  const [offset, setOffset] = useState<number | null>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setOffset(element.getBoundingClientRect().top + window.scrollY);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      const top = element.getBoundingClientRect().top + window.scrollY;
      setOffset((current) => (current !== null && Math.abs(top - current) <= 1 ? current : top));
    });
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [ref]);
  return offset;
}
