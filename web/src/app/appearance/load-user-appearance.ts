import { appearanceQueries } from '~shared/data/appearance/queries.ts';
import { loadClient } from '../../lib/load-client.ts';
import { queryClient } from '../query-client.ts';
import { normalizeAppearance, type Appearance } from '~shared/ui/appearance-style.ts';

/** The signed-in user's saved appearance; null when they never saved one (the defaults then apply). */
export async function loadUserAppearance(userId: string): Promise<Appearance | null> {
  const client = await loadClient();
  const row = await queryClient.fetchQuery(appearanceQueries.detail(client, userId));
  return row ? normalizeAppearance(row) : null;
}
