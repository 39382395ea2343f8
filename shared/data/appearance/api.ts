import type { AppearanceInput } from '../../schemas/appearance.ts';
import type { DataClient } from '../client.ts';
import { unwrap } from '../errors.ts';
import type { AppearanceRow } from '../types.ts';

/** theme, accent_hsl, density; null when the user has no row yet (the app then uses the defaults). */
export async function getAppearance(client: DataClient, userId: string): Promise<AppearanceRow | null> {
  return unwrap(
    await client.from('user_appearance_settings').select('user_id,theme,accent_hsl,density').eq('user_id', userId).maybeSingle(),
  );
}

/** Upsert by user (part 2 §4). */
export async function saveAppearance(client: DataClient, userId: string, input: AppearanceInput): Promise<AppearanceRow> {
  return unwrap(
    await client
      .from('user_appearance_settings')
      .upsert({ user_id: userId, theme: input.theme, accent_hsl: input.accent_hsl, density: input.density }, { onConflict: 'user_id' })
      .select('user_id,theme,accent_hsl,density')
      .single(),
  );
}
