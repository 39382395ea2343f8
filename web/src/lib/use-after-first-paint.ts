import { useEffect, useState } from 'react';

/**
 * Runs `callback` in the task after the next paint; returns a cancel function. A frame callback runs
 * before that frame's paint; a task queued from it runs after the paint.
 */
export function afterNextPaint(callback: () => void): () => void {
  let timer = 0;
  const frame = requestAnimationFrame(() => {
    timer = window.setTimeout(callback);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * False until the task after the first paint that happens once `ready` is true, then true for good.
 * A page draws what the first screen needs first and the rest a moment later, so the first paint
 * does not wait for work nobody sees yet (a 10,000-link folder's first load has a budget: docs/performance.md).
 */
export function useAfterFirstPaint(ready: boolean): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!ready || painted) return;
    return afterNextPaint(() => setPainted(true));
  }, [ready, painted]);
  return painted;
}
