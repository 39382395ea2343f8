/** The popup's data chunk, loaded once (started right after the first paint, awaited on demand). */
let loading: Promise<typeof import('./data.ts')> | null = null;

export function loadData(): Promise<typeof import('./data.ts')> {
  loading ??= import('./data.ts');
  return loading;
}
