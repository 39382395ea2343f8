// @vitest-environment jsdom
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DataClient } from '../../shared/data/client.ts';
import type { LinkListItem } from '../../shared/data/links/api.ts';
import { linkKeys } from '../../shared/data/links/keys.ts';
import { linkMutations } from '../../shared/data/links/mutations.ts';
import type { LinkRow } from '../../shared/data/types.ts';

/**
 * After a save, the preview is asked for at once, and the lists are re-read ONCE, when
 * the preview has settled (not twice, and not while the preview runs on the server). The stored
 * favicon starts downloading while the card is re-rendered.
 */

const USER = 'user-1';
const FOLDER = 'folder-1';
const row = (over: Partial<LinkRow> = {}): LinkRow => ({
  id: 'link-1',
  user_id: USER,
  title: 'Typed',
  url: 'https://example.com/',
  description: null,
  icon_url: null,
  access_count: 0,
  share_count: 0,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  category_id: FOLDER,
  second_category_id: null,
  is_template: false,
  template_source_id: null,
  ai_enhanced: false,
  favicon_url: null,
  preview_image_url: null,
  preview_description: null,
  preview_fetched_at: null,
  preview_site_name: null,
  ...over,
});

const flush = () => new Promise((r) => setTimeout(r, 10));

function setup() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } });
  const reads = { list: 0, folder: 0 };
  let listRows: LinkListItem[] = [];
  // Active observers, as the dashboard and an open folder view would hold them.
  const list = new QueryObserver(queryClient, {
    queryKey: linkKeys.list({ userId: USER }),
    queryFn: () => Promise.resolve((reads.list++, listRows)),
  });
  const folder = new QueryObserver(queryClient, {
    queryKey: linkKeys.list({ userId: USER, categoryId: FOLDER }),
    queryFn: () => Promise.resolve((reads.folder++, [])),
  });
  const unsubscribe = [list.subscribe(() => undefined), folder.subscribe(() => undefined)];
  let answer!: (v: { data: unknown; error: unknown }) => void;
  const invoke = vi.fn(() => new Promise<{ data: unknown; error: unknown }>((resolve) => (answer = resolve)));
  const client = { functions: { invoke } } as unknown as DataClient;
  const save = linkMutations.save(client, queryClient);
  const onSuccess = save.onSuccess as unknown as (result: unknown) => Promise<void>;
  return {
    queryClient,
    reads,
    invoke,
    onSuccess,
    answer: (v: { data: unknown; error: unknown }) => answer(v),
    setServerRows: (rows: LinkListItem[]) => (listRows = rows),
    listData: () => queryClient.getQueryData<LinkListItem[]>(linkKeys.list({ userId: USER })),
    done: () => unsubscribe.forEach((u) => u()),
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('saving a link, then its preview', () => {
  it('asks for the preview at once and re-reads the patched list only after the preview arrived', async () => {
    const warmed: string[] = [];
    let imageLoaded!: () => void;
    vi.stubGlobal(
      'Image',
      class {
        decoding = '';
        onload: (() => void) | null = null;
        onerror: (() => void) | null = null;
        set src(url: string) {
          warmed.push(url);
          imageLoaded = () => this.onload?.();
        }
      },
    );
    const t = setup();
    await flush();
    expect(t.reads).toEqual({ list: 1, folder: 1 });

    await t.onSuccess({ outcome: 'created', link: row(), categoryCreated: false, categoryId: FOLDER });
    await flush();
    expect(t.invoke).toHaveBeenCalledTimes(1);
    expect(t.invoke).toHaveBeenCalledWith('link-preview', { body: { link_id: 'link-1' } });
    expect(t.listData()?.map((l) => l.title)).toEqual(['Typed']); // patched at once
    expect(t.reads).toEqual({ list: 1, folder: 2 }); // the unpatched folder list is re-read now, the patched one is not

    const favicon = 'https://api.test/storage/v1/object/public/link-previews/user-1/link-1/favicon.png?v=1';
    t.setServerRows([{ ...t.listData()![0], favicon_url: favicon }]);
    t.answer({
      data: {
        title: 'Page',
        description: null,
        site_name: null,
        favicon_url: favicon,
        image_url: null,
        final_url: 'https://example.com/',
        stored: true,
      },
      error: null,
    });
    await vi.waitFor(() => expect(t.listData()?.[0].favicon_url).toBe(favicon));
    expect(warmed).toEqual([favicon]); // the favicon is downloading while the card re-renders
    await flush();
    expect(t.reads).toEqual({ list: 1, folder: 2 }); // the re-read waits for the favicon, not to compete with it
    imageLoaded();
    await flush();
    expect(t.reads).toEqual({ list: 2, folder: 3 }); // then one re-read of each list
    t.done();
  });

  it('a failed preview still re-reads the lists once (and the card keeps its letter)', async () => {
    const t = setup();
    await flush();
    await t.onSuccess({ outcome: 'created', link: row(), categoryCreated: false, categoryId: FOLDER });
    await flush();
    expect(t.reads.list).toBe(1);
    t.setServerRows(t.listData()!);
    t.answer({
      data: null,
      error: Object.assign(new Error('Edge Function returned a non-2xx status code'), { name: 'FunctionsHttpError' }),
    });
    await vi.waitFor(() => expect(t.reads.list).toBe(2));
    await flush();
    expect(t.reads.list).toBe(2);
    expect(t.listData()?.map((l) => [l.title, l.favicon_url])).toEqual([['Typed', null]]);
    t.done();
  });

  it('a template link gets no preview and its lists are re-read at once', async () => {
    const t = setup();
    await flush();
    await t.onSuccess({ outcome: 'created', link: row({ is_template: true }), categoryCreated: false, categoryId: FOLDER });
    await flush();
    expect(t.invoke).not.toHaveBeenCalled();
    expect(t.reads).toEqual({ list: 2, folder: 2 });
    t.done();
  });
});
