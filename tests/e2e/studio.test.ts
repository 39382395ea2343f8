import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createConfirmedUser, serviceClient, type ConfirmedUser } from '../setup/clients.ts';
import { openedUrls, recordWindowOpens, solidPng, useSessionOf } from './dashboard-helpers.ts';
import { expectToast, launchChromium, newContext, webUrl, type ContextOptions } from './web-browser.ts';

// The profile studio, Preview & Publish, and the public pages /{slug} and /{slug}/preview.

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const TOAST_MS = 20_000;
const short = () => randomUUID().replace(/-/g, '').slice(0, 10);

async function userWithName(
  first: string,
  username: string | null = `${first.toLowerCase()}_${short()}`,
): Promise<ConfirmedUser & { username: string | null }> {
  const user = await createConfirmedUser({ firstName: first, lastName: 'Tester' });
  if (username) {
    const { error } = await user.client.from('profiles').update({ username }).eq('user_id', user.user.id);
    if (error) throw error;
  }
  return Object.assign(user, { username });
}

async function signedIn(
  user: ConfirmedUser | null,
  opts: ContextOptions & { recordOpens?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, { theme: opts.theme ?? 'dark', ...opts });
  if (user) await useSessionOf(context, user);
  if (opts.recordOpens) await recordWindowOpens(context);
  const page = await context.newPage();
  onTestFinished(() => context.close());
  return { context, page };
}

async function setPrivacy(user: ConfirmedUser, published: boolean, visibility: 'public' | 'exclusive' | 'private') {
  const { data, error } = await user.client
    .from('user_privacy_settings')
    .update({ public_page_published: published, public_page_visibility: visibility })
    .eq('user_id', user.user.id)
    .select('id');
  if (error) throw error;
  expect(data).toHaveLength(1);
}

async function webpageRow(userId: string) {
  const { data, error } = await serviceClient()
    .from('webpage_settings')
    .select('*')
    .eq('user_id', userId)
    .maybeSingle<Record<string, unknown>>();
  if (error) throw error;
  return data;
}

async function objectCount(bucket: string, userId: string): Promise<number> {
  const { data, error } = await serviceClient().storage.from(bucket).list(userId);
  if (error) throw error;
  return data.length;
}

const slugStatus = (page: Page) => page.getByTestId('slug-status');

