// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { storedRowHeights, storeRowHeights } from '../../../web/src/features/folders/folder-row-heights.ts';

// The folder grid starts a first screen from the row heights it measured on the last visit
// (web/src/components/link-grid.tsx), kept per layout in this browser: a first screen started from
// a guess rendered and measured its rows twice before its paint.
afterEach(() => localStorage.clear());

describe('remembered folder row heights', () => {
  it('come back as they were stored, per layout', () => {
    storeRowHeights(
      new Map([
        ['gallery:6:still', 110],
        ['list:1:move', 126],
      ]),
    );
    expect(storedRowHeights()).toEqual(
      new Map([
        ['gallery:6:still', 110],
        ['list:1:move', 126],
      ]),
    );
  });

  it('are empty when nothing, or something damaged, was stored', () => {
    expect(storedRowHeights()).toEqual(new Map());
    localStorage.setItem('linkvault.folder.rowHeights', '{not json');
    expect(storedRowHeights()).toEqual(new Map());
    localStorage.setItem('linkvault.folder.rowHeights', 'null');
    expect(storedRowHeights()).toEqual(new Map());
  });

  it('leave out values no row can have', () => {
    localStorage.setItem(
      'linkvault.folder.rowHeights',
      JSON.stringify({ 'gallery:6:still': 110, 'compact:8:still': 0, 'list:1:still': -5, 'gallery:2:move': 'tall', 'compact:3:move': 1e9 }),
    );
    expect(storedRowHeights()).toEqual(new Map([['gallery:6:still', 110]]));
  });
});
