// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { createElement, type ComponentProps } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as FolderGlyphModule from '../../../web/src/features/folders/folder-glyph.tsx';
import type * as LinkCardModule from '../../../shared/ui/link-card.tsx';
import { folderLinkValues, jsonResponse, renderFolderView } from './folder-view-harness.tsx';

/**
 * A keystroke in a folder's search re-renders the links section only. The folder
 * header (its glyph) never renders again, and cards whose link and place did not change are not
 * rendered again either (the mechanism behind 'search ≤ 16 ms per keystroke'; the benchmark
 * `npm run bench:dashboard` prints the timings). Renders are counted through the real components.
 */
const counts = vi.hoisted(() => ({ glyph: 0, card: 0 }));
vi.mock('../../../web/src/features/folders/folder-glyph.tsx', async (importOriginal) => {
  const original = await importOriginal<typeof FolderGlyphModule>();
  return {
    ...original,
    FolderGlyph: (props: ComponentProps<typeof original.FolderGlyph>) => {
      counts.glyph++;
      return createElement(original.FolderGlyph, props);
    },
  };
});
vi.mock('../../../shared/ui/link-card.tsx', async (importOriginal) => {
  const original = await importOriginal<typeof LinkCardModule>();
  return {
    ...original,
    LinkCard: (props: ComponentProps<typeof original.LinkCard>) => {
      counts.card++;
      return createElement(original.LinkCard, props);
    },
  };
});
const { FolderView } = await import('../../../web/src/features/folders/folder-view.tsx');

afterEach(cleanup);

const USER = '00000000-0000-4000-8000-000000000001';
const FOLDER = '00000000-0000-4000-8000-0000000000f1';
const folder = {
  id: FOLDER,
  user_id: USER,
  name: 'Recipes',
  is_default: false,
  is_template: false,
  icon_url: null,
  parent_category_id: null,
  display_order: 1,
  ai_enhanced: false,
  system_key: null,
};
const links = Array.from({ length: 8 }, (_, i) => ({
  id: `00000000-0000-4000-8000-00000000010${i}`,
  title: i < 4 ? `Pasta ${i}` : `Bread ${i}`,
  url: `https://example.test/${i}`,
  icon_url: null,
  access_count: 0,
  share_count: 0,
  created_at: new Date(Date.UTC(2026, 0, 20 - i)).toISOString(),
  updated_at: new Date(Date.UTC(2026, 0, 20 - i)).toISOString(),
  category_id: FOLDER,
  second_category_id: null,
  favicon_url: null,
  preview_image_url: null,
  description: null,
}));

function renderFolder() {
  const requests: string[] = [];
  const answer = (path: string) => {
    if (path.endsWith('/rpc/get_folder')) return jsonResponse({ folder, ancestors: [], link_count: links.length, subfolders: [] });
    if (path.endsWith('/rpc/list_folder_links')) return jsonResponse(folderLinkValues(links));
    if (path.endsWith('/categories')) return jsonResponse([folder]);
    return jsonResponse([]);
  };
  const { queryClient } = renderFolderView(FolderView, { userId: USER, folderId: FOLDER }, (path, init) => {
    requests.push(`${init?.method ?? 'GET'} ${path}`);
    return Promise.resolve(answer(path));
  });
  return { requests, queryClient };
}

describe('folder search: a keystroke re-renders only what changed', () => {
  it('re-renders neither the header nor unchanged cards on a keystroke', async () => {
    renderFolder();
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(8), { timeout: 10_000 });
    // The first screen's reorder bars come in the task after it (folder-link-grid.tsx): a render of every card, before any keystroke.
    await waitFor(() => expect(screen.getAllByRole('group', { name: /^Move / })).toHaveLength(8));
    const box = screen.getByTestId('folder-search');

    // The first keystroke turns reordering off (no reorder bar while searching): every card changes once.
    fireEvent.change(box, { target: { value: 'e' } });
    await waitFor(() => expect(screen.getByTestId('folder-results').getAttribute('data-query')).toBe('e'));
    counts.glyph = 0;
    counts.card = 0;

    // 'e' → 'ex' → 'exa': still every link (their URLs are example.test): nothing in the grid changes, the header is untouched.
    for (const value of ['ex', 'exa']) {
      fireEvent.change(box, { target: { value } });
      await waitFor(() => expect(screen.getByTestId('folder-results').getAttribute('data-query')).toBe(value));
    }
    expect(screen.getAllByRole('article')).toHaveLength(8);
    expect(counts.card).toBe(0);
    expect(counts.glyph).toBe(0);

    // A search that narrows the list renders only the cards it shows; the header still does not render.
    fireEvent.change(box, { target: { value: 'pasta' } });
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(4));
    expect(counts.card).toBeLessThanOrEqual(4);
    expect(counts.glyph).toBe(0);

    // Other links: the cards on screen are updated in place (keyed by slot), not unmounted and mounted.
    const before = screen.getAllByRole('article');
    fireEvent.change(box, { target: { value: 'bread' } });
    await waitFor(() =>
      expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual(['Bread 4', 'Bread 5', 'Bread 6', 'Bread 7']),
    );
    screen.getAllByRole('article').forEach((article, i) => expect(article).toBe(before[i]));
  });

  it("a search's first keystroke reuses the cards on screen: keyed by slot, not unmounted and mounted again", async () => {
    renderFolder();
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(8), { timeout: 10_000 });
    const before = screen.getAllByRole('article');
    // 'e' keeps every link (their URLs are example.test), in the same order.
    fireEvent.change(screen.getByTestId('folder-search'), { target: { value: 'e' } });
    await waitFor(() => expect(screen.getByTestId('folder-results').getAttribute('data-query')).toBe('e'));
    // The very same elements (toEqual would also accept new ones of the same shape).
    const after = screen.getAllByRole('article');
    expect(after).toHaveLength(8);
    after.forEach((article, i) => expect(article).toBe(before[i]));
  });
});
