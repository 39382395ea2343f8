import { describe, expect, it } from 'vitest';
import { gridColumns } from '../../shared/rules/grid-columns.ts';
import { sortLinks } from '../../shared/rules/sort-links.ts';
import { formatDisplayDate } from '../../shared/rules/date-format.ts';
import { formatCount, initialsOf, previewDescription } from '../../shared/rules/text.ts';
import { assignLinkCategories, effectiveCategoryId } from '../../shared/rules/category-assignment.ts';

describe('gridColumns', () => {
  // Grid widths: a phone (390 px window), 768, 1024 and 1280+ px windows (the page is at most 1232 px wide).
  it.each([
    ['gallery', 366, 1],
    ['gallery', 720, 2],
    ['gallery', 976, 2],
    ['gallery', 1232, 3],
    ['gallery', 5000, 6],
    ['compact', 366, 1],
    ['compact', 720, 2],
    ['compact', 976, 3],
    ['compact', 1232, 4],
    ['compact', 9000, 8],
    ['compact', 0, 1],
    ['list', 366, 1],
    ['list', 1920, 1],
  ] as const)('%s in a %ipx grid -> %i', (mode, width, columns) => {
    expect(gridColumns(mode, width)).toBe(columns);
  });
});

describe('sortLinks', () => {
  const links = [
    { id: '1', title: 'banana', created_at: '2025-01-02T00:00:00Z', access_count: 5, share_count: 0 },
    { id: '2', title: 'Apple', created_at: '2025-01-03T00:00:00Z', access_count: 1, share_count: 7 },
    { id: '3', title: 'cherry', created_at: '2025-01-01T00:00:00Z', access_count: 9, share_count: 2 },
    { id: '4', title: 'apple pie', created_at: '2025-01-04T00:00:00Z', access_count: null, share_count: null },
    { id: '5', title: 'Éclair', created_at: '2025-01-05T00:00:00Z', access_count: 1, share_count: 2 },
  ];
  const ids = (sort: Parameters<typeof sortLinks>[1]) =>
    sortLinks(links, sort)
      .map((l) => l.id)
      .join('');

  it('newest and oldest by created_at', () => {
    expect(ids('newest')).toBe('54213');
    expect(ids('oldest')).toBe('31245');
  });
  it('alphabetical is locale-aware and case-insensitive', () => {
    expect(ids('alphabetical')).toBe('24135');
  });
  it('most viewed by access_count, ties newest first', () => {
    expect(ids('most_viewed')).toBe('31524');
  });
  it('most shared by share_count, ties newest first', () => {
    expect(ids('most_shared')).toBe('25341');
  });
  it('does not modify the input', () => {
    sortLinks(links, 'oldest');
    expect(links.map((l) => l.id).join('')).toBe('12345');
  });
});

describe('formatDisplayDate', () => {
  it("formats as 'MMM d, yyyy'", () => {
    expect(formatDisplayDate(new Date(2025, 0, 5, 12))).toBe('Jan 5, 2025');
    expect(formatDisplayDate(new Date(2024, 11, 31, 23, 59))).toBe('Dec 31, 2024');
  });
  it('can format in UTC', () => {
    expect(formatDisplayDate('2025-08-08T23:30:00Z', { utc: true })).toBe('Aug 8, 2025');
  });
  it('gives an empty string for missing or invalid dates', () => {
    expect(formatDisplayDate(null)).toBe('');
    expect(formatDisplayDate('not a date')).toBe('');
  });
});

describe('previewDescription', () => {
  it('keeps descriptions up to 120 characters', () => {
    const exact = 'x'.repeat(120);
    expect(previewDescription(exact)).toBe(exact);
  });
  it('cuts longer ones at 120 characters and adds an ellipsis', () => {
    expect(previewDescription('y'.repeat(121))).toBe(`${'y'.repeat(120)}...`);
  });
  it('never splits an emoji', () => {
    expect(previewDescription('😀'.repeat(130))).toBe(`${'😀'.repeat(120)}...`);
  });
  it('handles empty values', () => {
    expect(previewDescription(null)).toBe('');
  });
});

describe('initialsOf', () => {
  it('takes up to two initials', () => {
    expect(initialsOf('ada lovelace byron')).toBe('AL');
    expect(initialsOf('  ')).toBe('');
  });
});

describe('assignLinkCategories', () => {
  it('keeps the default as primary and a chosen category as second', () => {
    expect(assignLinkCategories('cat-2', 'default')).toEqual({ category_id: 'default', second_category_id: 'cat-2' });
  });
  it('choosing the default (or nothing) clears the second category', () => {
    expect(assignLinkCategories('default', 'default')).toEqual({ category_id: 'default', second_category_id: null });
    expect(assignLinkCategories('', 'default')).toEqual({ category_id: 'default', second_category_id: null });
    expect(assignLinkCategories(undefined, 'default')).toEqual({ category_id: 'default', second_category_id: null });
  });
  it('the form shows the second category when there is one', () => {
    expect(effectiveCategoryId({ category_id: 'd', second_category_id: 's' })).toBe('s');
    expect(effectiveCategoryId({ category_id: 'd', second_category_id: null })).toBe('d');
  });
});

describe('formatCount', () => {
  it('writes counts as en-US does (the Intl formatter it replaces)', () => {
    for (const value of [0, 1, 12, 999, 1000, 10_000, 123_456, 1_000_000, 987_654_321, -1234, 1234.5]) {
      expect(formatCount(value)).toBe(value.toLocaleString('en-US'));
    }
  });
});
