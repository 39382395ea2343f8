import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INCOMING_CATEGORY_NAME, INCOMING_INSTAGRAM_CATEGORY_NAME, INCOMING_TIKTOK_CATEGORY_NAME } from '../../shared/constants.ts';
import { startFakeOembed, type FakeOembed } from '../fakes/oembed.ts';
import { setFunctionEnv } from '../functions/helpers.ts';
import { createConfirmedUser, type ConfirmedUser } from '../setup/clients.ts';
import { useSessionOf } from './dashboard-helpers.ts';
import { CHROMIUM_ARGS, expectToast, launchChromium, newContext, webUrl, type ContextOptions } from './web-browser.ts';

/**
 * Links from other apps: /receive, /share/receive, /share/capture, the web app manifest
 * (share target, protocol handler, installability), POST /share/receive and /api/* forwarding by
 * the same server code `npm start` runs (tests/setup/web.global.ts serves the build with it).
 */

let browser: Browser;
let oembed: FakeOembed;
const contexts: BrowserContext[] = [];
const WAIT = 20_000;

beforeAll(async () => {
  browser = await launchChromium();
  oembed = await startFakeOembed();
  await setFunctionEnv('instagram-oembed', { INSTAGRAM_OEMBED_TOKEN: oembed.instagramToken, INSTAGRAM_OEMBED_URL: oembed.instagramUrl });
  await setFunctionEnv('tiktok-oembed', { TIKTOK_OEMBED_URL: oembed.tiktokUrl });
});

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  await setFunctionEnv('instagram-oembed', {}).catch(() => undefined);
  await setFunctionEnv('tiktok-oembed', {}).catch(() => undefined);
  await oembed?.close();
});

async function page(opts: ContextOptions & { user?: ConfirmedUser } = {}): Promise<Page> {
  const context = await newContext(browser, { theme: 'dark', ...opts });
  contexts.push(context);
  if (opts.user) await useSessionOf(context, opts.user);
  return context.newPage();
}

/** The user's links with their folder's name. */
async function savedLinks(user: ConfirmedUser) {
  const links = await user.client.from('links').select('title, url, description, category_id');
  const folders = await user.client.from('categories').select('id, name');
  if (links.error) throw links.error;
  if (folders.error) throw folders.error;
  const names = new Map((folders.data ?? []).map((f) => [f.id, f.name]));
  return (links.data ?? []).map((l) => ({
    title: l.title,
    url: l.url,
    description: l.description,
    category: l.category_id ? { name: names.get(l.category_id) ?? '?' } : null,
  }));
}

async function expectSavedIn(user: ConfirmedUser, url: string, folder: string) {
  await expect
    .poll(async () => (await savedLinks(user)).find((link) => link.url === url)?.category?.name ?? null, { timeout: WAIT })
    .toBe(folder);
}

async function signInOnAuthPage(p: Page, user: ConfirmedUser) {
  const form = p.getByRole('form', { name: 'Sign In' });
  await form.getByLabel('Email').fill(user.email);
  await form.getByLabel('Password', { exact: true }).fill(user.password);
  await form.getByRole('button', { name: 'Sign In' }).click();
}

