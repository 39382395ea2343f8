import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOembed, type FakeOembed } from '../fakes/oembed.ts';
import { sendJson, startFakeServer } from '../fakes/server.ts';
import { createConfirmedUser, type ConfirmedUser } from '../setup/clients.ts';
import { callFunction, expectBadInputAnswers, expectBadInputHandled, setFunctionEnv } from './helpers.ts';

let fake: FakeOembed;
let user: ConfirmedUser;
/** oEmbed needs a signed-in user (the anon key alone would make it an open proxy): every call below carries one's token. */
const call = (name: string, opts: Parameters<typeof callFunction>[1] = {}) => callFunction(name, { token: user.accessToken, ...opts });

beforeAll(async () => {
  user = await createConfirmedUser();
  fake = await startFakeOembed();
  await setFunctionEnv('instagram-oembed', { INSTAGRAM_OEMBED_URL: fake.instagramUrl, INSTAGRAM_OEMBED_TOKEN: fake.instagramToken });
  await setFunctionEnv('tiktok-oembed', { TIKTOK_OEMBED_URL: fake.tiktokUrl });
});

afterAll(async () => {
  await setFunctionEnv('instagram-oembed', {});
  await setFunctionEnv('tiktok-oembed', {});
  await fake.close();
});

describe('instagram-oembed / tiktok-oembed', () => {
  it('instagram: answers title, author_name, thumbnail_url, asking the provider with the token', async () => {
    fake.mode = 'ok';
    const page = 'https://www.instagram.com/p/ABC123/';
    const res = await call('instagram-oembed', { body: { url: page } });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      title: `instagram post ${page}`,
      author_name: 'instagram_author',
      thumbnail_url: 'https://cdn.example.test/instagram.jpg',
    });
    const asked = fake.requests[fake.requests.length - 1];
    expect(asked.path).toBe('/instagram_oembed');
    expect(asked.query.get('url')).toBe(page);
    expect(asked.query.get('access_token')).toBe(fake.instagramToken);
  });

  it('tiktok: answers the three fields', async () => {
    fake.mode = 'ok';
    const page = 'https://www.tiktok.com/@someone/video/7123456789';
    const res = await call('tiktok-oembed', { body: { url: page } });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      title: `tiktok post ${page}`,
      author_name: 'tiktok_author',
      thumbnail_url: 'https://cdn.example.test/tiktok.jpg',
    });
  });

  it("only the provider's own domains: other hosts are refused and never fetched", async () => {
    const before = fake.requests.length;
    for (const [fn, url, error] of [
      ['instagram-oembed', 'https://evil.example/p/x', 'unsupported_url'],
      ['instagram-oembed', 'https://instagram.com.evil.example/p/x', 'unsupported_url'],
      ['instagram-oembed', 'https://www.tiktok.com/@a/video/1', 'unsupported_url'],
      ['tiktok-oembed', 'https://www.instagram.com/p/x', 'unsupported_url'],
      ['tiktok-oembed', 'http://127.0.0.1:1/oembed', 'unsupported_url'],
      ['tiktok-oembed', 'https://user:pw@www.tiktok.com/@a/video/1', 'unsupported_url'],
      // Not an http(s) URL at all: the request schema refuses it before the host check.
      ['tiktok-oembed', 'javascript:alert(1)', 'invalid_request'],
    ] as const) {
      const res = await call(fn, { body: { url } });
      expect(res.status, `${fn} ${url}`).toBe(400);
      expect(res.body.error, `${fn} ${url}: ${res.text}`).toBe(error);
    }
    expect(fake.requests.length).toBe(before);
  });

  it('provider errors are clear: not found 404, failure 502, not JSON 502', async () => {
    fake.mode = 'not_found';
    const missing = await call('tiktok-oembed', { body: { url: 'https://www.tiktok.com/@a/video/1' } });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('not_found');
    fake.mode = 'error';
    const broken = await call('tiktok-oembed', { body: { url: 'https://www.tiktok.com/@a/video/1' } });
    expect(broken.status).toBe(502);
    expect(broken.body.error).toBe('provider_error');
    fake.mode = 'not_json';
    const html = await call('instagram-oembed', { body: { url: 'https://www.instagram.com/p/x/' } });
    expect(html.status).toBe(502);
    fake.mode = 'ok';
  });

  it('an unreachable provider answers a clear error', async () => {
    await setFunctionEnv('tiktok-oembed', { TIKTOK_OEMBED_URL: 'http://127.0.0.1:9/oembed' });
    try {
      const res = await call('tiktok-oembed', { body: { url: 'https://www.tiktok.com/@a/video/1' } });
      expect(res.status).toBe(502);
      expect(res.body).toMatchObject({ error: 'provider_unreachable', message: 'TikTok could not be reached. Please try again later.' });
    } finally {
      await setFunctionEnv('tiktok-oembed', { TIKTOK_OEMBED_URL: fake.tiktokUrl });
    }
  });

  it('gives up on a slow provider (its 5 s timeout) and aborts the request', async () => {
    // A provider that answers a good oEmbed only after 15 s, and records whether the function
    // hung up on it first. Without the timeout the call would answer 200 here.
    const aborted: string[] = [];
    const slow = await startFakeServer(
      (req, res) =>
        new Promise<void>((resolve) => {
          const timer = setTimeout(() => {
            sendJson(res, 200, { title: 'late', author_name: 'late', thumbnail_url: 'https://cdn.example.test/late.jpg' });
            resolve();
          }, 15_000);
          res.on('close', () => {
            clearTimeout(timer);
            if (!res.writableFinished) aborted.push(req.query.get('url') ?? '');
            resolve();
          });
        }),
    );
    await setFunctionEnv('tiktok-oembed', { TIKTOK_OEMBED_URL: `${slow.url}/tiktok/oembed` });
    try {
      const page = 'https://www.tiktok.com/@a/video/2';
      const res = await call('tiktok-oembed', { body: { url: page } });
      expect(res.status, res.text).toBe(504);
      expect(res.body).toEqual({
        error: 'provider_unreachable',
        message: 'TikTok could not be reached (timed out after 5 s). Please try again later.',
      });
      await expect.poll(() => aborted, { timeout: 5_000 }).toEqual([page]);
    } finally {
      await setFunctionEnv('tiktok-oembed', { TIKTOK_OEMBED_URL: fake.tiktokUrl });
      await slow.close();
    }
  }, 30_000);

  it('instagram without a token says it is not configured', async () => {
    await setFunctionEnv('instagram-oembed', { INSTAGRAM_OEMBED_URL: fake.instagramUrl });
    try {
      const res = await call('instagram-oembed', { body: { url: 'https://www.instagram.com/p/x/' } });
      expect(res.status).toBe(503);
      expect(res.body.error).toBe('not_configured');
    } finally {
      await setFunctionEnv('instagram-oembed', { INSTAGRAM_OEMBED_URL: fake.instagramUrl, INSTAGRAM_OEMBED_TOKEN: fake.instagramToken });
    }
  });

  it('needs a signed-in user: no JWT or the anon key alone -> 401 (else an open proxy to the provider); bad input -> 400/413', async () => {
    expect((await callFunction('tiktok-oembed', { token: null, body: { url: 'https://www.tiktok.com/@a/video/1' } })).status).toBe(401);
    for (const name of ['instagram-oembed', 'tiktok-oembed']) {
      const anon = await callFunction(name, { body: { url: 'https://www.tiktok.com/@a/video/1' } });
      expect(anon.status, name).toBe(401);
      expect(anon.body).toMatchObject({ error: 'unauthorized', message: 'Authentication required' });
    }
    for (const name of ['instagram-oembed', 'tiktok-oembed']) {
      const answers = await expectBadInputHandled(name, user.accessToken, [
        {},
        { url: '' },
        { url: 42 },
        { link: 'https://www.tiktok.com/' },
      ]);
      expectBadInputAnswers(answers, undefined, name);
    }
  });
});
