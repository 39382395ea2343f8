// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyPage } from '../../../web/src/app/lazy-page.tsx';

/**
 * Issue 11 'Scale': a signed-in first load starts the chunks of its route chain at once
 * (routes.tsx preloadInitialPages → lazyPage(...).preload()). The page that renders later must use
 * that same download, not start another; a failed download is tried again when the route renders.
 */
afterEach(cleanup);

const Hello = () => <p>Hello page</p>;

describe('lazyPage.preload', () => {
  it('downloads once: the route rendering after a preload reuses it', async () => {
    const load = vi.fn(async () => ({ Hello }));
    const Route = lazyPage(load, (m) => m.Hello);
    Route.preload();
    Route.preload();
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => {
      render(<Route />);
    });
    expect(await screen.findByText('Hello page')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a failed preload is forgotten: the route downloads again when it renders', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ Hello });
    const Route = lazyPage(load as () => Promise<{ Hello: typeof Hello }>, (m) => m.Hello);
    Route.preload();
    await act(async () => {
      await Promise.resolve();
    });
    await act(async () => {
      render(<Route />);
    });
    expect(await screen.findByText('Hello page')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
