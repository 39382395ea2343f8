import { describe, expect, it } from 'vitest';
import { pageLoader } from '../../../web/src/app/page-loaders.ts';

/**
 * A first load's page counts as in once its module and its early answers are
 * (`after`), and the route waits for that download (`loading`) instead of starting another.
 */
describe('pageLoader (web/src/app/page-loaders.ts)', () => {
  it('is loaded only once the module and `after` are both in; until then `loading` is that download', async () => {
    let answersIn: () => void = () => undefined;
    const after = new Promise<void>((resolve) => (answersIn = resolve));
    const load = pageLoader(() => Promise.resolve({ page: 'folder' }));
    const first = load(after);
    expect(load.loading()).toBe(first);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(load.loaded()).toBeUndefined();
    answersIn();
    expect(await first).toEqual({ page: 'folder' });
    expect(load.loaded()).toEqual({ page: 'folder' });
    expect(load.loading()).toBeUndefined();
  });

  it('forgets a failed download: nothing is on its way, and the next load tries again', async () => {
    let attempt = 0;
    const load = pageLoader(() => {
      attempt += 1;
      return attempt === 1 ? Promise.reject(new Error('offline')) : Promise.resolve({ page: 'dashboard' });
    });
    await expect(load()).rejects.toThrow('offline');
    expect(load.loading()).toBeUndefined();
    expect(await load()).toEqual({ page: 'dashboard' });
    expect(load.loaded()).toEqual({ page: 'dashboard' });
  });
});
