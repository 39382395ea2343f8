import type { ReorderDirection } from '~shared/rules/reorder.ts';

/** The moves a card cannot make in a list of `length` shown `columns` per row. */
export function disabledMovesAt(index: number, length: number, columns: number): Set<ReorderDirection> {
  const disabled = new Set<ReorderDirection>();
  if (index <= 0) disabled.add('beginning').add('left');
  if (index < columns) disabled.add('up');
  if (index >= length - 1) disabled.add('end').add('right');
  if (index + columns > length - 1) disabled.add('down');
  return disabled;
}

/** The word in 'Link moved {direction} successfully!'. */
export function directionWord(direction: ReorderDirection): string {
  return direction === 'beginning' ? 'to beginning' : direction === 'end' ? 'to end' : direction;
}
