import { describe, expect, it } from 'vitest';
import { refreshSummary } from '../../shared/rules/refresh-summary.ts';

describe('refreshSummary', () => {
  it('counts the updated links, as before, when all went well', () => {
    expect(refreshSummary({ total: 3, updated: 3, empty: 0, unreachable: 0, failed: 0 }, 'collection')).toEqual({
      nothingUpdated: false,
      title: 'Previews refreshed',
      description: '3 of 3 links updated.',
    });
  });
  it('says why nothing was updated', () => {
    const summary = refreshSummary({ total: 2, updated: 0, empty: 0, unreachable: 2, failed: 0 }, 'folder');
    expect(summary).toEqual({
      nothingUpdated: true,
      title: 'No previews updated',
      description: '0 of 2 links updated in this folder. 2 sites could not be reached.',
    });
  });
  it('names every reason with its count', () => {
    expect(refreshSummary({ total: 4, updated: 1, empty: 1, unreachable: 1, failed: 1 }, 'collection').description).toBe(
      '1 of 4 links updated. 1 site could not be reached. 1 page offers no icon or image. 1 link could not be refreshed now; try again later.',
    );
  });
});
