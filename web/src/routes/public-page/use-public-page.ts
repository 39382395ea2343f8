import { useEffect, useState } from 'react';
import { fetchIsAdmin, fetchPublicPage, type PublicPage, type RestEndpoint } from '~shared/data/studio/public-page.ts';
import { storedAccessToken } from '../../app/session/stored-session.ts';

export const REST_ENDPOINT: RestEndpoint = { url: import.meta.env.VITE_SUPABASE_URL, anonKey: import.meta.env.VITE_SUPABASE_ANON_KEY };

export type PublicPageState =
  { status: 'loading' } | { status: 'error' } | { status: 'done'; page: PublicPage; isAdmin: boolean; signedIn: boolean };

/** The viewer's access token: the stored one, or (expired) one supabase-js refreshes; null when signed out. */
async function accessToken(): Promise<string | null> {
  const stored = storedAccessToken();
  if (stored !== 'stale') return stored;
  // Only a returning signed-in viewer with an expired token pays for supabase-js.
  const [{ loadClient }, { currentAccessToken }] = await Promise.all([
    import('../../app/load-client.ts'),
    import('~shared/data/session.ts'),
  ]);
  return currentAccessToken(await loadClient()).catch(() => null);
}

/**
 * /{slug} and /{slug}/preview read the page with one RPC through fetch (no supabase-js on this route).
 * `checkAdmin`: the preview also asks whether a signed-in non-owner is an admin.
 */
export function usePublicPage(slug: string, checkAdmin: boolean): PublicPageState {
  const [state, setState] = useState<PublicPageState>({ status: 'loading' });
  useEffect(() => {
    const abort = new AbortController();
    setState({ status: 'loading' });
    void (async () => {
      try {
        const token = await accessToken();
        const page = await fetchPublicPage(REST_ENDPOINT, slug, token, abort.signal);
        const isAdmin = checkAdmin && token !== null && !page.is_owner ? await fetchIsAdmin(REST_ENDPOINT, token, abort.signal) : false;
        if (!abort.signal.aborted) setState({ status: 'done', page, isAdmin, signedIn: token !== null });
      } catch (error) {
        if (abort.signal.aborted) return;
        console.warn('public page not loaded', error);
        setState({ status: 'error' });
      }
    })();
    return () => abort.abort();
  }, [slug, checkAdmin]);
  return state;
}
