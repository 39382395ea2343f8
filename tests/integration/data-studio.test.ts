import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicPageMeta } from '../../scripts/lib/public-page-meta.ts';
import { serveStatic } from '../../scripts/lib/serve-static.ts';
import { errorToast } from '../../shared/data/errors.ts';
import { PrivacyInitError, setPagePublished, setPageVisibility } from '../../shared/data/privacy/api.ts';
import { setPublicSlug } from '../../shared/data/profiles/api.ts';
import { currentAccessToken } from '../../shared/data/session.ts';
import { getPublicPage, removeStudioImages, saveWebpageSettings, uploadStudioImage } from '../../shared/data/studio/api.ts';
import { fetchIsAdmin, fetchPublicPage, publicObjectUrl } from '../../shared/data/studio/public-page.ts';
import { webpageSettingsSchema } from '../../shared/schemas/webpage-settings.ts';
import { serviceClient } from '../setup/clients.ts';
import { testStack } from '../setup/stack-info.ts';
import { dataUser, pngFile, readAsService, type DataUser } from './data-setup.ts';

// The public-page studio through the data layer: the lean fetch path of /{slug}, uploads and their removal, the
// privacy row re-created when missing, and the static server's Open Graph tags.

let owner: DataUser;
let visitor: DataUser;
beforeAll(async () => {
  [owner, visitor] = await Promise.all([dataUser({ firstName: 'Olive', lastName: 'Owner' }), dataUser({ firstName: 'Vic' })]);
});
afterAll(async () => {
  await Promise.all([owner?.client.auth.signOut(), visitor?.client.auth.signOut()]);
});

const endpoint = () => ({ url: testStack().url, anonKey: testStack().anonKey });

