import type { SupabaseClient } from '@supabase/supabase-js';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import type { SystemCategoryKey } from '../../shared/constants.ts';
import { createConfirmedUser, type ConfirmedUser } from '../setup/clients.ts';
import { newContext, type ContextOptions } from './web-browser.ts';
import { AUTH_STORAGE_KEY } from '../../shared/rules/stored-session.ts';

/** Helpers for the dashboard e2e tests. */

export interface DashboardSession {
  context: BrowserContext;
  page: Page;
  user: ConfirmedUser;
}

/** Puts an existing user's session into a context (as supabase-js stores it after sign-in). */
export async function useSessionOf(context: BrowserContext, user: ConfirmedUser): Promise<void> {
  const { data } = await user.client.auth.getSession();
  if (!data.session) throw new Error('no session');
  await context.addInitScript(
    ([key, value]) => {
      if (!sessionStorage.getItem('seeded-session')) {
        localStorage.setItem(key, value);
        sessionStorage.setItem('seeded-session', '1');
      }
    },
    [AUTH_STORAGE_KEY, JSON.stringify(data.session)] as const,
  );
}

/** Records window.open calls (pop-ups, sms:, social share pages) instead of opening them. */
export async function recordWindowOpens(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const opened: Array<{ url: string; target: string }> = [];
    (window as unknown as { __opened: typeof opened }).__opened = opened;
    window.open = (url?: string | URL, target?: string) => {
      opened.push({ url: String(url ?? ''), target: target ?? '' });
      return null;
    };
  });
}

export async function openedUrls(page: Page): Promise<Array<{ url: string; target: string }>> {
  return page.evaluate(() => (window as unknown as { __opened: Array<{ url: string; target: string }> }).__opened ?? []);
}

/** A signed-in user on /dashboard with the grid loaded. */
export async function openDashboard(
  browser: Browser,
  opts: ContextOptions & { user?: ConfirmedUser; recordOpens?: boolean } = {},
): Promise<DashboardSession> {
  const context = await newContext(browser, { theme: opts.theme ?? 'dark', ...opts });
  const user = opts.user ?? (await createConfirmedUser({ firstName: 'Dana', lastName: 'Board' }));
  await useSessionOf(context, user);
  if (opts.recordOpens) await recordWindowOpens(context);
  const page = await context.newPage();
  await page.goto('/dashboard');
  await waitForGrid(page);
  return { context, page, user };
}

export async function waitForGrid(page: Page): Promise<void> {
  await page.getByRole('heading', { name: 'Your Links' }).waitFor();
  await page.getByTestId('links-total').filter({ hasNotText: 'Loading' }).waitFor();
}

/** The user's 'Recently Saved Links' folder id. */
export async function savedCategoryId(client: SupabaseClient): Promise<string> {
  const { data, error } = await client.from('categories').select('id').eq('system_key', 'saved').single();
  if (error) throw error;
  return data.id as string;
}

export async function createCategory(client: SupabaseClient, userId: string, name: string): Promise<string> {
  const { data, error } = await client.from('categories').insert({ user_id: userId, name }).select('id').single();
  if (error) throw error;
  return data.id as string;
}

/** Inserts links newest first (1 minute apart), in 'Recently Saved Links' and optionally a folder. */
export async function seedLinks(
  user: ConfirmedUser,
  items: Array<{ title: string; url: string }>,
  opts: { folderId?: string; newest?: Date } = {},
): Promise<string[]> {
  const saved = await savedCategoryId(user.client);
  const newest = (opts.newest ?? new Date(Date.now() - 3600_000)).getTime();
  const rows = items.map((item, i) => ({
    user_id: user.user.id,
    title: item.title,
    url: item.url,
    category_id: saved,
    second_category_id: opts.folderId ?? null,
    created_at: new Date(newest - i * 60_000).toISOString(),
  }));
  const { data, error } = await user.client.from('links').insert(rows).select('id,title');
  if (error) throw error;
  const byTitle = new Map((data as Array<{ id: string; title: string }>).map((r) => [r.title, r.id]));
  return items.map((item) => byTitle.get(item.title)!);
}

/** Titles of a folder's links, newest first, as stored. */
export async function folderOrder(client: SupabaseClient, folderId: string): Promise<string[]> {
  const { data, error } = await client
    .from('links')
    .select('title')
    .eq('second_category_id', folderId)
    .order('created_at', { ascending: false });
  if (error) throw error;
  return (data as Array<{ title: string }>).map((r) => r.title);
}

/** A grid section (a folder) by its name. */
export function section(page: Page, name: string): Locator {
  return page.locator(`[data-testid="category-section"][aria-label="${name.replace(/"/g, '\\"')}"]`);
}

/** A link card inside a scope. */
export function card(scope: Locator | Page, title: string): Locator {
  return scope.getByRole('article', { name: title, exact: true }).first();
}

/** A tiny valid PNG (1×1) and a GIF, for uploads. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

export { solidPng } from '../setup/png.ts';

/** Titles of the folder view's cards shown, in order. */
export async function shownTitles(page: Page): Promise<string[]> {
  return page.getByTestId('folder-links').locator('article h3').allInnerTexts();
}

/** The id of one of the user's system folders ('saved', 'incoming', 'approved', ...). */
export async function systemFolderId(user: ConfirmedUser, key: SystemCategoryKey): Promise<string> {
  const { data, error } = await user.client.from('categories').select('id').eq('system_key', key).single();
  if (error) throw error;
  return data.id;
}
