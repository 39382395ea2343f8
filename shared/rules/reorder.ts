import { REORDER_OFFSET_MS } from '../constants.ts';

/**
 * Reordering by created_at (links are shown newest first). Left/right swap created_at with the
 * neighbour, up/down with the item `columns` away; Beginning = newest + 60 s, End = oldest − 60 s.
 */
export const REORDER_DIRECTIONS = ['beginning', 'left', 'up', 'down', 'right', 'end'] as const;
export type ReorderDirection = (typeof REORDER_DIRECTIONS)[number];

export interface Orderable {
  id: string;
  created_at: string;
}

export interface CreatedAtUpdate {
  id: string;
  created_at: string;
}

function toMs(value: string): number {
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw new Error(`Invalid created_at: ${value}`);
  return ms;
}

/** Index of the item to swap with, or null when there is none. */
function swapTarget(index: number, direction: ReorderDirection, columns: number, length: number): number | null {
  const step = Math.max(1, Math.floor(columns));
  const offsets: Partial<Record<ReorderDirection, number>> = { left: -1, right: 1, up: -step, down: step };
  const target = index + (offsets[direction] ?? 0);
  return target >= 0 && target < length && target !== index ? target : null;
}

/**
 * Gives each position its slot's time (a swap exchanges times), then makes the times strictly
 * decreasing: links copied together (templates) share one created_at, and swapping equal
 * times would change nothing. Returns the items whose created_at changes.
 */
function timesForOrder(slots: readonly Orderable[], order: readonly Orderable[]): CreatedAtUpdate[] {
  const updates: CreatedAtUpdate[] = [];
  let previousMs = Number.POSITIVE_INFINITY;
  order.forEach((item, position) => {
    let time = slots[position].created_at;
    let ms = toMs(time);
    if (ms >= previousMs) {
      ms = previousMs - 1;
      time = new Date(ms).toISOString();
    }
    previousMs = ms;
    if (time !== item.created_at) updates.push({ id: item.id, created_at: time });
  });
  return updates;
}

/**
 * The created_at updates that move item `id` one step in `direction`, or null when the move is
 * impossible (first item left/up/beginning, last item right/down/end, unknown id).
 * `items` must be in display order (newest first); `columns` is the grid's row width.
 */
export function planReorder(items: readonly Orderable[], id: string, direction: ReorderDirection, columns = 1): CreatedAtUpdate[] | null {
  const index = items.findIndex((item) => item.id === id);
  if (index === -1) return null;
  const times = items.map((item) => toMs(item.created_at));

  if (direction === 'beginning') {
    if (index === 0) return null;
    return [{ id, created_at: new Date(Math.max(...times) + REORDER_OFFSET_MS).toISOString() }];
  }
  if (direction === 'end') {
    if (index === items.length - 1) return null;
    return [{ id, created_at: new Date(Math.min(...times) - REORDER_OFFSET_MS).toISOString() }];
  }

  const target = swapTarget(index, direction, columns, items.length);
  if (target === null) return null;
  const order = [...items];
  [order[index], order[target]] = [order[target], order[index]];
  return timesForOrder(items, order);
}

/** Applies updates locally (optimistic UI) and re-sorts newest first. */
export function applyCreatedAtUpdates<T extends Orderable>(items: readonly T[], updates: readonly CreatedAtUpdate[]): T[] {
  const byId = new Map(updates.map((u) => [u.id, u.created_at]));
  return items
    .map((item) => (byId.has(item.id) ? { ...item, created_at: byId.get(item.id)! } : item))
    .sort((a, b) => toMs(b.created_at) - toMs(a.created_at));
}
