import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createConfirmedUser, serviceClient, type ConfirmedUser } from '../setup/clients.ts';
import { callFunction, expectBadInputAnswers, expectBadInputHandled } from './helpers.ts';

const INCOMING = 'Recently Received Links (Incoming)';
const INSTAGRAM = 'Recently Received Links (Instagram)';
const TIKTOK = 'Recently Received Links (TikTok)';

async function foldersNamed(userId: string, name: string) {
  const { data } = await serviceClient()
    .from('categories')
    .select('id, name, is_default, parent_category_id')
    .eq('user_id', userId)
    .eq('name', name);
  return data ?? [];
}

async function linksWithUrl(userId: string, url: string) {
  const { data } = await serviceClient()
    .from('links')
    .select('id, url, title, description, category_id')
    .eq('user_id', userId)
    .eq('url', url);
  return data ?? [];
}

let user: ConfirmedUser;
let other: ConfirmedUser;

beforeAll(async () => {
  [user, other] = await Promise.all([createConfirmedUser(), createConfirmedUser()]);
});

describe('share-incoming and links-share-incoming', () => {
  it('saves a generic URL into the Incoming folder; the same URL again is updated, not duplicated', async () => {
    const url = `https://example.com/article/${randomUUID()}`;
    const first = await callFunction('share-incoming', {
      token: user.accessToken,
      body: { url, source: 'generic', method: 'web_share_target' },
    });
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({ success: true, folder: INCOMING, updated: false, source: 'generic', method: 'web_share_target' });
    const [incoming] = await foldersNamed(user.user.id, INCOMING);
    const saved = await linksWithUrl(user.user.id, url);
    expect(saved).toHaveLength(1);
    expect(saved[0].category_id).toBe(incoming.id);

    const again = await callFunction('share-incoming', { token: user.accessToken, body: { url, source: 'generic', method: 'deep_link' } });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ updated: true });
    expect(await linksWithUrl(user.user.id, url)).toHaveLength(1);
    expect(await foldersNamed(user.user.id, INCOMING)).toHaveLength(1);
  });

  it('tiktok and instagram sources go to their own incoming folders, created once', async () => {
    for (const [source, folder] of [
      ['tiktok', TIKTOK],
      ['instagram', INSTAGRAM],
    ] as const) {
      const urls = [`https://www.${source}.com/a/${randomUUID()}`, `https://www.${source}.com/b/${randomUUID()}`];
      for (const url of urls) {
        const res = await callFunction('share-incoming', { token: user.accessToken, body: { url, source, method: 'deep_link' } });
        expect(res.status, res.text).toBe(200);
        expect(res.body.folder).toBe(folder);
      }
      const folders = await foldersNamed(user.user.id, folder);
      expect(folders).toHaveLength(1);
      expect(folders[0]).toMatchObject({ is_default: true, parent_category_id: null });
      for (const url of urls) expect((await linksWithUrl(user.user.id, url))[0].category_id).toBe(folders[0].id);
    }
  });

  it('links-share-incoming is an alias (payload url, source); a URL without scheme gets https://', async () => {
    const bare = `example.org/${randomUUID()}`;
    const res = await callFunction('links-share-incoming', { token: user.accessToken, body: { url: bare, source: 'generic' } });
    expect(res.status, res.text).toBe(200);
    expect((res.body.link as { url: string }).url).toBe(`https://${bare}`);
    expect(await linksWithUrl(user.user.id, `https://${bare}`)).toHaveLength(1);
  });

  it("writes only into the caller's folders", async () => {
    const url = `https://example.com/mine/${randomUUID()}`;
    expect((await callFunction('share-incoming', { token: user.accessToken, body: { url } })).status).toBe(200);
    expect(await linksWithUrl(other.user.id, url)).toHaveLength(0);
    expect(await foldersNamed(other.user.id, TIKTOK)).toHaveLength(0);
  });

  it('needs a signed-in user; bad input -> 400/413', async () => {
    const url = `https://example.com/anon/${randomUUID()}`;
    expect((await callFunction('share-incoming', { body: { url } })).status).toBe(401);
    expect((await callFunction('share-incoming', { token: null, body: { url } })).status).toBe(401);
    for (const name of ['share-incoming', 'links-share-incoming']) {
      const answers = await expectBadInputHandled(name, user.accessToken, [
        {},
        { url: '' },
        { url: 'javascript:alert(1)' },
        { url, source: 'myspace' },
        { url, method: 'carrier_pigeon' },
        { url: 42 },
      ]);
      expectBadInputAnswers(answers, undefined, name);
    }
  });
});

describe('incoming-links', () => {
  it('saves {link, sender_email, timestamp} into the incoming folder of its source', async () => {
    const link = `https://example.net/${randomUUID()}`;
    const res = await callFunction('incoming-links', {
      token: user.accessToken,
      body: { link, sender_email: 'friend@example.test', timestamp: new Date().toISOString() },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ success: true, folder: INCOMING, source: 'generic', updated: false });
    const [saved] = await linksWithUrl(user.user.id, link);
    expect(saved.description).toBe('Shared by friend@example.test');

    const tiktok = `https://vm.tiktok.com/${randomUUID()}`;
    const tk = await callFunction('incoming-links', { token: user.accessToken, body: { link: tiktok } });
    expect(tk.body).toMatchObject({ folder: TIKTOK, source: 'tiktok' });

    const again = await callFunction('incoming-links', { token: user.accessToken, body: { link } });
    expect(again.body.updated).toBe(true);
    expect(await linksWithUrl(user.user.id, link)).toHaveLength(1);
  });

  it('needs a signed-in user; bad input -> 400/413', async () => {
    expect((await callFunction('incoming-links', { body: { link: 'https://example.com' } })).status).toBe(401);
    const answers = await expectBadInputHandled('incoming-links', user.accessToken, [
      {},
      { link: 'ftp://x' },
      { link: 'https://example.com', sender_email: 'nope' },
      { link: 'https://example.com', timestamp: { x: 1 } },
    ]);
    expectBadInputAnswers(answers);
  });
});