describe('/receive', () => {
  const cases = [
    {
      name: 'instagram',
      url: 'https://www.instagram.com/p/abc123/',
      label: 'Add to Incoming Instagram Links',
      folder: INCOMING_INSTAGRAM_CATEGORY_NAME,
      fallback: 'instagram.com/p/abc123',
    },
    {
      name: 'tiktok',
      url: 'https://www.tiktok.com/@cook/video/42',
      label: 'Add to Incoming TikTok Links',
      folder: INCOMING_TIKTOK_CATEGORY_NAME,
      fallback: 'tiktok.com/@cook/video/42',
    },
    {
      name: 'generic',
      url: 'https://example.com/articles/bread',
      label: 'Add to Receiving Folder',
      folder: INCOMING_CATEGORY_NAME,
      fallback: 'example.com/articles/bread',
    },
  ] as const;

  for (const c of cases) {
    it(`${c.name}: signed out it reads 'Sign in to Save', sign-in comes back, and the link lands in ${c.folder}`, async () => {
      const user = await createConfirmedUser();
      const p = await page({ phone: c.name === 'tiktok' });
      const path = `/receive?link=${encodeURIComponent(c.url)}`;
      await p.goto(path);
      await expect.poll(() => p.getByTestId('receive-title').innerText(), { timeout: WAIT }).toBe(c.fallback);
      const signIn = p.getByRole('link', { name: 'Sign in to Save' });
      await signIn.waitFor({ timeout: WAIT });
      await signIn.click();
      await p.waitForURL((u) => u.pathname === '/auth' && u.searchParams.get('redirect') === path, { timeout: WAIT });
      await signInOnAuthPage(p, user);
      await p.waitForURL((u) => u.pathname === '/receive' && u.searchParams.get('link') === c.url, { timeout: WAIT });

      const add = p.getByRole('button', { name: c.label });
      await add.waitFor({ timeout: WAIT });
      if (c.name !== 'generic') {
        // Signed in, the oEmbed function (against the fake provider) fills title, author and thumbnail.
        await expect.poll(() => p.getByTestId('receive-title').innerText(), { timeout: WAIT }).toBe(`${c.name} post ${c.url}`);
        await expect.poll(() => p.getByTestId('receive-author').innerText(), { timeout: WAIT }).toBe(`by ${c.name}_author`);
        expect(await p.getByTestId('receive-thumbnail').getAttribute('src')).toBe(`https://cdn.example.test/${c.name}.jpg`);
      }
      await add.click();
      await expectToast(p, 'Added to Receiving Folder');
      await p.getByTestId('receive-saved').waitFor({ timeout: WAIT });
      await expectSavedIn(user, c.url, c.folder);
      if (c.name !== 'generic') expect((await savedLinks(user)).find((l) => l.url === c.url)?.title).toBe(`${c.name} post ${c.url}`);
    });
  }

  it('falls back to host and path when the oEmbed provider fails', async () => {
    const user = await createConfirmedUser();
    oembed.mode = 'error';
    try {
      const p = await page({ user });
      await p.goto(`/receive?url=${encodeURIComponent('https://www.tiktok.com/@x/video/7')}`);
      await p.getByRole('button', { name: 'Add to Incoming TikTok Links' }).waitFor({ timeout: WAIT });
      // The failed call has finished (no spinner) and the title stayed the fallback.
      await expect.poll(() => p.getByTestId('receive-preview').locator('.animate-spin').count(), { timeout: WAIT }).toBe(0);
      expect(await p.getByTestId('receive-title').innerText()).toBe('tiktok.com/@x/video/7');
      expect(await p.getByTestId('receive-author').count()).toBe(0);
    } finally {
      oembed.mode = 'ok';
    }
  });

  it("without a link says 'No link provided.'", async () => {
    const p = await page();
    await p.goto('/receive');
    await p.getByText('No link provided.').waitFor({ timeout: WAIT });
    expect(await p.getByRole('button', { name: /Add to/ }).count()).toBe(0);
  });

  it('a redirect parameter that leaves the site leads to the dashboard instead', async () => {
    const user = await createConfirmedUser();
    const p = await page();
    await p.goto(`/auth?redirect=${encodeURIComponent('//evil.example/receive')}`);
    await signInOnAuthPage(p, user);
    await p.waitForURL((u) => u.pathname === '/dashboard', { timeout: WAIT });
    expect(new URL(p.url()).host).toBe(new URL(webUrl()).host);
  });
});

