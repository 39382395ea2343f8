import type { BrowserContext } from 'playwright-core';
import { AUTH_STORAGE_KEY } from '../../shared/rules/stored-session.ts';
import { createConfirmedUser, type ConfirmedUser } from '../setup/clients.ts';

/**
 * A confirmed user whose session is put into the browser context's storage, as supabase-js stores
 * it after a sign-in, so a test can start signed in without going through the form.
 */
export async function signedInContextUser(
  context: BrowserContext,
  opts: Parameters<typeof createConfirmedUser>[0] = {},
): Promise<ConfirmedUser> {
  const user = await createConfirmedUser(opts);
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
  return user;
}
