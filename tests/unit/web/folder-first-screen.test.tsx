// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FOLDER_FIRST_SCREEN } from '../../../shared/data/links/api.ts';
import { FolderView } from '../../../web/src/features/folders/folder-view.tsx';
import { folderLinkValues, jsonResponse, renderFolderView } from './folder-view-harness.tsx';

/**
 * A big folder's first screen comes from its newest links (one small answer), and
 * the whole list is asked for only once that screen is up. Until the whole list is in, a search (or
 * another sort) shows the loading state, never an answer from part of the folder.
 */
afterEach(() => {
  cleanup();
  localStorage.clear();
});

const USER = '00000000-0000-4000-8000-000000000001';
const FOLDER = '00000000-0000-4000-8000-0000000000f1';
const folder = {
  id: FOLDER,
  user_id: USER,
  name: 'Reading',
  is_default: false,
  is_template: false,
  icon_url: null,
  parent_category_id: null,
  display_order: 1,
  ai_enhanced: false,
  system_key: null,
};
const linksOf = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    title: `Link ${i}`,
    url: `https://example.test/${i}`,
    icon_url: null,
    access_count: 0,
    share_count: 0,
    created_at: new Date(Date.UTC(2026, 0, 1) - i * 60_000).toISOString(),
    updated_at: '2026-01-01T00:00:00.000Z',
    category_id: FOLDER,
    second_category_id: null,
    favicon_url: null,
    preview_image_url: null,
    description: null,
  }));
function renderFolder(count: number) {
  const links = linksOf(count);
  const listReads: Array<{ limit: number | undefined; cardsShown: number }> = [];
  // Every other read, with the cards on the page when it was asked for.
  const otherReads: Array<{ path: string; cardsShown: number }> = [];
  let openGate!: () => void;
  const gate = new Promise<void>((resolve) => (openGate = resolve));
  renderFolderView(FolderView, { userId: USER, folderId: FOLDER }, async (path, init) => {
    if (path.endsWith('/rpc/get_folder')) return jsonResponse({ folder, ancestors: [], link_count: links.length, subfolders: [] });
    if (path.endsWith('/rpc/list_folder_links')) {
      if (typeof init?.body !== 'string') throw new Error('list_folder_links without a JSON body');
      const limit = (JSON.parse(init.body) as { p_limit?: number }).p_limit;
      listReads.push({ limit, cardsShown: document.querySelectorAll('article').length });
      if (limit !== undefined) return jsonResponse(folderLinkValues(links.slice(0, limit)));
      await gate; // the whole list arrives when the test says so
      return jsonResponse(folderLinkValues(links));
    }
    otherReads.push({ path, cardsShown: document.querySelectorAll('article').length });
    if (path.endsWith('/categories')) return jsonResponse([folder]);
    return jsonResponse([]);
  });
  return { listReads, otherReads, openGate };
}

const section = () => screen.getByTestId('folder-results');

describe("a big folder's first screen", () => {
  it('shows the newest links first, then asks for the whole list; a search waits for it', async () => {
    const { listReads, openGate } = renderFolder(FOLDER_FIRST_SCREEN + 30);
    await waitFor(() => expect(screen.getAllByRole('article').length).toBeGreaterThan(0), { timeout: 10_000 });
    expect(screen.getAllByRole('article')[0].getAttribute('aria-label')).toBe('Link 0');
    expect(section().getAttribute('data-complete')).toBe('false');
    // The header counts the whole folder from the start.
    expect(screen.getByTestId('folder-count').textContent).toBe('150 links');

    // The whole list was asked for after the first screen was on the page, not with it.
    await waitFor(() => expect(listReads.map((r) => r.limit)).toEqual([FOLDER_FIRST_SCREEN, undefined]));
    expect(listReads[1].cardsShown).toBeGreaterThan(0);

    // A link beyond the first screen: while the list loads, the search shows the loading state.
    fireEvent.change(screen.getByTestId('folder-search'), { target: { value: 'Link 149' } });
    await waitFor(() => expect(section().getAttribute('data-query')).toBe('Link 149'));
    expect(screen.getByTestId('folder-loading')).toBeTruthy();
    expect(screen.queryByTestId('folder-empty')).toBeNull();

    openGate();
    await waitFor(() => expect(section().getAttribute('data-complete')).toBe('true'));
    await waitFor(() => expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual(['Link 149']));
  }, 30_000);

  it('the folders to copy to, the share switches and the admin role are asked for after the first screen is on the page', async () => {
    const { otherReads, openGate } = renderFolder(FOLDER_FIRST_SCREEN + 30);
    const later = ['/rest/v1/categories', '/rest/v1/user_privacy_settings', '/rest/v1/user_roles'];
    await waitFor(() => expect(later.every((path) => otherReads.some((r) => r.path === path))).toBe(true), { timeout: 10_000 });
    for (const path of later) expect(otherReads.find((r) => r.path === path)!.cardsShown).toBeGreaterThan(0);
    // The profile (its outline colour draws the first cards' icons) is not held back.
    expect(otherReads.find((r) => r.path === '/rest/v1/profiles')!.cardsShown).toBe(0);
    openGate();
  });

  it('a folder that fits its first screen is read once', async () => {
    const { listReads } = renderFolder(12);
    await waitFor(() => expect(section().getAttribute('data-complete')).toBe('true'), { timeout: 10_000 });
    expect(screen.getAllByRole('article')).toHaveLength(12);
    expect(listReads.map((r) => r.limit)).toEqual([FOLDER_FIRST_SCREEN]);
  });

  it('in another remembered sort, the whole list is read from the start', async () => {
    localStorage.setItem('linkvault.folder.sort', 'alphabetical');
    const { listReads, openGate } = renderFolder(FOLDER_FIRST_SCREEN + 30);
    await waitFor(() => expect(listReads.map((r) => r.limit)).toEqual([undefined]), { timeout: 10_000 });
    expect(screen.getByTestId('folder-loading')).toBeTruthy();
    openGate();
    await waitFor(() => expect(screen.getAllByRole('article')[0].getAttribute('aria-label')).toBe('Link 0'));
    expect(listReads).toHaveLength(1);
  });
});