describe('/share/receive and /share/capture', () => {
  const params = [
    { name: 'url', query: (u: string) => `url=${encodeURIComponent(u)}` },
    { name: 'link', query: (u: string) => `link=${encodeURIComponent(u)}` },
    { name: 'text', query: (u: string) => `text=${encodeURIComponent(`Look at this ${u} !`)}&title=Shared` },
  ];
  for (const param of params) {
    it(`/share/receive?${param.name}= saves at once (web share), toasts, then goes to /dashboard`, async () => {
      const user = await createConfirmedUser();
      const p = await page({ user });
      const url = `https://example.org/shared-by-${param.name}`;
      await p.goto(`/share/receive?${param.query(url)}`);
      await expectToast(p, 'Link saved successfully!');
      await p.waitForURL((u) => u.pathname === '/dashboard', { timeout: WAIT });
      await expectSavedIn(user, url, INCOMING_CATEGORY_NAME);
      expect((await savedLinks(user)).find((l) => l.url === url)?.description).toBe('Received via web share');
    });
  }

  it("/share/receive without a URL says 'No URL found to save' and goes to /dashboard", async () => {
    const user = await createConfirmedUser();
    const before = (await savedLinks(user)).length; // a new account starts with a few starter links
    const p = await page({ user });
    await p.goto('/share/receive?text=nothing%20here');
    await expectToast(p, 'No URL found to save');
    await p.waitForURL((u) => u.pathname === '/dashboard', { timeout: WAIT });
    expect(await savedLinks(user)).toHaveLength(before);
  });

  it('/share/receive signed out goes to /auth and back, then saves', async () => {
    const user = await createConfirmedUser();
    const p = await page();
    const url = 'https://example.net/after-sign-in';
    await p.goto(`/share/receive?url=${encodeURIComponent(url)}`);
    await p.waitForURL((u) => u.pathname === '/auth' && (u.searchParams.get('redirect') ?? '').startsWith('/share/receive?url='), {
      timeout: WAIT,
    });
    await signInOnAuthPage(p, user);
    await expectToast(p, 'Link saved successfully!');
    await expectSavedIn(user, url, INCOMING_CATEGORY_NAME);
  });

  const sources = [
    { src: 'tiktok', url: 'https://www.tiktok.com/@a/video/1', folder: INCOMING_TIKTOK_CATEGORY_NAME },
    { src: 'instagram', url: 'https://www.instagram.com/p/xyz/', folder: INCOMING_INSTAGRAM_CATEGORY_NAME },
    { src: '', url: 'https://example.com/captured', folder: INCOMING_CATEGORY_NAME },
  ];
  for (const s of sources) {
    it(`/share/capture with src=${s.src || '(none)'} shows '${s.folder}' and saves there as a deep link`, async () => {
      const user = await createConfirmedUser();
      const p = await page({ user, phone: s.src === 'instagram' });
      await p.goto(`/share/capture?url=${encodeURIComponent(s.url)}${s.src ? `&src=${s.src}` : ''}`);
      await expect.poll(() => p.getByTestId('share-in-destination').innerText(), { timeout: WAIT }).toContain(s.folder);
      await expectToast(p, 'Link saved successfully!');
      await expectSavedIn(user, s.url, s.folder);
      expect((await savedLinks(user)).find((l) => l.url === s.url)?.description).toBe('Received via deep link');
      await p.waitForURL((u) => u.pathname === '/dashboard', { timeout: WAIT });
    });
  }

  it('the source= spelling works too, and a web+linkvault: protocol link is mapped to the capture', async () => {
    const user = await createConfirmedUser();
    const p = await page({ user });
    const url = 'https://www.tiktok.com/@b/video/2';
    // What Chromium opens for web+linkvault://share/capture?url=…&source=tiktok (manifest: /share/capture?link=%s).
    const opened = `web+linkvault://share/capture?url=${encodeURIComponent(url)}&source=tiktok`;
    await p.goto(`/share/capture?link=${encodeURIComponent(opened)}`);
    await expectToast(p, 'Link saved successfully!');
    await expectSavedIn(user, url, INCOMING_TIKTOK_CATEGORY_NAME);
  });
});

describe('POST /share/receive (the web server)', () => {
  it('answers a form post with a 303 to the GET page, url-encoded and multipart', async () => {
    const form = await fetch(`${webUrl()}/share/receive`, {
      method: 'POST',
      body: new URLSearchParams({ url: 'https://example.com/a b', source: 'tiktok', method: 'web_share_target', junk: 'x' }),
      redirect: 'manual',
    });
    expect(form.status).toBe(303);
    const location = new URL(form.headers.get('location') ?? '', webUrl());
    expect(location.pathname).toBe('/share/receive');
    expect(Object.fromEntries(location.searchParams)).toEqual({
      url: 'https://example.com/a b',
      source: 'tiktok',
      method: 'web_share_target',
    });

    const multipart = new FormData();
    multipart.set('text', 'see https://example.com/m');
    const posted = await fetch(`${webUrl()}/share/receive`, { method: 'POST', body: multipart, redirect: 'manual' });
    expect(posted.status).toBe(303);
    expect(posted.headers.get('location')).toBe(`/share/receive?${new URLSearchParams({ text: 'see https://example.com/m' })}`);

    const get = await fetch(`${webUrl()}/share/receive?url=x`);
    expect(get.status).toBe(200);
    expect(await get.text()).toContain('<div id="root">');
  });

  it('a form posted from the browser lands on the page, which saves the link', async () => {
    const user = await createConfirmedUser();
    const p = await page({ user });
    await p.goto('/privacy');
    const url = 'https://example.com/posted-form';
    await p.evaluate((u) => {
      const f = document.createElement('form');
      f.method = 'POST';
      f.action = '/share/receive';
      for (const [name, value] of [
        ['url', u],
        ['source', 'generic'],
        ['method', 'web_share_target'],
      ]) {
        const input = document.createElement('input');
        input.type = 'hidden';
        input.name = name;
        input.value = value;
        f.append(input);
      }
      document.body.append(f);
      f.submit();
    }, url);
    await expectToast(p, 'Link saved successfully!');
    await expectSavedIn(user, url, INCOMING_CATEGORY_NAME);
  });
});