describe('studio data', () => {
  it('the public page read without supabase-js matches the supabase-js one, per viewer', async () => {
    const slug = `olive-${owner.userId.slice(0, 8)}`;
    await setPublicSlug(owner.client, owner.userId, slug, null);
    await saveWebpageSettings(
      owner.client,
      owner.userId,
      webpageSettingsSchema.parse({
        bio: 'Hi <b>there</b>',
        theme_mode: 'pastel',
        accent_color: '#ec4899',
        public_display_name: 'Olive O.',
      }),
    );
    const ownerToken = await currentAccessToken(owner.client);
    expect(ownerToken).toBeTruthy();
    expect(await fetchPublicPage(endpoint(), slug, null)).toMatchObject({ reason: 'unpublished', viewable: false, bio: null });
    const mine = await fetchPublicPage(endpoint(), slug, ownerToken);
    expect(mine).toMatchObject({
      reason: 'ok',
      is_owner: true,
      theme_mode: 'pastel',
      accent_color: '#ec4899',
      public_display_name: 'Olive O.',
    });
    expect(mine).toEqual(await getPublicPage(owner.client, slug));
    expect(await fetchIsAdmin(endpoint(), ownerToken!)).toBe(false);
    await setPagePublished(owner.client, owner.userId, true);
    await setPageVisibility(owner.client, owner.userId, 'public');
    expect(await fetchPublicPage(endpoint(), slug.toUpperCase(), null)).toMatchObject({
      reason: 'ok',
      is_owner: false,
      bio: 'Hi <b>there</b>',
    });
    expect(await fetchPublicPage(endpoint(), slug, await currentAccessToken(visitor.client))).toMatchObject({
      reason: 'ok',
      is_owner: false,
    });
  });

  it('a reserved route name is refused by the server with "Invalid URL name"', async () => {
    // The client schema refuses it first; this goes past the client to the database.
    const { error } = await visitor.client
      .from('profiles')
      .update({ public_page_slug: 'studio' })
      .eq('user_id', visitor.userId)
      .select('user_id');
    expect(error?.code).toBe('23514');
    expect(errorToast('slug.save', error)).toEqual({ title: 'Invalid URL name' });
    expect((await readAsService('profiles', 'user_id', visitor.userId))[0].public_page_slug).toBeNull();
  });

  it('uploads studio images under the user folder, refuses non-images, removes replaced files', async () => {
    const photo = await uploadStudioImage(owner.client, 'main-photo', pngFile('me.png'));
    expect(photo.path.startsWith(`${owner.userId}/`)).toBe(true);
    expect(photo.publicUrl).toBe(publicObjectUrl(testStack().url, 'main-photos', photo.path));
    expect((await fetch(photo.publicUrl)).status).toBe(200);
    const banner = await uploadStudioImage(owner.client, 'banner', pngFile('b.png'));
    expect(banner.publicUrl).toContain('/banner-backgrounds/');
    // A text file disguised as a PNG is refused by the bucket (type sniffed from the bytes).
    const fake = new File([new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"></svg>')], 'x.png', { type: 'image/png' });
    await expect(uploadStudioImage(owner.client, 'message-image', fake)).rejects.toMatchObject({
      status: 415,
      message: 'mime type image/svg+xml is not supported',
    });
    // Another user cannot remove the owner's file; the owner can, by path or by public URL.
    expect(await removeStudioImages(visitor.client, 'main-photo', [photo.path])).toBe(0);
    expect((await fetch(photo.publicUrl)).status).toBe(200);
    expect(await removeStudioImages(owner.client, 'main-photo', [photo.path])).toBe(1);
    expect((await fetch(photo.publicUrl)).status).toBe(404);
    expect(await removeStudioImages(owner.client, 'banner', [banner.publicUrl])).toBe(1);
  });

  it('publish and visibility re-create a missing privacy row', async () => {
    await serviceClient().from('user_privacy_settings').delete().eq('user_id', visitor.userId);
    expect(await readAsService('user_privacy_settings', 'user_id', visitor.userId)).toHaveLength(0);
    expect(await setPagePublished(visitor.client, visitor.userId, true)).toMatchObject({
      public_page_published: true,
      public_page_visibility: 'private',
    });
    await serviceClient().from('user_privacy_settings').delete().eq('user_id', visitor.userId);
    expect(await setPageVisibility(visitor.client, visitor.userId, 'exclusive')).toMatchObject({ public_page_visibility: 'exclusive' });
    // Creating it for someone else fails, as the init error.
    await serviceClient().from('user_privacy_settings').delete().eq('user_id', visitor.userId);
    const failed = await setPageVisibility(owner.client, visitor.userId, 'public').catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(PrivacyInitError);
    expect(errorToast('privacy.initVisibility', failed)).toEqual({
      title: 'Error',
      description: 'Failed to initialize visibility settings.',
    });
    expect(await readAsService('user_privacy_settings', 'user_id', visitor.userId)).toHaveLength(0);
  });
});

describe('Open Graph tags from the static server', () => {
  let root: string;
  let base: string;
  let close: () => Promise<void>;
  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'og-'));
    fs.writeFileSync(
      path.join(root, 'index.html'),
      '<!doctype html><html><head><title>LinkVault</title>\n<meta name="description" content="x" />\n<link rel="canonical" href="http://site/" />\n</head><body></body></html>',
    );
    const server = await serveStatic(root, 0, '127.0.0.1', {
      transformIndex: publicPageMeta({
        ...{ supabaseUrl: testStack().url, anonKey: testStack().anonKey },
        siteUrl: 'https://links.example',
      }),
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => new Promise((r) => server.close(() => r()));
  });
  afterAll(async () => {
    await close?.();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('puts the owner title, description and image on a published public page; noindex otherwise', async () => {
    const slug = `olive-${owner.userId.slice(0, 8)}`;
    const photo = await uploadStudioImage(owner.client, 'main-photo', pngFile('og.png'));
    await saveWebpageSettings(
      owner.client,
      owner.userId,
      webpageSettingsSchema.parse({
        bio: 'Gardener & "writer"',
        public_display_name: 'Olive <Owner>',
        company_name: 'Greens',
        main_photo_path: photo.path,
        main_photo_size: 'large',
      }),
    );
    await setPagePublished(owner.client, owner.userId, true);
    await setPageVisibility(owner.client, owner.userId, 'public');
    const html = await (await fetch(`${base}/${slug}`, { headers: { 'accept-encoding': 'gzip' } })).text();
    expect(html).toContain('<title>Olive &lt;Owner&gt; · Greens</title>');
    expect(html).toContain('<meta property="og:title" content="Olive &lt;Owner&gt; · Greens" />');
    expect(html).toContain('<meta property="og:description" content="Gardener &amp; &quot;writer&quot;" />');
    expect(html).toContain(`<meta property="og:image" content="${publicObjectUrl(testStack().url, 'main-photos', photo.path)}" />`);
    expect(html).toContain(`<meta property="og:url" content="https://links.example/${slug}" />`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html).not.toContain('noindex');

    const preview = await (await fetch(`${base}/${slug}/preview`)).text();
    expect(preview).toContain('<meta name="robots" content="noindex" />');
    expect(preview).not.toContain('og:title');

    await setPageVisibility(owner.client, owner.userId, 'private');
    const hidden = await (await fetch(`${base}/${slug}`)).text();
    expect(hidden).toContain('<meta name="robots" content="noindex" />');
    expect(hidden).not.toContain('Gardener');
    expect(hidden).toContain('<title>LinkVault</title>');

    // App routes are left alone.
    expect(await (await fetch(`${base}/dashboard`)).text()).not.toContain('robots');
  });
});
