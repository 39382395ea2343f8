import { describe, expect, it } from 'vitest';
import { createStorageAreaAdapter, createSupabaseClient } from '../../shared/data/client.ts';
import { AUTH_STORAGE_KEY } from '../../shared/rules/stored-session.ts';
import {
  getSession,
  getUser,
  onAuthStateChange,
  requestPasswordReset,
  setSession,
  signIn,
  signOut,
  signUp,
  updatePassword,
} from '../../shared/data/auth/api.ts';
import { errorToast } from '../../shared/data/errors.ts';
import { latestMail, STRONG_PASSWORD, uniqueEmail } from '../setup/clients.ts';
import { testStack } from '../setup/stack-info.ts';
import { dataUser, newDataClient, readAsService } from './data-setup.ts';

const REDIRECT = 'http://127.0.0.1:5173/auth';

/** A stand-in for browser.storage.local: async, object-valued. */
function fakeStorageArea() {
  const items: Record<string, unknown> = {};
  return {
    items,
    get: (key: string | string[]) =>
      Promise.resolve(
        Object.fromEntries(
          [key]
            .flat()
            .filter((k) => k in items)
            .map((k) => [k, items[k]]),
        ),
      ),
    set: (next: Record<string, unknown>) => {
      Object.assign(items, next);
      return Promise.resolve();
    },
    remove: (key: string | string[]) => {
      for (const k of [key].flat()) delete items[k];
      return Promise.resolve();
    },
  };
}

describe('auth through the data layer', () => {
  it('signs up with names and emailRedirectTo; a second sign-up for a confirmed address maps to "Account exists"', async () => {
    const email = uniqueEmail('data-signup');
    const client = newDataClient();
    const result = await signUp(client, {
      email,
      password: STRONG_PASSWORD,
      firstName: 'Ada',
      lastName: 'Lovelace',
      emailRedirectTo: REDIRECT,
    });
    expect(result.session).toBeNull();
    expect(result.user?.user_metadata).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace' });
    const mail = await latestMail(email, { subject: 'Confirm' });
    expect(decodeURIComponent(mail.text)).toContain(REDIRECT);

    const existing = await dataUser();
    const again = await signUp(newDataClient(), {
      email: existing.email,
      password: STRONG_PASSWORD,
      firstName: 'X',
      lastName: 'Y',
      emailRedirectTo: REDIRECT,
    }).catch((e: unknown) => e);
    expect(errorToast('auth.signUp', again).title).toBe('Account exists');
  });

  it('maps wrong credentials and unconfirmed e-mail to the spec texts', async () => {
    const user = await dataUser();
    const wrong = await signIn(newDataClient(), { email: user.email, password: 'Wrong-Passw0rd!' }).catch((e: unknown) => e);
    expect(errorToast('auth.signIn', wrong)).toEqual({
      title: 'Invalid credentials',
      description: 'Please check your email and password and try again.',
    });

    const email = uniqueEmail('unconfirmed');
    await signUp(newDataClient(), { email, password: STRONG_PASSWORD, firstName: 'U', lastName: 'C', emailRedirectTo: REDIRECT });
    const unconfirmed = await signIn(newDataClient(), { email, password: STRONG_PASSWORD }).catch((e: unknown) => e);
    expect(errorToast('auth.signIn', unconfirmed).title).toBe('Email not confirmed');
  });

  it('signs in (recording login_activity), reports the user, and signs out with an auth event', async () => {
    const user = await dataUser();
    const activity = await readAsService('login_activity', 'user_id', user.userId);
    expect(activity.length).toBeGreaterThanOrEqual(1);
    expect(activity[0].ip_address).toBe('');
    expect((await getUser(user.client))?.id).toBe(user.userId);

    const events: string[] = [];
    const unsubscribe = onAuthStateChange(user.client, (event) => events.push(event));
    await signOut(user.client);
    unsubscribe();
    expect(events).toContain('SIGNED_OUT');
    expect(await getSession(user.client)).toBeNull();
    expect(await getUser(user.client)).toBeNull();
  });

  it('keeps the session in an injected extension-style storage area, shared by two clients (popup + worker)', async () => {
    const user = await dataUser();
    const area = fakeStorageArea();
    const { url, anonKey } = testStack();
    const popup = createSupabaseClient({ url, anonKey, storage: createStorageAreaAdapter(area) });
    await signIn(popup, { email: user.email, password: user.password });
    expect(typeof area.items[AUTH_STORAGE_KEY]).toBe('string');
    const worker = createSupabaseClient({ url, anonKey, storage: createStorageAreaAdapter(area) });
    expect((await getSession(worker))?.user.id).toBe(user.userId);
    await signOut(popup);
    expect(area.items[AUTH_STORAGE_KEY]).toBeUndefined();
  });

  it('sends the reset e-mail, opens the recovery session with setSession, and refuses a password update without a user', async () => {
    const user = await dataUser();
    await requestPasswordReset(newDataClient(), { email: user.email, redirectTo: REDIRECT });
    const mail = await latestMail(user.email, { subject: 'Reset' });
    expect(mail.text).toContain('recovery');

    const session = await setSession(newDataClient(), {
      access_token: (await user.client.auth.getSession()).data.session!.access_token,
      refresh_token: (await user.client.auth.getSession()).data.session!.refresh_token,
    });
    expect(session.user.id).toBe(user.userId);

    const noUser = await updatePassword(newDataClient(), 'Another-Passw0rd!').catch((e: unknown) => e);
    expect(errorToast('auth.updatePassword', noUser)).toEqual({ title: 'Error', description: 'No authenticated user found.' });
    const badSession = await setSession(newDataClient(), { access_token: 'x', refresh_token: 'y' }).catch((e: unknown) => e);
    expect(errorToast('auth.setSession', badSession).description).toBe('Failed to validate reset link. Please try again.');
  });

  it('updates the password through secure-reset and maps a refused one to its code text', async () => {
    const user = await dataUser();
    const weak = await updatePassword(user.client, 'short').catch((e: unknown) => e);
    expect(errorToast('auth.updatePassword', weak)).toEqual({
      title: 'Password Update Failed',
      description: 'Password must be at least 12 characters.',
    });
    await updatePassword(user.client, 'Brand-New-Passw0rd!');
    const again = newDataClient();
    expect((await signIn(again, { email: user.email, password: 'Brand-New-Passw0rd!' })).user.id).toBe(user.userId);
  });
});
