import { sendJson, startFakeServer, type FakeServer } from './server.ts';

export type OembedMode = 'ok' | 'not_found' | 'error' | 'slow' | 'not_json';

export interface FakeOembed extends FakeServer {
  /** INSTAGRAM_OEMBED_URL */
  instagramUrl: string;
  /** TIKTOK_OEMBED_URL */
  tiktokUrl: string;
  instagramToken: string;
  mode: OembedMode;
  /** How long 'slow' mode waits before answering. */
  slowMs: number;
}

/**
 * Fake Instagram (Graph API instagram_oembed, needs access_token) and TikTok (/oembed) endpoints.
 * Answers {title, author_name, thumbnail_url, html} for the requested url.
 */
export async function startFakeOembed(instagramToken = 'ig-test-token'): Promise<FakeOembed> {
  const state = { mode: 'ok' as OembedMode, slowMs: 6000 };
  const server = await startFakeServer(async (req, res) => {
    const page = req.query.get('url') ?? '';
    const provider = req.path === '/instagram_oembed' ? 'instagram' : req.path === '/tiktok/oembed' ? 'tiktok' : null;
    if (!provider) return sendJson(res, 404, { error: 'unknown path' });
    if (provider === 'instagram' && req.query.get('access_token') !== instagramToken) {
      return sendJson(res, 400, { error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 } });
    }
    if (state.mode === 'slow') await new Promise((r) => setTimeout(r, state.slowMs));
    if (state.mode === 'not_found') return sendJson(res, 404, { error: 'not found' });
    if (state.mode === 'error') return sendJson(res, 500, { error: 'boom' });
    if (state.mode === 'not_json') {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      return void res.end('<html>nope</html>');
    }
    sendJson(res, 200, {
      version: '1.0',
      type: 'rich',
      title: `${provider} post ${page}`,
      author_name: `${provider}_author`,
      thumbnail_url: `https://cdn.example.test/${provider}.jpg`,
      html: '<blockquote>embed</blockquote>',
    });
  });
  return {
    ...server,
    instagramUrl: `${server.url}/instagram_oembed`,
    tiktokUrl: `${server.url}/tiktok/oembed`,
    instagramToken,
    get mode() {
      return state.mode;
    },
    set mode(m: OembedMode) {
      state.mode = m;
    },
    get slowMs() {
      return state.slowMs;
    },
    set slowMs(ms: number) {
      state.slowMs = ms;
    },
  };
}
