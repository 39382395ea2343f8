// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { lazyPage } from '../../../web/src/app/lazy-page.tsx';

/**
 * A route page whose code is already in renders on the first pass. Suspending on
 * it would show the loading fallback, and React then holds the page's reveal for up to 300 ms.
 */
afterEach(cleanup);

const module = { Page: ({ name }: { name: string }) => <h1>Hello {name}</h1> };

describe('lazyPage (web/src/app/lazy-page.tsx)', () => {
  it('renders a page whose loader already has its module without suspending', () => {
    const load = Object.assign(() => Promise.resolve(module), { loaded: () => module });
    const Route = lazyPage(load, (m) => m.Page);
    render(<Route name="Ada" />);
    expect(screen.getByRole('heading').textContent).toBe('Hello Ada');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('waits for a download already on its way as plain state (the fallback, then the page), not through React.lazy', async () => {
    let finish: (m: typeof module) => void = () => undefined;
    const inFlight = new Promise<typeof module>((resolve) => {
      finish = resolve;
    });
    let calls = 0;
    // What the loader holds: nothing until the download on its way lands.
    const held: { module?: typeof module } = {};
    const load = Object.assign(
      () => {
        calls += 1;
        return Promise.resolve(module);
      },
      { loaded: () => held.module, loading: () => (held.module ? undefined : inFlight) },
    );
    const Route = lazyPage(load, (m) => m.Page);
    render(<Route name="Cy" />);
    expect(screen.getByRole('status').textContent).toContain('Loading');
    held.module = module;
    finish(module);
    expect((await screen.findByRole('heading')).textContent).toBe('Hello Cy');
    // React.lazy would have called the loader itself.
    expect(calls).toBe(0);
  });

  it('shows the loading fallback while a page not loaded yet downloads, then the page', async () => {
    let loaded: typeof module | undefined;
    const load = Object.assign(
      () => {
        loaded = module;
        return Promise.resolve(module);
      },
      { loaded: () => loaded },
    );
    const Route = lazyPage(load, (m) => m.Page);
    render(<Route name="Bo" />);
    expect(screen.getByRole('status').textContent).toContain('Loading');
    expect((await screen.findByRole('heading')).textContent).toBe('Hello Bo');
  });

  it('a download on its way that fails goes to React.lazy, which downloads again', async () => {
    let calls = 0;
    // As page-loaders.ts holds it: one download, whose failure its starter (route-preload.ts) handles.
    const failed = Promise.reject(new Error('offline'));
    failed.catch(() => undefined);
    const load = Object.assign(
      () => {
        calls += 1;
        return Promise.resolve(module);
      },
      { loaded: () => undefined, loading: () => failed },
    );
    const Route = lazyPage(load, (m) => m.Page);
    render(<Route name="Di" />);
    expect((await screen.findByRole('heading')).textContent).toBe('Hello Di');
    expect(calls).toBe(1);
  });
});
