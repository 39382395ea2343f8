import { describe, expect, it } from 'vitest';
import {
  TAG_NAME_MAX_LENGTH,
  TAGS_PER_LINK_MAX,
  normaliseTagName,
  splitTagList,
  tagKey,
  tagNameProblem,
  uniqueTagNames,
} from '../../shared/rules/tags.ts';
import { bulkTagSchema, tagNameSchema } from '../../shared/schemas/tag.ts';

describe('tag rules', () => {
  it('normalises whitespace and checks names', () => {
    expect(normaliseTagName('  web \t  dev ')).toBe('web dev');
    expect(tagNameProblem('   ')).toBe('Enter a tag name.');
    expect(tagNameProblem('a,b')).toBe('A tag cannot contain commas or double quotes.');
    expect(tagNameProblem('say "x"')).toBe('A tag cannot contain commas or double quotes.');
    expect(tagNameProblem('x'.repeat(TAG_NAME_MAX_LENGTH))).toBeNull();
    expect(tagNameProblem('x'.repeat(TAG_NAME_MAX_LENGTH + 1))).toBe(`A tag has at most ${TAG_NAME_MAX_LENGTH} characters.`);
    // Characters, not UTF-16 units (as char_length counts).
    expect(tagNameProblem('😀'.repeat(TAG_NAME_MAX_LENGTH))).toBeNull();
  });

  it('names are the same tag case-insensitively; the first spelling wins', () => {
    expect(tagKey(' React ')).toBe(tagKey('react'));
    expect(uniqueTagNames(['React', 'react', ' ', 'Vue '])).toEqual(['React', 'Vue']);
  });

  it('splits import lists, dropping invalid names and keeping at most the per-link limit', () => {
    expect(splitTagList('a, b ,,A, "c"')).toEqual(['a', 'b', 'c']);
    expect(splitTagList('one two  one', 'space')).toEqual(['one', 'two']);
    expect(splitTagList(null)).toEqual([]);
    expect(splitTagList(Array.from({ length: 40 }, (_, i) => `t${i}`).join(','))).toHaveLength(TAGS_PER_LINK_MAX);
  });

  it('the schemas use the same rule', () => {
    expect(tagNameSchema.safeParse('  deep   work ')).toEqual({ success: true, data: 'deep work' });
    expect(tagNameSchema.safeParse('a,b').success).toBe(false);
    expect(bulkTagSchema.safeParse({ linkIds: [crypto.randomUUID()] }).success).toBe(false);
    expect(bulkTagSchema.safeParse({ linkIds: [], add: ['x'] }).success).toBe(false);
  });
});
