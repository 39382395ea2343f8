import type { AuthChangeEvent, Session } from '@supabase/supabase-js';
import type { DataClient } from '~shared/data/client.ts';
import { loadClient, whenClientLoaded } from '../load-client.ts';
import { AUTH_STORAGE_KEY, hasStoredSession } from '~shared/rules/stored-session.ts';
import { needsSecondFactor } from '~shared/rules/two-factor-session.ts';

/** 'needs-code': signed in with the password while two-factor is on; no page or data until the code. */
export type SessionStatus = 'loading' | 'signed-in' | 'needs-code' | 'signed-out';

export interface SessionSnapshot {
  status: SessionStatus;
  session: Session | null;
  /** The last supabase-js auth event, e.g. PASSWORD_RECOVERY (null before the client loaded). */
  event: AuthChangeEvent | null;
}

/**
 * The visitor state (part 1 §4): read at load from the stored session and updated on every auth
 * state change. Without a stored session the visitor is signed out and supabase-js is not loaded
 * at all; with one, the client is loaded and its INITIAL_SESSION event settles the state.
 */
let snapshot: SessionSnapshot = hasStoredSession()
  ? { status: 'loading', session: null, event: null }
  : { status: 'signed-out', session: null, event: null };
const subscribers = new Set<() => void>();
let started = false;

function publish(next: SessionSnapshot) {
  snapshot = next;
  for (const notify of subscribers) notify();
}

function attach(client: DataClient) {
  client.auth.onAuthStateChange((event, session) => {
    publish({ status: !session ? 'signed-out' : needsSecondFactor(session) ? 'needs-code' : 'signed-in', session, event });
  });
}

/** Starts watching: loads the client now if a session is stored, otherwise only when someone else does. */
function start() {
  if (started || typeof window === 'undefined') return;
  started = true;
  whenClientLoaded(attach);
  if (snapshot.status === 'loading') void loadClient().catch(() => publish({ status: 'signed-out', session: null, event: null }));
  // Another tab signed in or out: the client (if loaded) hears it itself; otherwise load it now.
  window.addEventListener('storage', (event) => {
    if (event.key === AUTH_STORAGE_KEY && event.newValue) void loadClient();
  });
}

export const sessionStore = {
  // Arrow functions: useSyncExternalStore receives them detached from the object.
  subscribe: (notify: () => void) => {
    start();
    subscribers.add(notify);
    return () => subscribers.delete(notify);
  },
  getSnapshot: () => snapshot,
};
