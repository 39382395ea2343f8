import { describe, expect, it } from 'vitest';
import { groupLinksForGrid, linksByCategory, searchLinks } from '../../shared/data/links/select.ts';

const categories = [
  { id: 'saved', name: 'Recently Saved Links' },
  { id: 'work', name: 'Work' },
  { id: 'fun', name: 'Fun' },
];

function makeLinks(count: number) {
  return Array.from({ length: count }, (_, i) => ({
    id: `l${i}`,
    title: i % 10 === 0 ? `Rust book ${i}` : `Article number ${i}`,
    url: `https://site${i % 97}.example.com/path/${i}`,
    category_id: 'saved',
    second_category_id: i % 3 === 0 ? 'work' : i % 3 === 1 ? 'fun' : null,
    created_at: new Date(1_700_000_000_000 - i * 1000).toISOString(),
  }));
}

describe('links grid selectors', () => {
  it('groups by primary and secondary folder with totals and 3-link previews, in list order', () => {
    const links = makeLinks(10);
    const sections = groupLinksForGrid(links, categories);
    expect(sections.map((s) => [s.category.id, s.totalCount])).toEqual([
      ['saved', 10],
      ['work', 4],
      ['fun', 3],
    ]);
    expect(sections[1].links.map((l) => l.id)).toEqual(['l0', 'l3', 'l6']);
    expect(
      linksByCategory(links)
        .get('fun')
        ?.map((l) => l.id),
    ).toEqual(['l1', 'l4', 'l7']);
  });

  it('searches title or URL case-insensitively and drops folders without matches', () => {
    const links = makeLinks(30);
    expect(searchLinks(links, 'RUST').map((l) => l.id)).toEqual(['l0', 'l10', 'l20']);
    expect(searchLinks(links, 'site5.example').length).toBe(1);
    expect(searchLinks(links, '  ')).toBe(links);
    const sections = groupLinksForGrid(links, categories, { query: 'rust' });
    expect(sections.map((s) => [s.category.id, s.totalCount])).toEqual([
      ['saved', 3],
      ['work', 1],
      ['fun', 1],
    ]);
  });

  // Speed is measured by `npm run bench:dashboard` (search keystroke p95), not by a timed test: what
  // keeps a keystroke cheap is that titles and URLs are lower-cased once per list, which is checked here.
  it('lower-cases titles and URLs once per list, not on every keystroke, at 10,000 links', () => {
    let titleReads = 0;
    const links = makeLinks(10_000).map((link) => {
      const { title, ...rest } = link;
      return Object.defineProperty(rest, 'title', { get: () => (titleReads++, title), enumerable: true }) as typeof link;
    });
    expect(searchLinks(links, 'rust book').length).toBe(1_000);
    expect(titleReads).toBe(10_000);
    for (let i = 0; i < 5; i++) groupLinksForGrid(links, categories, { query: `number ${i}` });
    expect(titleReads).toBe(10_000);
    const sections = groupLinksForGrid(links, categories, { query: 'RUST' });
    expect(sections.map((s) => [s.category.id, s.totalCount])).toEqual([
      ['saved', 1_000],
      ['work', 334],
      ['fun', 333],
    ]);
    // A new list (after a save) is a new cache key: its titles are read once more.
    searchLinks([...links], 'x');
    expect(titleReads).toBe(20_000);
  });
});
