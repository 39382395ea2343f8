import { describe, expect, it } from 'vitest';
import {
  buildFolderTree,
  canMoveFolder,
  flattenFolderTree,
  folderCountLabel,
  folderPathNames,
  subtreeCount,
  subtreeIds,
} from '../../shared/rules/folder-tree.ts';

const f = (id: string, parent: string | null = null) => ({ id, name: id.toUpperCase(), parent_category_id: parent });
// a ─ b ─ c
//   └ d
// e
const folders = [f('a'), f('b', 'a'), f('c', 'b'), f('d', 'a'), f('e')];

describe('folder tree', () => {
  it('nests folders under their parents; a missing parent makes a folder top level', () => {
    const tree = buildFolderTree([...folders, f('orphan', 'gone')]);
    expect(tree.roots.map((x) => x.id)).toEqual(['a', 'e', 'orphan']);
    expect(tree.children.get('a')?.map((x) => x.id)).toEqual(['b', 'd']);
    expect(folderPathNames(tree, 'c')).toEqual(['A', 'B', 'C']);
  });

  it('flattens only expanded folders, depth-first, with depth and whether there are subfolders', () => {
    const tree = buildFolderTree(folders);
    expect(flattenFolderTree(tree, () => false).map((r) => [r.folder.id, r.depth, r.hasChildren])).toEqual([
      ['a', 0, true],
      ['e', 0, false],
    ]);
    const open = new Set(['a', 'b']);
    expect(flattenFolderTree(tree, (id) => open.has(id)).map((r) => `${r.folder.id}${r.depth}`)).toEqual(['a0', 'b1', 'c2', 'd1', 'e0']);
  });

  it('counts a folder with all its subfolders, each link once', () => {
    const tree = buildFolderTree(folders);
    const counts = new Map([
      ['a', 1],
      ['b', 2],
      ['c', 4],
      ['d', 8],
      ['e', 16],
    ]);
    expect(subtreeCount(tree, 'a', counts)).toBe(15);
    expect(subtreeCount(tree, 'b', counts)).toBe(6);
    expect(subtreeCount(tree, 'e', counts)).toBe(16);
    expect(folderCountLabel(1, 15)).toBe('1 link here, 15 with subfolders');
    expect(folderCountLabel(16, null)).toBe('16 links');
  });

  it('never moves a folder into itself or below itself; anywhere else and to the top is fine', () => {
    const tree = buildFolderTree(folders);
    expect(canMoveFolder(tree, 'a', 'a')).toBe(false);
    expect(canMoveFolder(tree, 'a', 'c')).toBe(false);
    expect(canMoveFolder(tree, 'b', 'd')).toBe(true);
    expect(canMoveFolder(tree, 'c', 'e')).toBe(true);
    expect(canMoveFolder(tree, 'c', null)).toBe(true);
  });

  it('walks a 5,000-level chain without recursion, and stops at a loop in bad data', () => {
    const chain = Array.from({ length: 5000 }, (_, i) => f(`n${i}`, i ? `n${i - 1}` : null));
    const tree = buildFolderTree(chain);
    expect(subtreeIds(tree, 'n0')).toHaveLength(5000);
    expect(flattenFolderTree(tree, () => true)).toHaveLength(5000);
    expect(folderPathNames(tree, 'n4999')).toHaveLength(5000);
    const loop = buildFolderTree([f('x', 'y'), f('y', 'x')]);
    expect(subtreeIds(loop, 'x').sort()).toEqual(['x', 'y']);
    expect(folderPathNames(loop, 'x')).toHaveLength(2);
  });
});
