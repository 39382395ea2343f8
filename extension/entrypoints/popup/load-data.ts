import type * as PopupData from './data.ts';

/** The popup's data chunk, loaded once (started right after the first paint, awaited on demand). */
let loading: Promise<typeof PopupData> | null = null;

export function loadData(): Promise<typeof PopupData> {
  loading ??= import('./data.ts');
  return loading;
}
