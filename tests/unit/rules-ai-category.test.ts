import { describe, expect, it } from 'vitest';
import { NEW_CATEGORY_OPTION } from '../../shared/constants.ts';
import { suggestionFolderChoice } from '../../shared/rules/ai-category.ts';

const folders = [
  { id: 'a', name: 'Recipes' },
  { id: 'b', name: 'Dev  Tools' },
];

describe('suggestionFolderChoice', () => {
  it('picks the existing folder by name, ignoring case and spacing', () => {
    expect(suggestionFolderChoice('recipes', folders)).toEqual({ categoryId: 'a' });
    expect(suggestionFolderChoice(' dev tools ', folders)).toEqual({ categoryId: 'b' });
  });
  it('asks for a new folder when none has the name', () => {
    expect(suggestionFolderChoice('Baking', folders)).toEqual({ categoryId: NEW_CATEGORY_OPTION, newCategory: 'Baking' });
    expect(suggestionFolderChoice('x'.repeat(80), folders)).toEqual({ categoryId: NEW_CATEGORY_OPTION, newCategory: 'x'.repeat(60) });
  });
  it('uses the default folder without a category', () => {
    expect(suggestionFolderChoice('   ', folders)).toEqual({ categoryId: undefined });
  });
});
