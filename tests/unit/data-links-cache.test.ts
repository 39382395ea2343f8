import { describe, expect, it } from 'vitest';
import { removeListItem, toListItem, upsertListItem } from '../../shared/data/links/cache.ts';
import type { LinkListItem } from '../../shared/data/links/api.ts';
import type { LinkRow } from '../../shared/data/types.ts';

const item = (id: string, created: string, title = id): LinkListItem => ({
  id,
  title,
  url: `https://${id}.example`,
  icon_url: null,
  access_count: 0,
  share_count: 0,
  created_at: created,
  updated_at: created,
  category_id: 'c',
  second_category_id: null,
  favicon_url: null,
  preview_image_url: null,
});
const list = [item('c', '2025-01-03T00:00:00Z'), item('b', '2025-01-02T00:00:00Z'), item('a', '2025-01-01T00:00:00Z')];

describe('link list cache patches', () => {
  it('inserts a new link by created_at, newest first', () => {
    expect(upsertListItem(list, item('n', '2025-01-04T00:00:00Z')).map((l) => l.id)).toEqual(['n', 'c', 'b', 'a']);
    expect(upsertListItem(list, item('m', '2025-01-02T12:00:00Z')).map((l) => l.id)).toEqual(['c', 'm', 'b', 'a']);
    expect(upsertListItem(list, item('o', '2024-12-31T00:00:00Z')).map((l) => l.id)).toEqual(['c', 'b', 'a', 'o']);
    expect(upsertListItem([], item('x', '2025-01-01T00:00:00Z')).map((l) => l.id)).toEqual(['x']);
  });

  it('replaces an updated link in place (a duplicate URL keeps its spot) without touching the input', () => {
    const out = upsertListItem(list, item('b', '2025-01-02T00:00:00Z', 'Renamed'));
    expect(out.map((l) => [l.id, l.title])).toEqual([
      ['c', 'c'],
      ['b', 'Renamed'],
      ['a', 'a'],
    ]);
    expect(list[1].title).toBe('b');
  });

  it('removes a deleted link', () => {
    expect(removeListItem(list, 'b').map((l) => l.id)).toEqual(['c', 'a']);
    expect(removeListItem(list, 'zzz')).toHaveLength(3);
  });

  it('keeps only the grid columns of a full row', () => {
    const row: LinkRow = {
      ...item('r', '2025-01-01T00:00:00Z'),
      user_id: 'u',
      description: 'long text',
      is_template: false,
      template_source_id: null,
      ai_enhanced: false,
      preview_description: null,
      preview_fetched_at: null,
      preview_site_name: null,
    };
    expect(Object.keys(toListItem(row)).sort()).toEqual(Object.keys(item('x', 'y')).sort());
  });
});
