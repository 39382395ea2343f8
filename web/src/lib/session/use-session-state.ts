import { useSyncExternalStore } from 'react';
import { sessionStore, type SessionSnapshot } from './session-store.ts';

/** The current visitor state; re-renders on every auth change. */
export function useSessionState(): SessionSnapshot {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.getSnapshot, sessionStore.getSnapshot);
}
