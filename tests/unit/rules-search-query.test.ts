import { describe, expect, it } from 'vitest';
import {
  emptySearchQuery,
  isEmptySearchQuery,
  isIsoDay,
  parseSearchQuery,
  printSearchQuery,
  type SearchQuery,
} from '../../shared/rules/search-query.ts';

const q = (parts: Partial<SearchQuery>): SearchQuery => ({ ...emptySearchQuery(), ...parts });

describe('parseSearchQuery', () => {
  it('words, in any case, deduplicated', () => {
    expect(parseSearchQuery('  react   Hooks react ')).toEqual(q({ words: ['react', 'Hooks'] }));
    expect(parseSearchQuery('')).toEqual(emptySearchQuery());
  });

  it('quoted phrases, negated words and phrases; an unclosed quote runs to the end', () => {
    expect(parseSearchQuery('"hooks in  react" -class -"old api"')).toEqual(
      q({ phrases: ['hooks in react'], notWords: ['class', 'old api'] }),
    );
    expect(parseSearchQuery('say "hello wor')).toEqual(q({ words: ['say'], phrases: ['hello wor'] }));
    expect(parseSearchQuery('"tag:x"')).toEqual(q({ phrases: ['tag:x'] }));
  });

  it('a lone dash and dashes inside words are words', () => {
    expect(parseSearchQuery('e-mail - x')).toEqual(q({ words: ['e-mail', '-', 'x'] }));
  });

  it('every filter, case-insensitive names, quoted values', () => {
    expect(
      parseSearchQuery(
        'TAG:react -tag:"old stuff" folder:"Read later" site:https://www.GitHub.com/x -site:example.com before:2024-01-01 after:2023-02-28 is:shared -is:incoming has:notes',
      ),
    ).toEqual(
      q({
        tags: ['react'],
        notTags: ['old stuff'],
        folders: ['Read later'],
        sites: ['github.com'],
        notSites: ['example.com'],
        before: '2024-01-01',
        after: '2023-02-28',
        isShared: true,
        isIncoming: false,
        hasNotes: true,
      }),
    );
    expect(parseSearchQuery('-has:notes').hasNotes).toBe(false);
  });

  it('unknown filters and unreadable values are searched as words; empty values are ignored', () => {
    expect(parseSearchQuery('foo:bar before:soon is:pinned after:2023-02-30 has:pics')).toEqual(
      q({ words: ['foo:bar', 'before:soon', 'is:pinned', 'after:2023-02-30', 'has:pics'] }),
    );
    expect(parseSearchQuery('react tag: folder:""')).toEqual(q({ words: ['react'] }));
    expect(parseSearchQuery('-folder:x -before:2024-01-01')).toEqual(q({ notWords: ['folder:x', 'before:2024-01-01'] }));
    expect(parseSearchQuery('http://x.example/a')).toEqual(q({ words: ['http://x.example/a'] }));
  });

  it('double quotes never end up inside a value', () => {
    expect(parseSearchQuery('tag:a"b ab"cd')).toEqual(q({ tags: ['ab'], words: ['ab', 'cd'] }));
  });
});

describe('printSearchQuery', () => {
  it('writes the canonical text', () => {
    expect(
      printSearchQuery(
        q({
          words: ['react'],
          phrases: ['a b'],
          notWords: ['x', 'y z'],
          tags: ['web dev'],
          folders: ['Inbox'],
          sites: ['github.com'],
          isShared: false,
          hasNotes: true,
        }),
      ),
    ).toBe('react "a b" -x -"y z" tag:"web dev" folder:Inbox site:github.com -is:shared has:notes');
    expect(isEmptySearchQuery(emptySearchQuery())).toBe(true);
    expect(isEmptySearchQuery(q({ isIncoming: true }))).toBe(false);
  });

  const samples = [
    'react hooks',
    '"hooks in react" -class',
    'tag:"web dev" -tag:old folder:"Read later" site:github.com -site:x.org',
    'before:2024-01-01 after:2023-01-01 is:shared -is:incoming -has:notes',
    'foo:bar is:pinned -folder:x -is:pinned',
    'say "unclosed phrase',
    '- -- ---x e-mail',
    'tag:a"b ab"cd "x"y',
    'café "crème brûlée" tag:Ünïcode',
  ];
  it.each(samples)('parse(print(parse(text))) equals parse(text): %s', (text) => {
    const parsed = parseSearchQuery(text);
    expect(parseSearchQuery(printSearchQuery(parsed))).toEqual(parsed);
  });
});

describe('isIsoDay', () => {
  it('accepts real days only', () => {
    expect(isIsoDay('2024-02-29')).toBe(true);
    expect(isIsoDay('2023-02-29')).toBe(false);
    expect(isIsoDay('2024-1-01')).toBe(false);
    expect(isIsoDay('2024-13-01')).toBe(false);
  });
});
