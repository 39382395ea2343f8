import { describe, expect, it } from 'vitest';
import { applyCreatedAtUpdates, planReorder, type Orderable } from '../../shared/rules/reorder.ts';

const at = (minute: number) => new Date(Date.UTC(2025, 0, 1, 0, minute)).toISOString();
/** Six links shown newest first: a (minute 60) … f (minute 10). */
const items: Orderable[] = ['a', 'b', 'c', 'd', 'e', 'f'].map((id, i) => ({ id, created_at: at(60 - i * 10) }));
const orderAfter = (list: Orderable[], updates: ReturnType<typeof planReorder>) =>
  applyCreatedAtUpdates(list, updates ?? [])
    .map((item) => item.id)
    .join('');

describe('planReorder: swaps', () => {
  it('left swaps created_at with the previous neighbour (two updates only)', () => {
    const updates = planReorder(items, 'c', 'left');
    expect(updates).toEqual([
      { id: 'c', created_at: at(50) },
      { id: 'b', created_at: at(40) },
    ]);
    expect(orderAfter(items, updates)).toBe('acbdef');
  });

  it('right swaps with the next neighbour', () => {
    expect(orderAfter(items, planReorder(items, 'c', 'right'))).toBe('abdcef');
  });

  it('up and down swap with the item `columns` away', () => {
    expect(orderAfter(items, planReorder(items, 'e', 'up', 3))).toBe('aecdbf');
    expect(orderAfter(items, planReorder(items, 'b', 'down', 3))).toBe('aecdbf');
    expect(orderAfter(items, planReorder(items, 'a', 'down', 2))).toBe('cbadef');
  });

  it('with one column (list view) up/down behave like left/right', () => {
    expect(orderAfter(items, planReorder(items, 'd', 'up', 1))).toBe('abdcef');
    expect(orderAfter(items, planReorder(items, 'd', 'down'))).toBe('abcedf');
  });

  it('keeps the original created_at strings (microsecond precision survives a swap)', () => {
    const precise = [
      { id: 'x', created_at: '2025-01-01T10:00:00.123456+00:00' },
      { id: 'y', created_at: '2025-01-01T09:00:00.654321+00:00' },
    ];
    expect(planReorder(precise, 'y', 'left')).toEqual([
      { id: 'y', created_at: '2025-01-01T10:00:00.123456+00:00' },
      { id: 'x', created_at: '2025-01-01T09:00:00.654321+00:00' },
    ]);
  });

  it('still moves links that share one created_at (copied together)', () => {
    const same = at(30);
    const tied = ['p', 'q', 'r'].map((id) => ({ id, created_at: same }));
    const updates = planReorder(tied, 'q', 'left');
    expect(updates).not.toBeNull();
    expect(updates!.length).toBeGreaterThan(0);
    expect(orderAfter(tied, updates)).toBe('qpr');
  });
});

describe('planReorder: beginning and end', () => {
  it('Beginning = newest + 60 000 ms', () => {
    expect(planReorder(items, 'd', 'beginning')).toEqual([{ id: 'd', created_at: at(61) }]);
    expect(orderAfter(items, planReorder(items, 'd', 'beginning'))).toBe('dabcef');
  });

  it('End = oldest − 60 000 ms', () => {
    expect(planReorder(items, 'b', 'end')).toEqual([{ id: 'b', created_at: at(9) }]);
    expect(orderAfter(items, planReorder(items, 'b', 'end'))).toBe('acdefb');
  });
});

describe('planReorder: impossible moves give null', () => {
  it.each([
    ['a', 'left', 1],
    ['a', 'up', 1],
    ['a', 'beginning', 1],
    ['f', 'right', 1],
    ['f', 'down', 1],
    ['f', 'end', 1],
    ['b', 'up', 3],
    ['e', 'down', 3],
    ['zzz', 'left', 1],
  ] as const)('%s %s (columns %i)', (id, direction, columns) => {
    expect(planReorder(items, id, direction, columns)).toBeNull();
  });

  it('a single item cannot move', () => {
    expect(planReorder([items[0]], 'a', 'right')).toBeNull();
    expect(planReorder([items[0]], 'a', 'end')).toBeNull();
  });
});
