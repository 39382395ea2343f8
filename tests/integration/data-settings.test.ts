import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAppearance, saveAppearance } from '../../shared/data/appearance/api.ts';
import { listBackgrounds, selectBackground, uploadBackground, deleteBackground } from '../../shared/data/backgrounds/api.ts';
import { blockSender, listBlockedSenders, unblockSender } from '../../shared/data/blocked/api.ts';
import { errorToast } from '../../shared/data/errors.ts';
import { getPrivacySettings, setPagePublished, setPageVisibility } from '../../shared/data/privacy/api.ts';
import {
  getProfile,
  isSlugAvailable,
  isUsernameAvailable,
  latestUsernameChange,
  setEmailVisible,
  setNameVisible,
  setOutlineColor,
  setPublicSlug,
  setUsername,
} from '../../shared/data/profiles/api.ts';
import {
  addPageMember,
  getPublicPage,
  getWebpageSettings,
  listPageMembers,
  saveWebpageSettings,
  uploadStudioImage,
} from '../../shared/data/studio/api.ts';
import { discoverLinks } from '../../shared/data/ai/api.ts';
import { blockSenderSchema } from '../../shared/schemas/block-sender.ts';
import { webpageSettingsSchema } from '../../shared/schemas/webpage-settings.ts';
import { serviceClient } from '../setup/clients.ts';
import { dataUser, newDataClient, pngFile, readAsService, type DataUser } from './data-setup.ts';

let a: DataUser;
let b: DataUser;

beforeAll(async () => {
  [a, b] = await Promise.all([dataUser({ firstName: 'Ann', lastName: 'Owner' }), dataUser()]);
});
afterAll(async () => {
  await Promise.all([a?.client.auth.signOut(), b?.client.auth.signOut()]);
});

describe('profiles', () => {
  it('toggles visibility and outline colour; usernames are unique and their changes recorded', async () => {
    expect((await setEmailVisible(a.client, a.userId, false)).email_visible).toBe(false);
    expect((await setNameVisible(a.client, a.userId, false)).name_visible).toBe(false);
    expect((await setOutlineColor(a.client, a.userId, '#10b981')).icon_outline_color).toBe('#10b981');
    await expect(setEmailVisible(b.client, a.userId, true)).rejects.toMatchObject({ code: 'not_found' });
    expect((await getProfile(a.client, a.userId))?.email_visible).toBe(false);

    const name = `ann_${a.userId.slice(0, 8)}`;
    await setUsername(a.client, a.userId, name);
    await setUsername(a.client, a.userId, `${name}x`);
    expect((await latestUsernameChange(a.client, a.userId))?.old_username).toBe(name);
    expect(await isUsernameAvailable(b.client, `${name}X`)).toBe(false);
    const taken = await setUsername(b.client, b.userId, `${name}X`).catch((e: unknown) => e);
    expect(errorToast('username.save', taken)).toEqual({ title: 'Could not save', description: 'This username is already taken' });
  });

  it('saves a public URL name: same again is "No changes", a taken one "Name already taken"', async () => {
    const slug = `page-${a.userId.slice(0, 8)}`;
    expect(await isSlugAvailable(a.client, slug)).toBe(true);
    const saved = await setPublicSlug(a.client, a.userId, slug, null);
    expect(saved.public_page_slug).toBe(slug);
    expect(errorToast('slug.save', await setPublicSlug(a.client, a.userId, slug, slug).catch((e: unknown) => e))).toEqual({
      title: 'No changes',
      description: 'This is already your current URL.',
    });
    expect(await isSlugAvailable(b.client, slug)).toBe(false);
    expect(errorToast('slug.save', await setPublicSlug(b.client, b.userId, slug.toUpperCase(), null).catch((e: unknown) => e)).title).toBe(
      'Name already taken',
    );
  });
});

