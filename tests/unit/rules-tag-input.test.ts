import { describe, expect, it } from 'vitest';
import { addTagProblem, tagSuggestions, TAGS_PER_LINK_MAX, TAGS_PER_USER_MAX } from '../../shared/rules/tags.ts';

describe('adding a tag in the link form (addTagProblem)', () => {
  it('accepts a valid new name', () => {
    expect(addTagProblem(['react'], 'hooks')).toBeNull();
    expect(addTagProblem([], '  two   words ')).toBeNull();
  });

  it('says why a name cannot be added', () => {
    expect(addTagProblem([], '   ')).toBe('Enter a tag name.');
    expect(addTagProblem([], 'a,b')).toBe('A tag cannot contain commas or double quotes.');
    expect(addTagProblem([], 'x'.repeat(51))).toBe('A tag has at most 50 characters.');
    expect(addTagProblem(['React'], 'react')).toBe('"react" is already on this link.');
    const full = Array.from({ length: TAGS_PER_LINK_MAX }, (_, i) => `t${i}`);
    expect(addTagProblem(full, 'one more')).toBe(`A link can have at most ${TAGS_PER_LINK_MAX} tags.`);
  });

  it('the account limit only refuses a new tag, never an existing one', () => {
    const existing = Array.from({ length: TAGS_PER_USER_MAX }, (_, i) => `tag${i}`);
    expect(addTagProblem([], 'brand new', existing)).toMatch(/the most an account can have/);
    expect(addTagProblem([], 'TAG7', existing)).toBeNull();
  });
});

describe('tag suggestions', () => {
  const all = ['JavaScript', 'java', 'react', 'preact', 'Read later'];
  it('prefix matches first, then the names containing the text, case-insensitively', () => {
    expect(tagSuggestions(all, 'ja', [])).toEqual(['JavaScript', 'java']);
    expect(tagSuggestions(all, 're', [])).toEqual(['react', 'Read later', 'preact']);
  });
  it('leaves out tags already on the link, nothing for empty text, at most max', () => {
    expect(tagSuggestions(all, 'JA', ['javascript'])).toEqual(['java']);
    expect(tagSuggestions(all, '  ', [])).toEqual([]);
    expect(tagSuggestions(all, 'a', [], 2)).toHaveLength(2);
  });
});