describe('another site cannot make a signed-in user save links', () => {
  // A page of another site: 127.0.0.1 and localhost are different sites to the browser.
  let attacker: http.Server;
  let attackerUrl: string;
  beforeAll(async () => {
    attacker = http.createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const to = url.searchParams.get('to') ?? '';
      const pages: Record<string, string> = {
        // A script navigates the top window to the share page, no click.
        '/nav': `<script>location.href = ${JSON.stringify(to)};</script>`,
        // A form posted to the share endpoint as soon as the page loads.
        '/form': `<form method="POST" action="${to}"><input type="hidden" name="url" value="${url.searchParams.get('url') ?? ''}"><input type="hidden" name="method" value="web_share_target"></form><script>document.forms[0].submit();</script>`,
        // A popup opened from a click on the other site.
        '/popup': `<button id="open" onclick='window.open(${JSON.stringify(to)})'>Open</button>`,
      };
      const body = pages[url.pathname];
      res.writeHead(body ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8' }).end(body ?? 'not found');
    });
    // Every address (IPv6 and IPv4): the browser may look localhost up as either.
    await new Promise<void>((resolve) => attacker.listen(0, resolve));
    attackerUrl = `http://localhost:${(attacker.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => attacker?.close(resolve));
  });

  /** The share page shows the link with a Save button, has saved nothing, and saves on the click. */
  async function expectSaveButtonThenSave(p: Page, user: ConfirmedUser, url: string, folder: string) {
    const save = p.getByRole('button', { name: 'Save', exact: true });
    await save.waitFor({ timeout: WAIT });
    expect(await p.getByTestId('share-in').getAttribute('data-state')).toBe('confirm');
    expect(await p.getByTestId('share-in-url').innerText()).toBe(url);
    expect((await savedLinks(user)).filter((l) => l.url === url)).toEqual([]);
    await save.click();
    await expectToast(p, 'Link saved successfully!');
    await expectSavedIn(user, url, folder);
  }

  it('a cross-site navigation to /share/receive?url= shows the link and a Save button; nothing is saved until it is clicked', async () => {
    const user = await createConfirmedUser();
    const p = await page({ user });
    const url = 'https://example.org/pushed-by-another-site';
    const target = `${webUrl()}/share/receive?url=${encodeURIComponent(url)}`;
    await p.goto(`${attackerUrl}/nav?to=${encodeURIComponent(target)}`);
    await p.waitForURL((u) => u.pathname === '/share/receive', { timeout: WAIT });
    await expectSaveButtonThenSave(p, user, url, INCOMING_CATEGORY_NAME);
  });

  it('a form posted from another site lands on the Save button, not on a saved link', async () => {
    const user = await createConfirmedUser();
    const p = await page({ user });
    const url = 'https://example.org/posted-by-another-site';
    await p.goto(`${attackerUrl}/form?to=${encodeURIComponent(`${webUrl()}/share/receive`)}&url=${encodeURIComponent(url)}`);
    await p.waitForURL((u) => u.pathname === '/share/receive' && u.searchParams.get('url') === url, { timeout: WAIT });
    await expectSaveButtonThenSave(p, user, url, INCOMING_CATEGORY_NAME);
  });

  it('a popup of /share/capture?link=web+linkvault:… opened by another site asks too', async () => {
    const user = await createConfirmedUser();
    const p = await page({ user });
    const url = 'https://www.tiktok.com/@c/video/3';
    const opened = `web+linkvault://share/capture?url=${encodeURIComponent(url)}&source=tiktok`;
    const target = `${webUrl()}/share/capture?link=${encodeURIComponent(opened)}`;
    await p.goto(`${attackerUrl}/popup?to=${encodeURIComponent(target)}`);
    const [popup] = await Promise.all([p.waitForEvent('popup'), p.click('#open')]);
    await popup.waitForURL((u) => u.pathname === '/share/capture' && u.searchParams.get('url') === url, { timeout: WAIT });
    await expectSaveButtonThenSave(popup, user, url, INCOMING_TIKTOK_CATEGORY_NAME);
  });

  it('the same site still saves at once: a link followed on this site (its form posts: above)', async () => {
    const user = await createConfirmedUser();
    const p = await page({ user });
    await p.goto('/privacy');
    const url = 'https://example.org/same-site-link';
    // A click on a same-site link (a full navigation, as a link in a list the app shows would be).
    await p.evaluate(
      (href) => {
        const a = document.createElement('a');
        a.href = href;
        a.textContent = 'share';
        a.id = 'same-site';
        document.body.append(a);
      },
      `/share/receive?url=${encodeURIComponent(url)}`,
    );
    await p.click('#same-site');
    await expectToast(p, 'Link saved successfully!');
    await expectSavedIn(user, url, INCOMING_CATEGORY_NAME);
    expect(await p.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);
  });
});

