import { describe, expect, it } from 'vitest';
import { LIST_PAGE_SIZE, readAllPages } from '../../shared/data/links/api.ts';

/** readAllPages: with a count, pages after the first are read in parallel (a big list loads in one round trip, not one per page). */
function table(size: number) {
  const rows = Array.from({ length: size }, (_, i) => i);
  const calls: Array<[number, number]> = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const page = async (from: number, to: number) => {
    calls.push([from, to]);
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    await new Promise((r) => setTimeout(r, 5));
    inFlight--;
    return { data: rows.slice(from, to + 1), error: null };
  };
  return { rows, calls, page, maxInFlight: () => maxInFlight };
}

describe('readAllPages', () => {
  it('without a count reads page after page', async () => {
    const t = table(2 * LIST_PAGE_SIZE + 5);
    expect(await readAllPages(t.page)).toEqual(t.rows);
    expect(t.calls).toHaveLength(3);
    expect(t.maxInFlight()).toBe(1);
  });

  it('with a count reads the other pages at once, in order', async () => {
    const t = table(10 * LIST_PAGE_SIZE);
    const result = await readAllPages(t.page, () => Promise.resolve({ count: t.rows.length, error: null }));
    expect(result).toEqual(t.rows);
    // The count is a multiple of the page size: the (empty) page after the last full one is read in
    // the same parallel batch, not in a round trip of its own after it.
    expect(t.maxInFlight()).toBe(10);
    expect(t.calls).toHaveLength(11);
  });

  it('rows added after the count are still read; a failed count falls back to sequential pages', async () => {
    const t = table(3 * LIST_PAGE_SIZE + 10);
    expect(await readAllPages(t.page, () => Promise.resolve({ count: 2 * LIST_PAGE_SIZE + 1, error: null }))).toEqual(t.rows);
    const u = table(LIST_PAGE_SIZE + 1);
    expect(await readAllPages(u.page, () => Promise.resolve({ count: null, error: new Error('no count') }))).toEqual(u.rows);
    const small = table(3);
    expect(await readAllPages(small.page, () => Promise.resolve({ count: 3, error: null }))).toEqual([0, 1, 2]);
    expect(small.calls).toHaveLength(1);
  });

  it('a failing page is an error', async () => {
    const page = (from: number) =>
      Promise.resolve(
        from === 0 ? { data: Array(LIST_PAGE_SIZE).fill(1), error: null } : { data: null, error: { message: 'boom', code: '500' } },
      );
    await expect(readAllPages(page, () => Promise.resolve({ count: 2 * LIST_PAGE_SIZE, error: null }))).rejects.toMatchObject({
      message: 'boom',
    });
  });
});
