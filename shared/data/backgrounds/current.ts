import { queryOptions } from '@tanstack/react-query';
import type { DataClient } from '../client.ts';
import { unwrap } from '../errors.ts';
import type { UserBackgroundRow } from '../types.ts';
import { backgroundKeys, type BackgroundScope } from './keys.ts';

/**
 * The chosen background of every scope at once (one query instead of one per folder): the user's
 * own is_default rows, and where the user chose none, an admin's chosen row as the fallback
 * default (part 1 §6). Keys: `category:{id}` or `name:{background_name}` (see {@link scopeKey}).
 */
export type CurrentBackgrounds = ReadonlyMap<string, UserBackgroundRow>;

export function scopeKey(scope: BackgroundScope): string {
  return 'categoryId' in scope ? `category:${scope.categoryId}` : `name:${scope.name}`;
}

function rowScopeKey(row: UserBackgroundRow): string | null {
  if (row.category_id) return `category:${row.category_id}`;
  return row.background_name ? `name:${row.background_name}` : null;
}

async function listCurrentBackgrounds(client: DataClient, userId: string): Promise<CurrentBackgrounds> {
  const rows = unwrap(
    await client
      .from('user_backgrounds')
      .select('id,user_id,background_url,background_name,category_id,is_default,created_at')
      .eq('is_default', true)
      .order('created_at', { ascending: false })
      .limit(1000),
  );
  const own = new Map<string, UserBackgroundRow>();
  const fallback = new Map<string, UserBackgroundRow>();
  for (const row of rows) {
    const key = rowScopeKey(row);
    if (!key) continue;
    const target = row.user_id === userId ? own : fallback;
    if (!target.has(key)) target.set(key, row);
  }
  for (const [key, row] of fallback) if (!own.has(key)) own.set(key, row);
  return own;
}

export const currentBackgroundQueries = {
  /** Under backgroundKeys.lists(), so every background mutation refreshes it too. */
  all: (client: DataClient, userId: string) =>
    queryOptions({
      queryKey: [...backgroundKeys.lists(), 'current', userId] as const,
      queryFn: () => listCurrentBackgrounds(client, userId),
      staleTime: 5 * 60_000,
    }),
};
