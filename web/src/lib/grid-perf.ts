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

/**
 * Where a "data → committed grid" mark starts, on the performance timeline: when the data arrived
 * (a query's dataUpdatedAt, epoch ms), or when the grid mounted if the data was there already.
 */
export function dataStart(mountedAt: number, dataUpdatedAt: number | undefined): number {
  return dataUpdatedAt ? Math.max(mountedAt, dataUpdatedAt - performance.timeOrigin) : mountedAt;
}
