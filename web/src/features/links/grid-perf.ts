/**
 * Timing marks the benchmark reads (tests/bench/web-dashboard.bench.ts): how long the grid takes
 * to render once its data is there, and each search update. performance.measure entries cost
 * nothing measurable and need no flag.
 */
export const GRID_RENDER_MEASURE = 'lv:grid-render-from-data';
export const GRID_SEARCH_MEASURE = 'lv:grid-search-update';

export function measureSince(name: string, start: number): void {
  try {
    performance.measure(name, { start, end: performance.now() });
  } catch {
    // Older browsers: no timing, nothing else changes.
  }
}
