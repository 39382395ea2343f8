import { oembedRequestSchema } from '~shared/schemas/oembed.ts';
import { requireUser } from './clients.ts';
import { env } from './env.ts';
import { handle, HttpError, json, parseWith, readBytesLimited, readJsonBody } from './http.ts';

const OEMBED_TIMEOUT_MS = 5000;
const MAX_PROVIDER_BYTES = 256 * 1024;

export interface OembedProvider {
  label: string;
  /** Host names whose URLs this provider embeds; nothing else is ever fetched. */
  hosts: string[];
  /** The provider's oEmbed request for a page URL (throws HttpError when not configured). */
  endpoint(pageUrl: string): URL;
}

export const instagram: OembedProvider = {
  label: 'Instagram',
  hosts: ['instagram.com', 'www.instagram.com', 'm.instagram.com', 'instagr.am', 'www.instagr.am'],
  endpoint(pageUrl) {
    const token = env('INSTAGRAM_OEMBED_TOKEN');
    if (!token) throw new HttpError(503, 'not_configured', 'Instagram previews are not configured (INSTAGRAM_OEMBED_TOKEN is missing).');
    const url = new URL(env('INSTAGRAM_OEMBED_URL') ?? 'https://graph.facebook.com/v19.0/instagram_oembed');
    url.searchParams.set('url', pageUrl);
    url.searchParams.set('access_token', token);
    url.searchParams.set('omitscript', 'true');
    return url;
  },
};

export const tiktok: OembedProvider = {
  label: 'TikTok',
  hosts: ['tiktok.com', 'www.tiktok.com', 'm.tiktok.com', 'vm.tiktok.com', 'vt.tiktok.com'],
  endpoint(pageUrl) {
    const url = new URL(env('TIKTOK_OEMBED_URL') ?? 'https://www.tiktok.com/oembed');
    url.searchParams.set('url', pageUrl);
    return url;
  },
};

/** The page URL when it belongs to the provider (http(s), its hosts, no credentials, default port). */
function providerPageUrl(provider: OembedProvider, raw: string): string {
  const url = new URL(raw);
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (!provider.hosts.includes(host) || url.username || url.password || url.port) {
    throw new HttpError(400, 'unsupported_url', `Only ${provider.label} URLs are supported.`);
  }
  return url.href;
}

const httpOnly = (value: unknown): string | null => (typeof value === 'string' && /^https?:\/\//i.test(value) ? value : null);
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** Asks the provider (5 s timeout) and answers {title, author_name, thumbnail_url}. */
async function lookup(provider: OembedProvider, pageUrl: string): Promise<Response> {
  const endpoint = provider.endpoint(pageUrl);
  let res: Response;
  try {
    res = await fetch(endpoint, {
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(OEMBED_TIMEOUT_MS),
      redirect: 'follow',
    });
  } catch (e) {
    const timedOut = (e as Error)?.name === 'TimeoutError';
    throw new HttpError(
      timedOut ? 504 : 502,
      'provider_unreachable',
      `${provider.label} could not be reached${timedOut ? ' (timed out after 5 s)' : ''}. Please try again later.`,
    );
  }
  if (res.status === 404 || res.status === 400) {
    await res.body?.cancel();
    throw new HttpError(404, 'not_found', `${provider.label} has no preview for this URL.`);
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw new HttpError(502, 'provider_error', `${provider.label} answered with an error (${res.status}). Please try again later.`);
  }
  let data: Record<string, unknown>;
  try {
    const bytes = await readBytesLimited(res.body, MAX_PROVIDER_BYTES);
    if (bytes === null) throw new Error('provider answer too large');
    data = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw new HttpError(502, 'provider_error', `${provider.label} sent an answer that is not oEmbed JSON.`);
  }
  return json({ title: text(data.title), author_name: text(data.author_name), thumbnail_url: httpOnly(data.thumbnail_url) });
}

/** The whole handler of an oEmbed function: body {url} of that provider only. */
export function oembedHandler(provider: OembedProvider): (req: Request) => Promise<Response> {
  return handle(async (req) => {
    // A signed-in user only: the anon key alone would make this an open proxy to the provider.
    await requireUser(req);
    const { url } = parseWith(oembedRequestSchema, await readJsonBody(req));
    return lookup(provider, providerPageUrl(provider, url));
  });
}
