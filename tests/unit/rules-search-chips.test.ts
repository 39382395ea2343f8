import { describe, expect, it } from 'vitest';
import { searchChips, tagSearchText } from '../../shared/rules/search-chips.ts';
import { parseSearchQuery, printSearchQuery } from '../../shared/rules/search-query.ts';

const labels = (text: string) => searchChips(parseSearchQuery(text)).map((c) => c.label);

describe('search chips (shared/rules/search-chips.ts)', () => {
  it('one chip per filter, phrase and negation; plain words stay in the box', () => {
    expect(labels('react hooks')).toEqual([]);
    expect(labels('react tag:js -tag:"old stuff" folder:"Read later" site:github.com -site:x.org "exact words" -spam')).toEqual([
      'tag:js',
      '-tag:"old stuff"',
      'folder:"Read later"',
      'site:github.com',
      '-site:x.org',
      '"exact words"',
      '-spam',
    ]);
    expect(labels('before:2024-01-01 after:2023-06-01 is:shared -is:incoming has:notes')).toEqual([
      'before:2024-01-01',
      'after:2023-06-01',
      'is:shared',
      '-is:incoming',
      'has:notes',
    ]);
    // Unreadable filters are words, so no chip.
    expect(labels('before:soon is:pinned tag:')).toEqual([]);
  });

  it('removing a chip leaves every other part of the query', () => {
    const q = parseSearchQuery('react tag:a tag:b site:x.org has:notes');
    const chips = searchChips(q);
    const withoutB = chips.find((c) => c.label === 'tag:b')!.without;
    expect(printSearchQuery(withoutB)).toBe('react tag:a site:x.org has:notes');
    const withoutNotes = chips.find((c) => c.label === 'has:notes')!.without;
    expect(printSearchQuery(withoutNotes)).toBe('react tag:a tag:b site:x.org');
    // Keys are unique within a query (React keys).
    expect(new Set(chips.map((c) => c.key)).size).toBe(chips.length);
  });

  it('a tag chip on a card searches exactly that tag, quoted when it has spaces', () => {
    expect(tagSearchText('react')).toBe('tag:react');
    expect(tagSearchText('read later')).toBe('tag:"read later"');
    expect(parseSearchQuery(tagSearchText('read later')).tags).toEqual(['read later']);
  });
});