describe('studio', () => {
  it('builds a page: URL name states and errors, every tab, validation, uploads, unsaved-changes guard, save', async () => {
    const owner = await userWithName('Olivia');
    const other = await userWithName('Rival');
    const { page } = await signedIn(owner, { theme: 'dark' });
    await page.goto('/studio');
    await page.getByRole('heading', { name: 'Profile Studio' }).waitFor();
    for (const tab of ['Your Webpage Setup', 'Theme', 'Banner & Avatar', 'Bio & Social', 'Icons & Thumbnails'])
      await page.getByRole('tab', { name: tab }).waitFor();
    await page.getByRole('button', { name: 'Preview & Publish' }).waitFor();
    await page.getByRole('button', { name: 'Back to Dashboard' }).waitFor();

    // Public URL name: stripped input, format message, availability states, save errors.
    const slugInput = page.getByTestId('slug-input');
    await slugInput.fill('a!b c');
    await expect.poll(() => slugInput.inputValue()).toBe('abc');
    await slugInput.fill('a$');
    await expect.poll(() => slugInput.inputValue()).toBe('a');
    await expect.poll(() => slugStatus(page).innerText()).toBe('Use 3-30 letters, numbers, underscores or dashes');
    await page.getByTestId('slug-save').click();
    await expectToast(page, 'Invalid URL name', TOAST_MS);

    await slugInput.fill('dashboard');
    await expect.poll(() => slugStatus(page).innerText(), { timeout: 15_000 }).toBe('Already taken, please choose another');
    await page.getByTestId('slug-save').click();
    await expect.poll(async () => (await page.locator('[data-sonner-toast]', { hasText: 'Invalid URL name' }).count()) > 0).toBe(true);

    await slugInput.fill(other.username!);
    await expect.poll(() => slugStatus(page).innerText(), { timeout: 15_000 }).toBe('Already taken, please choose another');
    await page.getByTestId('slug-save').click();
    await expectToast(page, 'Name already taken', TOAST_MS);
    await expectToast(page, 'Please choose another unique name.', TOAST_MS);

    // A failed check (the request cannot reach the server) says so.
    await page.route('**/rest/v1/rpc/is_slug_available', (route) => route.abort());
    await slugInput.fill(`x${short()}`);
    await expect.poll(() => slugStatus(page).innerText(), { timeout: 15_000 }).toBe("Couldn't check availability");
    await page.unroute('**/rest/v1/rpc/is_slug_available');

    const slug = `olivia-${short()}`;
    await slugInput.fill(slug);
    await expect.poll(() => slugStatus(page).innerText(), { timeout: 15_000 }).toBe('Available');
    await page.getByTestId('slug-save').click();
    await expectToast(page, 'URL updated successfully', TOAST_MS);
    await expect.poll(() => slugStatus(page).innerText(), { timeout: 15_000 }).toBe('This is your current URL');
    await page.getByTestId('slug-save').click();
    await expectToast(page, 'No changes', TOAST_MS);
    await expectToast(page, 'This is already your current URL.', TOAST_MS);
    const { data: profile } = await serviceClient().from('profiles').select('public_page_slug').eq('user_id', owner.user.id).single();
    expect(profile?.public_page_slug).toBe(slug);

    // Setup fields and section titles (defaults shown).
    expect(await page.getByTestId('profile-title').inputValue()).toBe('Profile');
    expect(await page.getByTestId('bio-social-title').inputValue()).toBe('Bio & Social');
    await page.getByTestId('display-name').fill('Olivia Tester');
    await page.getByTestId('company-name').fill('Green Leaf Studio');
    await page.getByTestId('links-title').fill('Find me online');
    expect(await page.getByTestId('save-state').innerText()).toBe('Unsaved changes');

    // Theme: dark mode, a pink accent.
    await page.getByRole('tab', { name: 'Theme' }).click();
    await page.getByText('Dark', { exact: true }).click();
    await page.getByRole('button', { name: 'Accent #ec4899' }).click();

    // Banner & Avatar: counter, too long, uploads.
    await page.getByRole('tab', { name: 'Banner & Avatar' }).click();
    expect(await page.getByTestId('banner-message').inputValue()).toBe('Welcome to my page.');
    expect(await page.getByTestId('banner-message-count').innerText()).toBe('19/120');
    await page.getByTestId('banner-message').fill('x'.repeat(121));
    expect(await page.getByTestId('banner-message-count').innerText()).toBe('121/120');
    await page.getByTestId('studio-save').click();
    await page.getByText('Banner message must be at most 120 characters').waitFor();
    await expectToast(page, 'Failed to save webpage settings.', TOAST_MS);
    expect(await webpageRow(owner.user.id)).toBeNull();
    await page.getByTestId('banner-message').fill('Plants, prints and good links.');
    await page.getByTestId('banner-upload').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expectToast(page, 'Please select an image file.', TOAST_MS);
    await page
      .getByTestId('banner-upload')
      .setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: solidPng([30, 90, 70], 600, 160) });
    await page.getByTestId('banner-preview').waitFor({ timeout: TOAST_MS });
    await page
      .getByTestId('main-photo-upload')
      .setInputFiles({ name: 'first.png', mimeType: 'image/png', buffer: solidPng([200, 120, 60], 120, 120) });
    await page.getByTestId('main-photo-preview').waitFor({ timeout: TOAST_MS });
    const firstPhoto = await page.getByTestId('main-photo-preview').getAttribute('src');
    // Replaced before saving: the first upload is removed on save.
    await page
      .getByTestId('main-photo-upload')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: solidPng([230, 160, 90], 200, 200) });
    await expect.poll(() => page.getByTestId('main-photo-preview').getAttribute('src'), { timeout: TOAST_MS }).not.toBe(firstPhoto);
    await page.getByTestId('photo-size').selectOption('large');

    // Bio & Social: links (http(s) only), message boxes with limits, 6 images.
    await page.getByRole('tab', { name: 'Bio & Social' }).click();
    await page.getByTestId('bio').fill('I grow things and collect links about growing things.');
    await page.getByTestId('website').fill('olivia.example.com');
    await page.getByTestId('twitter').fill('@olivia_grows');
    await page.getByTestId('instagram').fill('olivia.grows');
    await page.getByTestId('linkedin').fill('javascript:alert(1)');
    expect(await page.getByTestId('message-title-1').inputValue()).toBe('Message Box 1');
    expect(await page.getByTestId('message-title-7').inputValue()).toBe('Message Box 7');
    await page.getByTestId('message-title-1').fill('t'.repeat(61));
    await page.getByTestId('message-text-1').fill('m'.repeat(256));
    expect(await page.getByTestId('message-title-1-count').innerText()).toBe('61/60');
    expect(await page.getByTestId('message-text-1-count').innerText()).toBe('256/255');
    await page.getByTestId('studio-save').click();
    await page.getByText('Please enter a valid URL').waitFor();
    await page.getByText('Message box titles must be at most 60 characters').waitFor();
    await page.getByText('Message box text must be at most 255 characters').waitFor();
    await expectToast(page, 'Failed to save webpage settings.', TOAST_MS);
    await page.getByTestId('linkedin').fill('https://www.linkedin.com/in/olivia');
    await page.getByTestId('message-title-1').fill('Open studio days');
    await page.getByTestId('message-text-1').fill('First Saturday of every month, 10 to 4.');
    await page.getByTestId('message-title-2').fill('Commissions');
    await page.getByTestId('message-text-2').fill('Booked until spring; ask anyway.');
    const colours: Array<[number, number, number]> = [
      [240, 200, 200],
      [200, 240, 200],
      [200, 200, 240],
      [240, 240, 200],
      [200, 240, 240],
      [240, 200, 240],
    ];
    for (const [i, rgb] of colours.entries()) {
      await page
        .getByTestId('message-image-upload')
        .setInputFiles({ name: `m${i}.png`, mimeType: 'image/png', buffer: solidPng(rgb, 80, 80) });
      await expect.poll(() => page.getByTestId('message-image-list').locator('img').count(), { timeout: TOAST_MS }).toBe(i + 1);
    }
    await page.getByRole('button', { name: 'Message images full', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Message images full', exact: true }).isDisabled()).toBe(true);

    // Unsaved changes are not lost silently.
    let asked = '';
    page.once('dialog', (dialog) => {
      asked = dialog.message();
      void dialog.dismiss();
    });
    await page.getByRole('button', { name: 'Back to Dashboard' }).click();
    await expect.poll(() => asked).toBe('You have unsaved changes. Leave without saving?');
    expect(new URL(page.url()).pathname).toBe('/studio');

    await page.getByTestId('studio-save').click();
    await expectToast(page, 'Saved', TOAST_MS);
    await expect.poll(() => page.getByTestId('save-state').innerText()).toBe('All changes saved');
    const row = await webpageRow(owner.user.id);
    expect(row).toMatchObject({
      public_display_name: 'Olivia Tester',
      company_name: 'Green Leaf Studio',
      links_section_title: 'Find me online',
      theme_mode: 'dark',
      accent_color: '#ec4899',
      banner_message: 'Plants, prints and good links.',
      main_photo_size: 'large',
      website_url: 'https://olivia.example.com',
      twitter_handle: 'olivia_grows',
      linkedin_url: 'https://www.linkedin.com/in/olivia',
    });
    expect((row!.message_titles as string[]).slice(0, 3)).toEqual(['Open studio days', 'Commissions', 'Message Box 3']);
    expect(row!.message_image_paths as string[]).toHaveLength(6);
    expect(String(row!.main_photo_path).startsWith(`${owner.user.id}/`)).toBe(true);
    // The photo replaced before saving was removed; one main photo remains.
    await expect.poll(() => objectCount('main-photos', owner.user.id), { timeout: TOAST_MS }).toBe(1);

    // Removing a saved image and saving removes the file too.
    await page.getByRole('button', { name: 'Remove message image 6' }).click();
    await page.getByTestId('studio-save').click();
    await expect.poll(() => page.getByTestId('save-state').innerText(), { timeout: TOAST_MS }).toBe('All changes saved');
    await expect.poll(() => objectCount('message-images', owner.user.id), { timeout: TOAST_MS }).toBe(5);
    await page
      .getByTestId('message-image-upload')
      .setInputFiles({ name: 'm6.png', mimeType: 'image/png', buffer: solidPng([250, 220, 180], 80, 80) });
    await expect.poll(() => page.getByTestId('message-image-list').locator('img').count(), { timeout: TOAST_MS }).toBe(6);
    await page.getByTestId('studio-save').click();
    await expect.poll(() => page.getByTestId('save-state').innerText(), { timeout: TOAST_MS }).toBe('All changes saved');

    // Preview & Publish: publish, public visibility.
    await page.getByRole('button', { name: 'Preview & Publish' }).click();
    await page.getByRole('heading', { name: 'Preview & Publish' }).waitFor();
    expect(await page.getByTestId('public-url').innerText()).toBe(`${webUrl()}/${slug}`);
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expectToast(page, 'Published', TOAST_MS);
    await page.getByRole('radio', { name: /Public/ }).check();
    await page.getByRole('button', { name: 'Save visibility' }).click();
    await expectToast(page, 'Visibility updated', TOAST_MS);

    // The page, signed out.
    const visitor = await signedIn(null, { theme: 'light' });
    await visitor.page.goto(`/${slug}`);
    const pub = visitor.page.getByTestId('public-page');
    await pub.waitFor({ timeout: TOAST_MS });
    expect(await pub.getAttribute('data-theme-mode')).toBe('dark');
    await visitor.page.getByRole('heading', { level: 1, name: 'Olivia Tester' }).waitFor();
    // With a main photo the avatar is the photo, not the initials.
    await visitor.page.getByTestId('avatar-photo').waitFor();
    expect(await visitor.page.getByTestId('initials').count()).toBe(0);
    expect(await visitor.page.getByTestId('banner-message').innerText()).toBe('Plants, prints and good links.');
    await visitor.page.getByTestId('banner-image').waitFor();
    expect(await visitor.page.getByTestId('main-photo').getAttribute('data-size')).toBe('large');
    expect(await visitor.page.getByTestId('social-website').getAttribute('href')).toBe('https://olivia.example.com/');
    expect(await visitor.page.getByTestId('social-twitter').getAttribute('href')).toBe('https://x.com/olivia_grows');
    expect(await visitor.page.getByTestId('social-instagram').getAttribute('href')).toBe('https://www.instagram.com/olivia.grows');
    expect(await visitor.page.getByTestId('social-linkedin').getAttribute('href')).toBe('https://www.linkedin.com/in/olivia');
    expect(await visitor.page.getByTestId('message-boxes').locator('article').count()).toBe(2);
    const images = visitor.page.getByTestId('message-images').locator('img');
    expect(await images.count()).toBe(6);
    expect(await images.first().getAttribute('loading')).toBe('lazy');
    expect(await images.first().getAttribute('width')).toBe('400');
    // The social links show once (Bio & Social); the links section is for featured links, none here.
    expect(await visitor.page.getByTestId('links-section').count()).toBe(0);
    // Every link on the page is http(s) or a same-site path.
    const hrefs = await visitor.page.locator('a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
    for (const href of hrefs) expect(href).toMatch(/^(https?:\/\/|\/)/);
    await expect.poll(() => visitor.page.title()).toBe('Olivia Tester · Green Leaf Studio');
    expect(await visitor.page.locator('meta[name="robots"]').count()).toBe(0);
    await expect
      .poll(() => images.evaluateAll((imgs) => imgs.every((img) => (img as HTMLImageElement).complete)), { timeout: TOAST_MS })
      .toBe(true);

    const phone = await signedIn(null, { phone: true, theme: 'light' });
    await phone.page.goto(`/${slug}`);
    await phone.page.getByTestId('public-page').waitFor({ timeout: TOAST_MS });
    // Nothing wider than the phone.
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await phone.page.getByTestId('message-images').scrollIntoViewIfNeeded();
    await expect
      .poll(
        () =>
          phone.page
            .getByTestId('message-images')
            .locator('img')
            .evaluateAll((imgs) => imgs.every((img) => (img as HTMLImageElement).complete)),
        { timeout: TOAST_MS },
      )
      .toBe(true);

    // Light page theme, at both widths.
    await owner.client.from('webpage_settings').update({ theme_mode: 'light', accent_color: '#10b981' }).eq('user_id', owner.user.id);
    await visitor.page.reload();
    await expect.poll(() => pub.getAttribute('data-theme-mode'), { timeout: TOAST_MS }).toBe('light');
    await expect
      .poll(() => images.evaluateAll((imgs) => imgs.every((img) => (img as HTMLImageElement).complete)), { timeout: TOAST_MS })
      .toBe(true);
    await phone.page.reload();
    await phone.page.getByTestId('public-page').waitFor({ timeout: TOAST_MS });
  });

  it('the studio in the light and dark app theme, desktop and 390 px (no sideways scrolling on a phone)', async () => {
    const owner = await userWithName('Sam');
    for (const [theme, phone] of [
      ['light', false],
      ['dark', false],
      ['light', true],
      ['dark', true],
    ] as const) {
      // The signed-in app applies the account's saved appearance.
      await owner.client.from('user_appearance_settings').update({ theme }).eq('user_id', owner.user.id);
      const { page } = await signedIn(owner, { theme, colorScheme: theme, phone });
      await page.goto('/studio');
      await page.getByRole('heading', { name: 'Profile Studio' }).waitFor();
      await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
      await page.getByTestId('display-name').fill('Sam Tester');
      if (!phone) {
        await page.getByRole('tab', { name: 'Banner & Avatar' }).click();
      }
      if (phone) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    }
  });
});

