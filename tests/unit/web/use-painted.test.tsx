// @vitest-environment jsdom
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useValuePainted } from '../../../web/src/lib/use-painted.ts';

// The folder and dashboard grids render only the rows a search keystroke's frame
// shows while its query is not painted yet, and the rows beyond the window right after.
const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));

describe('useValuePainted (web/src/lib/use-painted.ts)', () => {
  it('is true for the first value, false from the render that changes it until after the next frame', async () => {
    const { result, rerender } = renderHook(({ value }) => useValuePainted(value), { initialProps: { value: '' } });
    expect(result.current).toBe(true);
    rerender({ value: 'n' });
    expect(result.current).toBe(false);
    await nextFrame(); // the frame that shows 'n': still false while it is drawn
    expect(result.current).toBe(false);
    await waitFor(() => expect(result.current).toBe(true));
  });

  it('waits for the latest value when it changes again before the frame', async () => {
    const { result, rerender } = renderHook(({ value }) => useValuePainted(value), { initialProps: { value: 'a' } });
    rerender({ value: 'ab' });
    rerender({ value: 'abc' });
    expect(result.current).toBe(false);
    await waitFor(() => expect(result.current).toBe(true));
    rerender({ value: 'abc' });
    expect(result.current).toBe(true);
  });
});