describe('appearance, privacy, public page', () => {
  it('upserts appearance by user', async () => {
    expect((await getAppearance(a.client, a.userId))?.theme).toBe('dark');
    const saved = await saveAppearance(a.client, a.userId, { theme: 'gray', accent_hsl: '160 84% 39%', density: 'compact' });
    expect(saved).toMatchObject({ theme: 'gray', density: 'compact' });
    expect(await getAppearance(b.client, a.userId)).toBeNull();
  });

  it('publishes the page; anonymous visitors see it only when published and public; exclusive members see it', async () => {
    const slug = (await getProfile(a.client, a.userId))!.public_page_slug!;
    await saveWebpageSettings(
      a.client,
      a.userId,
      webpageSettingsSchema.parse({ bio: 'Hello', banner_message: 'Hi there', website_url: 'ann.example.com' }),
    );
    expect((await getWebpageSettings(a.client, a.userId))?.website_url).toBe('https://ann.example.com');

    const anon = newDataClient();
    expect((await getPublicPage(anon, slug)).reason).toBe('unpublished');
    expect((await getPublicPage(a.client, slug)).viewable).toBe(true);
    await setPagePublished(a.client, a.userId, true);
    await setPageVisibility(a.client, a.userId, 'public');
    expect(await getPrivacySettings(a.client, a.userId)).toMatchObject({ public_page_published: true, public_page_visibility: 'public' });
    const page = await getPublicPage(anon, slug);
    expect(page).toMatchObject({ reason: 'ok', bio: 'Hello', banner_message: 'Hi there' });

    await setPageVisibility(a.client, a.userId, 'exclusive');
    expect((await getPublicPage(b.client, slug)).reason).toBe('exclusive');
    const bName = `bee_${b.userId.slice(0, 8)}`;
    const { error } = await serviceClient().from('profiles').update({ username: bName }).eq('user_id', b.userId);
    expect(error).toBeNull();
    await addPageMember(a.client, bName);
    expect((await listPageMembers(a.client)).map((m) => m.username)).toContain(bName);
    expect((await getPublicPage(b.client, slug)).reason).toBe('ok');
    // Another user cannot change A's privacy row (0 rows updated, then the insert is refused).
    await expect(setPagePublished(b.client, a.userId, false)).rejects.toMatchObject({ code: '42501' });
    expect((await readAsService('user_privacy_settings', 'user_id', a.userId))[0].public_page_published).toBe(true);
  });

  it('uploads studio images under the user folder', async () => {
    const photo = await uploadStudioImage(a.client, 'main-photo', pngFile());
    expect(photo.path).toMatch(new RegExp(`^${a.userId}/\\d+\\.png$`));
  });
});

describe('blocked senders', () => {
  it('blocks by e-mail (lower-cased) and phone (digits), lists newest first, unblocks; others cannot unblock', async () => {
    const email = await blockSender(a.client, a.userId, blockSenderSchema.parse({ kind: 'email', value: 'Spam@Example.COM' }));
    expect(email.blocked_email).toBe('spam@example.com');
    const phone = await blockSender(a.client, a.userId, blockSenderSchema.parse({ kind: 'phone', value: '+1 (555) 123-4567' }));
    expect(phone.blocked_phone).toBe('15551234567');
    expect((await listBlockedSenders(a.client, a.userId)).map((r) => r.id)).toEqual([phone.id, email.id]);
    await expect(unblockSender(b.client, email.id)).rejects.toMatchObject({ code: 'not_found' });
    await unblockSender(a.client, email.id);
    expect(await readAsService('blocked_senders', 'id', email.id)).toHaveLength(0);
  });
});

describe('backgrounds', () => {
  it('uploads, selects (one default per scope), falls back to admin backgrounds, deletes', async () => {
    const first = await uploadBackground(a.client, pngFile('bg1.png'), { name: 'dashboard' });
    const second = await uploadBackground(a.client, pngFile('bg2.png'), { name: 'dashboard' });
    expect(first.background_url).toContain(`/banner-backgrounds/${a.userId}/`);
    await selectBackground(a.client, first.id);
    await selectBackground(a.client, second.id);
    let list = await listBackgrounds(a.client, a.userId, { name: 'dashboard' });
    expect(list.fromAdmin).toBe(false);
    expect(list.current?.id).toBe(second.id);
    expect(list.backgrounds.filter((bg) => bg.is_default)).toHaveLength(1);
    await expect(deleteBackground(b.client, first)).rejects.toMatchObject({ code: 'not_found' });
    await deleteBackground(a.client, first);
    list = await listBackgrounds(a.client, a.userId, { name: 'dashboard' });
    expect(list.backgrounds.map((bg) => bg.id)).toEqual([second.id]);

    // An admin's banner background is B's fallback (badge 'Default').
    await serviceClient().from('user_roles').insert({ user_id: a.userId, role: 'admin' });
    try {
      await uploadBackground(a.client, pngFile('banner.png'), { name: 'banner' });
      const fallback = await listBackgrounds(b.client, b.userId, { name: 'banner' });
      expect(fallback.fromAdmin).toBe(true);
      expect(fallback.backgrounds.length).toBeGreaterThan(0);
      const chosen = await selectBackground(b.client, fallback.backgrounds[0].id, { name: 'banner' });
      expect(chosen).toMatchObject({ user_id: b.userId, is_default: true, background_name: 'banner' });
    } finally {
      // Admin backgrounds are every user's fallback on this shared stack: leave none behind.
      await serviceClient().from('user_backgrounds').delete().eq('user_id', a.userId);
      await serviceClient().from('user_roles').delete().eq('user_id', a.userId);
    }
  });

  it('refuses a non-image background with the spec text', async () => {
    const error = await uploadBackground(a.client, new File(['x'], 'x.txt', { type: 'text/plain' }), { name: 'banner' }).catch(
      (e: unknown) => e,
    );
    expect(errorToast('background.upload', error)).toEqual({ title: 'Invalid file type', description: 'Please select an image file.' });
  });
});

describe('AI discovery', () => {
  // Suggestions and the provider's errors are tested against a fake OpenAI in
  // tests/functions/ai-chat.test.ts (the function's env is shared state, so one file owns it).
  it('signed out is "Authentication required"', async () => {
    const signedOut = await discoverLinks(newDataClient(), 'rust books').catch((e: unknown) => e);
    expect(errorToast('ai.discover', signedOut).title).toBe('Authentication required');
  });
});
