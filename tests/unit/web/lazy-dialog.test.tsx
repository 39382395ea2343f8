// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { lazyDialog, preloadOnIntent } from '../../../web/src/lib/lazy-dialog.tsx';

/**
 * Dialogs are loaded when first opened (or preloaded once the page is idle), so a
 * folder's first load never evaluates react-hook-form, zod or Radix Dialog.
 */
afterEach(cleanup);

function Hello({ name }: { name: string; onClose: () => void }) {
  return <p role="dialog">Hello {name}</p>;
}
const noop = () => undefined;

describe('lazyDialog (web/src/lib/lazy-dialog.tsx)', () => {
  it('loads its module once, on first render or preload, and renders the picked component with its props', async () => {
    let loads = 0;
    const Dialog = lazyDialog(
      () => {
        loads += 1;
        return Promise.resolve({ Hello });
      },
      (m) => m.Hello,
    );
    expect(loads).toBe(0);
    await Dialog.preload();
    await Dialog.preload();
    expect(loads).toBe(1);
    render(<Dialog name="Ada" onClose={noop} />);
    expect((await screen.findByRole('dialog')).textContent).toBe('Hello Ada');
    expect(loads).toBe(1);
  });

  it('tries again after a failed download instead of remembering the failure', async () => {
    let attempts = 0;
    const Dialog = lazyDialog(
      () => {
        attempts += 1;
        return attempts === 1 ? Promise.reject(new Error('offline')) : Promise.resolve({ Hello });
      },
      (m) => m.Hello,
    );
    await expect(Dialog.preload()).rejects.toThrow('offline');
    render(<Dialog name="again" onClose={noop} />);
    expect((await screen.findByRole('dialog')).textContent).toBe('Hello again');
    expect(attempts).toBe(2);
  });

  it('closes itself when its code cannot download while opening, leaving the page rendered, and opens on the next try', async () => {
    let attempts = 0;
    const Dialog = lazyDialog(
      () => {
        attempts += 1;
        return attempts === 1
          ? Promise.reject(new TypeError('Failed to fetch dynamically imported module: http://x/assets/share.js'))
          : Promise.resolve({ Hello });
      },
      (m) => m.Hello,
    );
    let closed = 0;
    function Page({ open }: { open: boolean }) {
      return (
        <main>
          <h1>Links</h1>
          {open ? <Dialog name="Ada" onClose={() => (closed += 1)} /> : null}
        </main>
      );
    }
    const quiet = console.error;
    console.error = () => undefined; // React and the boundary report the caught error
    try {
      const view = render(<Page open />);
      await waitFor(() => expect(closed).toBe(1));
      expect(screen.getByRole('heading', { name: 'Links' })).toBeTruthy();
      expect(screen.queryByRole('dialog')).toBeNull();
      view.rerender(<Page open={false} />);
      view.rerender(<Page open />);
      expect((await screen.findByRole('dialog')).textContent).toBe('Hello Ada');
      expect(attempts).toBe(2);
      expect(closed).toBe(1);
    } finally {
      console.error = quiet;
    }
  });

  it('preloads on the first pointer over the page or focus on a control, never on focus in a text box (a search)', () => {
    let loads = 0;
    const dialog = { preload: () => Promise.resolve((loads += 1)) };
    const intent = preloadOnIntent([dialog]);
    render(
      <div {...intent}>
        <input aria-label="Search" />
        <button type="button">Share</button>
      </div>,
    );
    fireEvent.focus(screen.getByRole('textbox', { name: 'Search' }));
    expect(loads).toBe(0);
    fireEvent.focus(screen.getByRole('button', { name: 'Share' }));
    expect(loads).toBe(1);
    fireEvent.pointerOver(screen.getByRole('button', { name: 'Share' }));
    expect(loads).toBe(1);

    let other = 0;
    const pointer = preloadOnIntent([{ preload: () => Promise.resolve((other += 1)) }]);
    render(<p {...pointer}>page</p>);
    fireEvent.pointerOver(screen.getByText('page'));
    expect(other).toBe(1);
  });
});
