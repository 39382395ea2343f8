import { describe, expect, it } from 'vitest';
import { withDepth, type CategoryOption } from '../../shared/ui/category-select.tsx';

describe('the folder picker (shared/ui/category-select.tsx)', () => {
  it('offers every folder of a deep chain, each after its parent, with the end of its path', () => {
    const chain: CategoryOption[] = Array.from({ length: 12 }, (_, i) => ({
      id: `f${i}`,
      name: `Level ${i}`,
      parent_category_id: i === 0 ? null : `f${i - 1}`,
    }));
    const rows = withDepth([...chain].reverse());
    expect(rows.map(([folder, depth]) => [folder.id, depth])).toEqual(chain.map((f, i) => [f.id, i]));
    expect(rows[2][2]).toBe('Level 0 › Level 1 › Level 2');
    expect(rows[11][2]).toBe('… › Level 6 › Level 7 › Level 8 › Level 9 › Level 10 › Level 11');
  });

  it('tells two subfolders of the same name apart by their path', () => {
    const rows = withDepth([
      { id: 'w', name: 'Work' },
      { id: 'h', name: 'Home' },
      { id: 'wr', name: 'Reading', parent_category_id: 'w' },
      { id: 'hr', name: 'Reading', parent_category_id: 'h' },
    ]);
    expect(rows.map(([, , label]) => label)).toEqual(['Work', 'Work › Reading', 'Home', 'Home › Reading']);
  });
});
