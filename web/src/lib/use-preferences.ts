import { useQuery } from '@tanstack/react-query';
import { preferencesQueries } from '~shared/data/preferences/queries.ts';
import { useDataClient } from '~shared/data/provider.tsx';
import { DEFAULT_PREFERENCES, type Preferences } from '~shared/rules/preferences.ts';
import { useSessionState } from './session/use-session-state.ts';

/**
 * The signed-in user's General settings (the defaults while they load or when signed out). One
 * cache entry, which the General page's save replaces: every screen follows at once.
 */
export function usePreferences(): Preferences {
  const client = useDataClient();
  const userId = useSessionState().session?.user.id ?? '';
  const query = useQuery({ ...preferencesQueries.detail(client, userId), enabled: !!userId });
  return query.data ?? DEFAULT_PREFERENCES;
}
