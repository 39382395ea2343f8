import { useSyncExternalStore } from 'react';
import { formatCount } from '~shared/rules/text.ts';

/**
 * How many links an active search shows (null: no search). The links section publishes it and the
 * header's count line reads it, so a keystroke re-renders that line, not the whole folder view.
 */
export interface SearchCountStore {
  get: () => number | null;
  set: (count: number | null) => void;
  subscribe: (listener: () => void) => () => void;
}

export function createSearchCountStore(): SearchCountStore {
  let count: number | null = null;
  const listeners = new Set<() => void>();
  return {
    get: () => count,
    set: (next) => {
      if (next === count) return;
      count = next;
      for (const listener of listeners) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** '3 of 350 links' while a search narrows the list. */
function searchCountLine(shown: number, total: number): string {
  return `${formatCount(shown)} of ${formatCount(total)} ${total === 1 ? 'link' : 'links'}`;
}

/** The header's count line: the usual text, or 'N of M links' during a search. */
export function FolderCountLine({ store, total, text }: { store: SearchCountStore; total: number; text: string }) {
  const shown = useSyncExternalStore(store.subscribe, store.get);
  return <>{shown === null ? text : searchCountLine(shown, total)}</>;
}
