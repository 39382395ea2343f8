// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useAfterFirstPaint } from '../../../web/src/lib/use-after-first-paint.ts';

/**
 * What a page shows below its first screen is drawn in the task after the first
 * paint once the page is ready (the dashboard: once its links are in or failed to load).
 */
afterEach(cleanup);

function Probe({ ready }: { ready: boolean }) {
  return <p data-testid="state">{useAfterFirstPaint(ready) ? 'later' : 'first'}</p>;
}

const nextFrameAndTask = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 5)));

describe('useAfterFirstPaint', () => {
  it('stays false while the page is not ready, turns true in the task after a frame once it is, and stays true', async () => {
    const { rerender } = render(<Probe ready={false} />);
    await act(nextFrameAndTask);
    await act(nextFrameAndTask);
    expect(screen.getByTestId('state').textContent).toBe('first');

    rerender(<Probe ready />);
    // Not in the same task: the first paint comes first.
    expect(screen.getByTestId('state').textContent).toBe('first');
    await act(nextFrameAndTask);
    expect(screen.getByTestId('state').textContent).toBe('later');

    rerender(<Probe ready={false} />);
    await act(nextFrameAndTask);
    expect(screen.getByTestId('state').textContent).toBe('later');
  });
});
