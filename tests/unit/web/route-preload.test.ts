import { describe, expect, it, vi } from 'vitest';
import { createMemoryStorage, createSupabaseClient } from '../../../shared/data/client.ts';
import { folderQueries } from '../../../shared/data/categories/folder.ts';
import { linkQueries } from '../../../shared/data/links/queries.ts';

/**
 * First load: on a fresh page load of a folder, the folder and its links are asked
 * for as soon as supabase-js is there (route-preload.ts), under the very keys the folder view reads,
 * so the view finds them in the cache instead of asking again once it has rendered.
 */
const USER = '00000000-0000-4000-8000-000000000001';
const FOLDER = '00000000-0000-4000-8000-0000000000f1';
const requests: string[] = [];
const fake = vi.hoisted<{ client: unknown }>(() => ({ client: null }));
vi.mock('../../../web/src/lib/load-client.ts', () => ({
  loadClient: () => Promise.resolve(fake.client),
  loadedClient: () => fake.client,
  whenClientLoaded: (listener: (client: unknown) => void) => listener(fake.client),
}));
fake.client = createSupabaseClient({
  url: 'http://127.0.0.1:9',
  anonKey: 'anon',
  storage: createMemoryStorage(),
  fetch: (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    requests.push(`${init?.method ?? 'GET'} ${url.pathname}`);
    const json = (body: unknown) =>
      Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }));
    if (url.pathname.endsWith('/rpc/get_folder'))
      return json({
        folder: {
          id: FOLDER,
          user_id: USER,
          name: 'Recipes',
          is_default: false,
          is_template: false,
          icon_url: null,
          parent_category_id: null,
          display_order: 0,
          ai_enhanced: false,
          system_key: null,
        },
        ancestors: [],
        link_count: 1,
        subfolders: [],
      });
    if (url.pathname.endsWith('/rpc/list_folder_links'))
      return json([
        [
          'l1',
          'Pasta',
          'https://example.com/',
          null,
          0,
          0,
          '2026-01-01T00:00:00+00:00',
          '2026-01-01T00:00:00+00:00',
          FOLDER,
          null,
          null,
          null,
          null,
        ],
      ]);
    return json([]);
  },
});
// A signed-in session as supabase-js stores it (only the user id is read).
vi.spyOn((fake.client as ReturnType<typeof createSupabaseClient>).auth, 'getSession').mockResolvedValue({
  data: { session: { user: { id: USER } } },
  error: null,
} as never);

const { preloadTargetFor } = await import('../../../web/src/app/route-preload.ts');
const { preloadRouteData } = await import('../../../web/src/app/route-data-preload.ts');
const { queryClient } = await import('../../../web/src/app/query-client.ts');

describe('route preload on a first load', () => {
  it('knows the folder pages and the dashboard, nothing else', () => {
    expect(preloadTargetFor(`/category/${FOLDER}`)).toEqual({ folderId: FOLDER });
    expect(preloadTargetFor(`/category/${FOLDER}/`)).toEqual({ folderId: FOLDER });
    expect(preloadTargetFor('/dashboard')).toEqual({ dashboard: true });
    expect(preloadTargetFor('/category/all-templates')).toBeNull();
    expect(preloadTargetFor('/category/not-a-uuid')).toBeNull();
    expect(preloadTargetFor('/settings')).toBeNull();
    expect(preloadTargetFor('/')).toBeNull();
  });

  it("fills the folder view's own queries: the folder and its first screen's links, settling once both are in", async () => {
    await preloadRouteData({ folderId: FOLDER });
    const client = fake.client as ReturnType<typeof createSupabaseClient>;
    // In the cache when it settles: the route renders the page then, with its data (route-preload.ts).
    expect(queryClient.getQueryData(folderQueries.context(client, USER, FOLDER).queryKey)).toMatchObject({ folder: { id: FOLDER } });
    expect(queryClient.getQueryData(linkQueries.folderFirstScreen(client, USER, FOLDER).queryKey)).toMatchObject([
      { id: 'l1', title: 'Pasta', category_id: FOLDER },
    ]);
    expect(requests.filter((r) => r.endsWith('/rpc/get_folder'))).toHaveLength(1);
    // The whole list in one call (no count, no pages).
    expect(requests.filter((r) => r.endsWith('/rpc/list_folder_links'))).toHaveLength(1);
    expect(requests.filter((r) => r.endsWith('/links'))).toHaveLength(0);
  });
});
