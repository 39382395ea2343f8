// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * Issue 11 'Scale': a signed-in first load of a folder or the dashboard starts downloading the whole
 * route chain (data providers → signed-in layout → page) from the entry's first import, before React
 * is evaluated, through the same loaders the routes use (web/src/app/page-loaders.ts).
 */
const started = vi.hoisted(() => [] as string[]);
vi.mock('../../../web/src/app/page-loaders.ts', () => ({
  loadDataProviders: async () => started.push('data providers'),
  loadSignedInLayout: async () => started.push('signed-in layout'),
  loadDashboardPage: async () => started.push('dashboard page'),
  loadCategoryPage: async () => started.push('category page'),
}));
vi.mock('../../../web/src/app/load-client.ts', () => ({ loadClient: () => new Promise(() => undefined) }));
vi.mock('../../../web/src/app/route-data-preload.ts', () => ({ preloadRouteData: async () => undefined }));
vi.mock('../../../shared/data/early-rpc.ts', () => ({ startEarlyRpcs: () => undefined, earlyAnswersIn: () => null }));

const { preloadInitialRoute } = await import('../../../web/src/app/route-preload.ts');

const FOLDER = '00000000-0000-4000-8000-0000000000f1';
const session = { access_token: 'token', refresh_token: 'refresh', expires_at: Math.floor(Date.now() / 1000) + 3600, user: { id: '00000000-0000-4000-8000-000000000001' } };

beforeEach(() => {
  started.length = 0;
});
afterEach(() => localStorage.clear());

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
});