describe('public page access', () => {
  it('private, exclusive (members added in Preview & Publish), unpublished; "Go to home"; noindex', async () => {
    const owner = await userWithName('Petra');
    const member = await userWithName('Mia');
    const outsider = await userWithName('Otto');
    const slug = owner.username!;
    await owner.client.from('webpage_settings').upsert({ user_id: owner.user.id, bio: 'Only for friends.' });

    // Unpublished: anyone but the owner gets the message.
    const anon = await signedIn(null);
    await anon.page.goto(`/${slug}`);
    await anon.page.getByRole('heading', { name: "This page isn't available" }).waitFor({ timeout: TOAST_MS });
    await anon.page.getByText(`The profile for @${slug} hasn't been published yet.`).waitFor();
    expect(await anon.page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    await anon.page.getByRole('link', { name: 'Go to home' }).click();
    await expect.poll(() => new URL(anon.page.url()).pathname).toBe('/');

    // The owner always sees it (the username resolves the page: no slug set).
    const own = await signedIn(owner, { recordOpens: true });
    await own.page.goto(`/${slug}`);
    await own.page.getByText('Only for friends.').waitFor({ timeout: TOAST_MS });

    // Private.
    await setPrivacy(owner, true, 'private');
    await anon.page.goto(`/${slug}`);
    await anon.page.getByText('This page is private.').waitFor({ timeout: TOAST_MS });

    // Exclusive: invite a member by e-mail in Preview & Publish (the same answer for an address
    // nobody has: no account lookup); add one by username and remove them.
    await own.page.goto('/studio/preview-publish');
    await own.page.getByRole('radio', { name: /Exclusive/ }).check();
    await own.page.getByRole('button', { name: 'Save visibility' }).click();
    await expectToast(own.page, 'Visibility updated', TOAST_MS);
    const card = own.page.getByTestId('members-card');
    await card.getByTestId('member-input').fill('nobody-here@example.invalid');
    await card.getByRole('button', { name: 'Add member' }).click();
    await expectToast(own.page, 'Invitation saved', TOAST_MS);
    await card.getByTestId('member-input').fill(member.email);
    await card.getByRole('button', { name: 'Add member' }).click();
    await expect.poll(() => card.getByTestId('member-list').locator('li').count(), { timeout: TOAST_MS }).toBe(2);
    await card.getByTestId('member-input').fill(`@${outsider.username}`);
    await card.getByRole('button', { name: 'Add member' }).click();
    await expectToast(own.page, 'Member added', TOAST_MS);
    await expect.poll(() => card.getByTestId('member-list').locator('li').count(), { timeout: TOAST_MS }).toBe(3);
    await card.getByRole('button', { name: `Remove @${outsider.username}` }).click();
    await expect.poll(() => card.getByTestId('member-list').locator('li').count(), { timeout: TOAST_MS }).toBe(2);
    // Invitations show the address typed, never who it belongs to.
    const listed = await card.getByTestId('member-list').innerText();
    expect(listed).toContain(member.email.toLowerCase());
    expect(listed).not.toContain(`@${member.username}`);
    expect(listed).toContain('Invited, not accepted yet');

    // The invitee sees the invitation in their studio and accepts it; only then the page opens.
    const memberView = await signedIn(member);
    await memberView.page.goto(`/${slug}`);
    await memberView.page.getByText('This page is exclusive to allowed members.').waitFor({ timeout: TOAST_MS });
    await memberView.page.goto('/studio');
    const invitations = memberView.page.getByTestId('page-invitations');
    await invitations.getByText(`@${owner.username}`).waitFor({ timeout: TOAST_MS });
    await invitations.getByRole('button', { name: 'Accept' }).click();
    await expectToast(memberView.page, 'Invitation accepted', TOAST_MS);
    await own.page.reload();
    await card.getByTestId('member-list').getByText(`@${member.username}`).waitFor({ timeout: TOAST_MS });
    await memberView.page.goto(`/${slug}`);
    await memberView.page.getByText('Only for friends.').waitFor({ timeout: TOAST_MS });
    // An exclusive page is not for search engines even when shown.
    expect(await memberView.page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    const outsiderView = await signedIn(outsider);
    await outsiderView.page.goto(`/${slug}`);
    await outsiderView.page.getByText('This page is exclusive to allowed members.').waitFor({ timeout: TOAST_MS });
    await anon.page.goto(`/${slug}`);
    await anon.page.getByText('This page is exclusive to allowed members.').waitFor({ timeout: TOAST_MS });

    // Unpublish from Preview & Publish.
    await own.page.getByRole('button', { name: 'Unpublish' }).click();
    await expectToast(own.page, 'Unpublished', TOAST_MS);
    await memberView.page.reload();
    await memberView.page.getByText(`The profile for @${slug} hasn't been published yet.`).waitFor({ timeout: TOAST_MS });
  });

  it('/{slug}/preview: owner and admin only; others get "This preview is private"; noindex', async () => {
    const owner = await userWithName('Quinn');
    const other = await userWithName('Ravi');
    const admin = await userWithName('Ada');
    expect((await serviceClient().from('user_roles').insert({ user_id: admin.user.id, role: 'admin' })).error).toBeNull();
    onTestFinished(async () => {
      await serviceClient().from('user_roles').delete().eq('user_id', admin.user.id);
    });
    const slug = `quinn-${short()}`;
    await owner.client.from('profiles').update({ public_page_slug: slug }).eq('user_id', owner.user.id);
    await owner.client.from('webpage_settings').upsert({ user_id: owner.user.id, public_display_name: 'Quinn Preview' });
    await setPrivacy(owner, true, 'public');

    const own = await signedIn(owner);
    await own.page.goto(`/${slug}/preview`);
    await own.page.getByTestId('preview-notice').waitFor({ timeout: TOAST_MS });
    await own.page.getByRole('heading', { level: 1, name: 'Quinn Preview' }).waitFor();
    expect(await own.page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');

    for (const viewer of [other, null]) {
      const { page } = await signedIn(viewer);
      await page.goto(`/${slug}/preview`);
      await page.getByRole('heading', { name: 'This preview is private' }).waitFor({ timeout: TOAST_MS });
      await page.getByText('Only the profile owner and admins can view it.').waitFor();
      expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
      // The public page itself is fine for them.
      await page.goto(`/${slug}`);
      await page.getByRole('heading', { level: 1, name: 'Quinn Preview' }).waitFor({ timeout: TOAST_MS });
    }

    // Admins see previews and unpublished pages.
    await setPrivacy(owner, false, 'private');
    const adm = await signedIn(admin);
    await adm.page.goto(`/${slug}/preview`);
    await adm.page.getByTestId('preview-notice').waitFor({ timeout: TOAST_MS });
    await adm.page.goto(`/${slug}`);
    await adm.page.getByRole('heading', { level: 1, name: 'Quinn Preview' }).waitFor({ timeout: TOAST_MS });
  });
});

describe('dashboard and Preview & Publish buttons', () => {
  it('opens the public page in a new tab (slug, else username); "URL required" / "Username required" without either', async () => {
    const owner = await userWithName('Dora');
    const { page } = await signedIn(owner, { recordOpens: true });
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'View Public Page' }).click();
    await expect.poll(async () => (await openedUrls(page)).at(-1)).toEqual({ url: `${webUrl()}/${owner.username}`, target: '_blank' });
    await page.getByRole('link', { name: 'Social Sharing' }).waitFor();
    // A phone shows the dashboard's secondary actions in its 'More' menu.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'More dashboard actions' }).click();
    await page.getByRole('menuitem', { name: 'Profile Studio' }).click();
    await page.getByRole('heading', { name: 'Profile Studio' }).waitFor();

    const nameless = await userWithName('Nora', null);
    const n = await signedIn(nameless, { recordOpens: true });
    await n.page.goto('/studio/preview-publish');
    await n.page.getByRole('button', { name: 'Open private preview' }).click();
    await expectToast(n.page, 'URL required', TOAST_MS);
    await n.page.getByRole('button', { name: 'Open public page' }).click();
    await expectToast(n.page, 'Username required', TOAST_MS);
    expect(await openedUrls(n.page)).toEqual([]);

    const slug = `dora-${short()}`;
    await owner.client.from('profiles').update({ public_page_slug: slug }).eq('user_id', owner.user.id);
    const fresh = await signedIn(owner, { recordOpens: true });
    await fresh.page.goto('/studio/preview-publish');
    await fresh.page.getByRole('button', { name: 'Open private preview' }).click();
    await fresh.page.getByRole('button', { name: 'Open public page' }).click();
    await expect
      .poll(() => openedUrls(fresh.page))
      .toEqual([
        { url: `/${slug}/preview`, target: '_blank' },
        { url: `${webUrl()}/${slug}`, target: '_blank' },
      ]);
  });
});
