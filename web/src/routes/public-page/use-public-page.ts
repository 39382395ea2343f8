import { useEffect, useState } from 'react';
import { fetchIsAdmin, fetchPublicPage, fetchPublicPageLinks, type PublicPage } from '~shared/data/studio/public-page.ts';
import { STALE_SESSION, storedAccessToken } from '~shared/rules/stored-session.ts';
import { REST_ENDPOINT } from '../../lib/rest-endpoint.ts';

export { REST_ENDPOINT };

export type PublicPageState =
  | { status: 'loading' }
  | { status: 'error' }
  | {
      status: 'done';
      page: PublicPage;
      /** get_public_page_links' raw rows: read (featuredItemsOf) by the featured section's own chunk. */
      featured: readonly unknown[];
      isAdmin: boolean;
      signedIn: boolean;
      token: string | null;
    };

/** The viewer's access token: the stored one, or (expired) one supabase-js refreshes; null when signed out. */
export async function accessToken(): Promise<string | null> {
  const stored = storedAccessToken();
  if (stored !== STALE_SESSION) return stored;
  // Only a returning signed-in viewer with an expired token pays for supabase-js.
  const [{ loadClient }, { currentAccessToken }] = await Promise.all([
    import('../../lib/load-client.ts'),
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
        // The page and its featured links in parallel: one round trip's wait, not two.
        const [page, featured] = await Promise.all([
          fetchPublicPage(REST_ENDPOINT, slug, token, abort.signal),
          fetchPublicPageLinks(REST_ENDPOINT, slug, token, abort.signal).then(
            (items) => {
              const list: readonly unknown[] = Array.isArray(items) ? items : [];
              // Pages with featured links fetch their section's chunk now, while the page itself loads.
              if (list.length) void import('./featured-links.tsx');
              return list;
            },
            (error: unknown) => {
              if (!abort.signal.aborted) console.warn('featured links not loaded', error);
              return [];
            },
          ),
        ]);
        const isAdmin = checkAdmin && token !== null && !page.is_owner ? await fetchIsAdmin(REST_ENDPOINT, token, abort.signal) : false;
        if (!abort.signal.aborted) setState({ status: 'done', page, featured, isAdmin, signedIn: token !== null, token });
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
