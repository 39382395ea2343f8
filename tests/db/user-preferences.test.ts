/**
 * General settings (user_preferences): one row per user, read and written through the data layer;
 * a folder named in it must be the user's own, and deleting that folder clears it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, deleteCategory } from '../../shared/data/categories/api.ts';
import { getPreferences, savePreferences } from '../../shared/data/preferences/api.ts';
import { DEFAULT_PREFERENCES } from '../../shared/rules/preferences.ts';
import { preferencesSchema } from '../../shared/schemas/preferences.ts';
import { dataUser, readAsService, type DataUser } from '../integration/data-setup.ts';

let a: DataUser;
let b: DataUser;
beforeAll(async () => {
  [a, b] = await Promise.all([dataUser(), dataUser()]);
});
afterAll(async () => {
  await Promise.all([a?.client.auth.signOut(), b?.client.auth.signOut()]);
});

describe('user_preferences', () => {
  it('reads the defaults before the first save, then what was saved', async () => {
    expect(await getPreferences(a.client, a.userId)).toEqual(DEFAULT_PREFERENCES);
    const folder = await createCategory(a.client, { name: `Prefs ${Date.now()}` });
    const saved = await savePreferences(a.client, a.userId, {
      default_category_id: folder.id,
      open_links: 'same_tab',
      confirm_delete: false,
      start_page: 'folder',
      start_category_id: folder.id,
    });
    expect(saved).toMatchObject({ default_category_id: folder.id, open_links: 'same_tab', confirm_delete: false, start_page: 'folder' });
    expect(await getPreferences(a.client, a.userId)).toEqual(saved);
    const [row] = await readAsService('user_preferences', 'user_id', a.userId);
    expect(row.start_category_id).toBe(folder.id);

    // Deleting the folder clears both choices (the start page then falls back to the dashboard).
    await deleteCategory(a.client, folder.id);
    const [after] = await readAsService('user_preferences', 'user_id', a.userId);
    expect(after.default_category_id).toBeNull();
    expect(after.start_category_id).toBeNull();
  });

  it("refuses another user's folder as the default or the start folder", async () => {
    const theirs = await createCategory(b.client, { name: `Theirs ${Date.now()}` });
    await expect(savePreferences(a.client, a.userId, { ...DEFAULT_PREFERENCES, default_category_id: theirs.id })).rejects.toThrow();
    await expect(
      savePreferences(a.client, a.userId, { ...DEFAULT_PREFERENCES, start_page: 'folder', start_category_id: theirs.id }),
    ).rejects.toThrow();
    const rows = await readAsService('user_preferences', 'user_id', a.userId);
    expect(rows.every((r) => r.default_category_id !== theirs.id && r.start_category_id !== theirs.id)).toBe(true);
  });

  it('refuses values outside the lists and a folder start page without a folder', async () => {
    const { error } = await a.client.from('user_preferences').upsert({ user_id: a.userId, open_links: 'popup' }, { onConflict: 'user_id' });
    expect(error?.code).toBe('23514');
    expect(preferencesSchema.safeParse({ start_page: 'folder' }).success).toBe(false);
  });
});
