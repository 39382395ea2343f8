import { useEffect, useState } from 'react';
import { afterNextPaint } from './use-after-first-paint.ts';

/**
 * Whether the frame showing `value` has been painted: false from the render in which `value`
 * changes until the task after that frame's paint. A grid renders only what a keystroke's frame
 * shows while this is false, and the rest (rows beyond the window) right after: a search keystroke
 * stays within a frame (docs/performance.md).
 */
export function useValuePainted<T>(value: T): boolean {
  const [painted, setPainted] = useState(value);
  const pending = !Object.is(painted, value);
  useEffect(() => {
    if (!pending) return;
    return afterNextPaint(() => setPainted(value));
  }, [pending, value]);
  return !pending;
}