describe('installable web app', () => {
  it('serves a manifest with share_target and protocol_handlers, and passes Chromium’s installability check', async () => {
    const res = await fetch(`${webUrl()}/manifest.webmanifest`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/manifest+json');
    const manifest = (await res.json()) as Record<string, unknown>;
    expect(manifest).toMatchObject({
      name: 'LinkVault',
      start_url: '/dashboard',
      display: 'standalone',
      share_target: { action: '/share/receive', method: 'GET', params: { url: 'url', text: 'text', title: 'title' } },
      protocol_handlers: [{ protocol: 'web+linkvault', url: '/share/capture?link=%s' }],
    });
    for (const icon of manifest.icons as Array<{ src: string; type: string }>) {
      const got = await fetch(`${webUrl()}${icon.src}`);
      expect(got.status, icon.src).toBe(200);
      expect(got.headers.get('content-type')).toBe(icon.type);
    }

    // A profile on disk: Chromium never offers to install from an incognito (throwaway) context.
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'pwa-profile-'));
    const persistent = await chromium.launchPersistentContext(profile, {
      executablePath: '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
      baseURL: webUrl(),
    });
    try {
      const p = persistent.pages()[0] ?? (await persistent.newPage());
      await p.goto('/');
      await p.getByRole('heading', { level: 1 }).first().waitFor({ timeout: WAIT });
      const cdp = await persistent.newCDPSession(p);
      const parsed = (await cdp.send('Page.getAppManifest')) as { url: string; errors: Array<{ message: string }> };
      expect(parsed.url).toBe(`${webUrl()}/manifest.webmanifest`);
      expect(parsed.errors).toEqual([]);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
        installabilityErrors: Array<{ errorId: string }>;
      };
      expect(installabilityErrors).toEqual([]);
    } finally {
      await persistent.close();
      fs.rmSync(profile, { recursive: true, force: true });
    }
  });
});

describe('/api/* forwarding (the web server)', () => {
  it('forwards health, echo and share-incoming with the caller’s bearer token, and without one', async () => {
    const user = await createConfirmedUser();
    const auth = { Authorization: `Bearer ${user.accessToken}` };

    const health = await fetch(`${webUrl()}/api/health`, { method: 'POST' });
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', function: 'api-health', method: 'POST' });

    // api-echo needs a JWT (verify_jwt): without the caller's token the gateway refuses it.
    const echoAnon = await fetch(`${webUrl()}/api/echo`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect(echoAnon.status).toBe(401);
    const echo = await fetch(`${webUrl()}/api/echo?x=1`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ hello: 'world' }),
    });
    expect(echo.status).toBe(200);
    expect(await echo.json()).toMatchObject({ function: 'api-echo', body: { hello: 'world' }, query: { x: '1' }, authenticated: true });

    const url = 'https://example.com/via-api';
    const anonShare = await fetch(`${webUrl()}/api/links/share-incoming`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ url, source: 'generic' }),
    });
    expect(anonShare.status).toBe(401);
    expect((await savedLinks(user)).filter((l) => l.url === url)).toHaveLength(0);
    const share = await fetch(`${webUrl()}/api/links/share-incoming`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ url, source: 'generic' }),
    });
    expect(share.status).toBe(200);
    expect(await share.json()).toMatchObject({ success: true, source: 'generic', method: 'web_share_target' });
    await expectSavedIn(user, url, INCOMING_CATEGORY_NAME);

    // Someone else's token saves into their folder, never the first user's.
    const other = await createConfirmedUser();
    const otherShare = await fetch(`${webUrl()}/api/links/share-incoming`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${other.accessToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ url: 'https://example.com/other', source: 'generic' }),
    });
    expect(otherShare.status).toBe(200);
    const ours = (links: Array<{ url: string }>) => links.map((l) => l.url).filter((u) => u.startsWith('https://example.com/'));
    expect(ours(await savedLinks(user))).toEqual([url]);
    expect(ours(await savedLinks(other))).toEqual(['https://example.com/other']);

    // Only the three routes: anything else under /api is the app (its 404 page), never a function.
    const unknown = await fetch(`${webUrl()}/api/ai-chat`, { method: 'POST' });
    expect(unknown.status).toBe(200);
    expect(await unknown.text()).toContain('<div id="root">');
  });
});
