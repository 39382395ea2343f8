/**
 * Roving focus in a one-tab-stop widget (radio group, toolbar, link card): the index a key moves
 * to, wrapping around; null when the key is not a navigation key.
 */
export function nextRovingIndex(current: number, key: string, count: number): number | null {
  if (count <= 0) return null;
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return (current + 1 + count) % count;
    case 'ArrowLeft':
    case 'ArrowUp':
      return (current - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}
