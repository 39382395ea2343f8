// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * A signed-in first load of a folder or the dashboard starts downloading the whole
 * route chain (data providers → signed-in layout → page) from the entry's first import, before React
 * is evaluated, through the same loaders the routes use (web/src/app/page-loaders.ts).
 */
const started = vi.hoisted(() => [] as string[]);
// Each load settles when the test says so (all at once by default).
const finish = vi.hoisted(() => ({ loads: [] as Array<() => void>, hold: false }));
vi.mock('../../../web/src/app/page-loaders.ts', () => {
  const loader = (name: string) => () => {
    started.push(name);
    return finish.hold ? new Promise<void>((resolve) => finish.loads.push(resolve)) : Promise.resolve();
  };
  return {
    loadDataProviders: loader('data providers'),
    loadSignedInLayout: loader('signed-in layout'),
    // The pages by their route module (route-modules.ts).
    loadPage: (module: { file: string }) => loader(`${module.file.split('/')[0]} page`),
  };
});
vi.mock('../../../web/src/lib/load-client.ts', () => ({ loadClient: () => new Promise(() => undefined) }));
vi.mock('../../../web/src/app/route-data-preload.ts', () => ({ preloadRouteData: () => Promise.resolve() }));
vi.mock('../../../shared/data/early-rpc.ts', () => ({ startEarlyRpcs: () => undefined, earlyAnswersIn: () => null }));

const { preloadInitialRoute, firstRouteReady } = await import('../../../web/src/app/route-preload.ts');

const FOLDER = '00000000-0000-4000-8000-0000000000f1';
const session = {
  access_token: 'token',
  refresh_token: 'refresh',
  expires_at: Math.floor(Date.now() / 1000) + 3600,
  user: { id: '00000000-0000-4000-8000-000000000001' },
};

beforeEach(() => {
  started.length = 0;
  finish.loads.length = 0;
  finish.hold = false;
});
afterEach(() => {
  localStorage.clear();
  vi.useRealTimers();
});

describe('the route chain of a signed-in first load', () => {
  it('a folder: data providers, signed-in layout and the folder page start at once', () => {
    localStorage.setItem('linkvault-auth', JSON.stringify(session));
    preloadInitialRoute(`/category/${FOLDER}`);
    expect(started).toEqual(['data providers', 'signed-in layout', 'category page']);
  });

  it('the dashboard: its own page instead', () => {
    localStorage.setItem('linkvault-auth', JSON.stringify(session));
    preloadInitialRoute('/dashboard');
    expect(started).toEqual(['data providers', 'signed-in layout', 'dashboard page']);
  });

  it('signed out, or another page: nothing starts', () => {
    preloadInitialRoute(`/category/${FOLDER}`);
    localStorage.setItem('linkvault-auth', JSON.stringify(session));
    preloadInitialRoute('/settings');
    preloadInitialRoute('/');
    expect(started).toEqual([]);
  });

  it("React's first render waits for the chain (firstRouteReady): settled once every load has", async () => {
    // Fake timers: the wait's 1 s cap cannot end it early however slow this machine is, so only the
    // loads can settle it.
    vi.useFakeTimers();
    localStorage.setItem('linkvault-auth', JSON.stringify(session));
    finish.hold = true;
    preloadInitialRoute(`/category/${FOLDER}`);
    let ready = false;
    void firstRouteReady()!.then(() => (ready = true));
    finish.loads[0]();
    finish.loads[1]();
    await vi.advanceTimersByTimeAsync(10);
    expect(ready).toBe(false);
    finish.loads[2]();
    await vi.advanceTimersByTimeAsync(0);
    expect(ready).toBe(true);
  });

  it('at most 1 s: a load that hangs does not keep the app blank', async () => {
    vi.useFakeTimers();
    localStorage.setItem('linkvault-auth', JSON.stringify(session));
    finish.hold = true;
    preloadInitialRoute('/dashboard');
    let ready = false;
    void firstRouteReady()!.then(() => (ready = true));
    await vi.advanceTimersByTimeAsync(999);
    expect(ready).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(ready).toBe(true);
  });

  it('nothing to wait for where nothing is preloaded (React renders at once)', () => {
    localStorage.setItem('linkvault-auth', JSON.stringify(session));
    preloadInitialRoute(`/category/${FOLDER}`);
    expect(firstRouteReady()).not.toBeNull();
    preloadInitialRoute('/settings');
    expect(firstRouteReady()).toBeNull();
    localStorage.clear();
    preloadInitialRoute('/dashboard');
    expect(firstRouteReady()).toBeNull();
  });
});
