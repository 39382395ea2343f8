import { IMAGE_MIME, parsePreviewHtml, PREVIEW_LIMITS, sniffRasterImage, absoluteHttpUrl } from '~shared/rules/link-preview.ts';
import { linkPreviewRequestSchema, type LinkPreviewResult } from '~shared/schemas/link-preview.ts';
import { brandName, siteUrl } from './brand.ts';
import { adminClient, bearerToken, requireUser, userClient } from './clients.ts';
import { env, requireEnv } from './env.ts';
import { handle, HttpError, json, parseWith, readJsonBody } from './http.ts';
import { FetchFailed, safeFetch, type SafeFetchOptions } from './safe-fetch.ts';
import { allowListFromEnv, BlockedError } from './ssrf.ts';

const BUCKET = 'link-previews';

function userAgent(): string {
  const site = siteUrl();
  return `${brandName().replace(/[^\w.-]/g, '')}-LinkPreview/1.0${site ? ` (+${site})` : ''}`;
}

/** The TEST-ONLY allow-list; in test mode a request may also ask to go without it (to prove refusals). */
function allowList(req: Request): string[] {
  if (env('FUNCTIONS_TEST_MODE') === 'true' && req.headers.get('x-test-no-allow-list') === '1') return [];
  return allowListFromEnv(env);
}

/** The page's text: charset from Content-Type, else <meta charset>, else UTF-8. */
function decodeHtml(bytes: Uint8Array, contentType: string): string {
  const sniffHead = new TextDecoder('latin1').decode(bytes.subarray(0, 2048));
  const label = /charset=["']?([\w-]+)/i.exec(contentType)?.[1] ?? /<meta[^>]+charset=["']?([\w-]+)/i.exec(sniffHead)?.[1] ?? 'utf-8';
  try {
    return new TextDecoder(label).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

function failure(e: unknown): HttpError {
  if (e instanceof BlockedError)
    return new HttpError(422, 'blocked_address', `This address cannot be previewed: ${e.message}.`, { reason: e.reason });
  if (e instanceof FetchFailed) {
    const status = e.code === 'timeout' ? 504 : 502;
    return new HttpError(status, e.code, e.message);
  }
  return new HttpError(502, 'network', 'The site could not be reached');
}

/** Downloads one image candidate; its bytes and kind when they really are a raster image within the limit. */
async function downloadImage(url: string, base: Omit<SafeFetchOptions, 'maxBytes' | 'accept'>, maxBytes: number) {
  try {
    const res = await safeFetch(url, { ...base, maxBytes, accept: 'image/avif,image/webp,image/png,image/*;q=0.8' });
    if (res.status !== 200 || res.truncated || res.body.length === 0) return null;
    const kind = sniffRasterImage(res.body); // SVG, HTML and anything else is refused here
    return kind ? { bytes: res.body, kind } : null;
  } catch {
    return null;
  }
}

let storageRegistered = false;

/**
 * links.favicon_url and preview_image_url accept only this project's storage URLs
 * (public.is_own_image_url). The project's URL is SUPABASE_URL, which the platform sets; it is
 * registered once per worker, so a hosted project that was never told its URL still stores copies.
 */
async function registerOwnStorage(admin: ReturnType<typeof adminClient>): Promise<void> {
  if (storageRegistered) return;
  const { error } = await admin.rpc('register_storage_url', { api_url: new URL(requireEnv('SUPABASE_URL')).origin });
  if (error) console.error(`link-preview: storage URL not registered: ${error.message}`);
  else storageRegistered = true;
}

type LinkToPreview = { id: string; url: string; description: string | null };

/** The caller's own link (RLS decides: another user's link is not found); null when missing or unreadable. */
async function readOwnLink(token: string, id: string): Promise<LinkToPreview | null> {
  try {
    const { data } = await userClient(token).from('links').select('id,url,description').eq('id', id).maybeSingle();
    return (data as LinkToPreview | null) ?? null;
  } catch {
    return null;
  }
}

export const handleLinkPreview = handle(async (req) => {
  // The auth server checks the token while the body is read and the link is read with that same
  // token (RLS): one round trip fewer before the page is fetched. Nothing read is used before the
  // check passed, and a missing or bad token still answers 401 before a bad body answers 400.
  const userCheck = requireUser(req);
  userCheck.catch(() => undefined); // awaited below
  const request = await readJsonBody(req)
    .then((raw) => parseWith(linkPreviewRequestSchema, raw))
    .then(
      (body) => ({ body }),
      (error: unknown) => ({ body: null, error }),
    );
  const bearer = bearerToken(req);
  const linkRead = request.body?.link_id && bearer ? readOwnLink(bearer, request.body.link_id) : Promise.resolve(null);
  const { user } = await userCheck;
  if (!request.body) throw (request as { error: unknown }).error;
  const body = request.body;
  const admin = adminClient();
  // The rate-limit slot is taken beside the link read (both need only the checked user).
  const [found, { data: slot, error: slotError }] = await Promise.all([
    linkRead,
    admin.rpc('take_link_preview_slot', { p_user_id: user.id, per_minute: PREVIEW_LIMITS.perUserPerMinute }),
  ]);

  let pageUrl = body.url ?? '';
  let link: LinkToPreview | null = null;
  if (body.link_id) {
    if (!found) throw new HttpError(404, 'not_found', 'Link not found.');
    link = found;
    pageUrl = link.url;
  }
  if (slotError) throw slotError;
  if (slot !== true) throw new HttpError(429, 'rate_limited', 'Too many previews at once. Please wait a minute and try again.');

  const base = {
    deadline: Date.now() + PREVIEW_LIMITS.totalMs,
    maxRedirects: PREVIEW_LIMITS.maxRedirects,
    allow: allowList(req),
    userAgent: userAgent(),
  };
  let page;
  try {
    page = await safeFetch(pageUrl, {
      ...base,
      maxBytes: PREVIEW_LIMITS.htmlBytes,
      accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1',
    });
  } catch (e) {
    throw failure(e);
  }
  if (page.status >= 400) throw new HttpError(502, 'site_error', `The site answered ${page.status}.`);
  const contentType = page.headers.get('content-type') ?? '';
  if (!/^\s*(text\/html|application\/xhtml\+xml)/i.test(contentType)) {
    throw new HttpError(422, 'not_html', 'Only HTML pages can be previewed.');
  }
  const parsed = parsePreviewHtml(decodeHtml(page.body, contentType), page.url);
  const result: LinkPreviewResult = {
    title: parsed.title ?? body.hints?.title ?? null,
    description: parsed.description,
    site_name: parsed.site_name,
    favicon_url: parsed.icon_urls[0] ?? null,
    image_url: parsed.image_url,
    final_url: page.url,
  };
  if (!link) return json(result);

  // Store copies: the dashboard shows our copies, never the site's URLs (privacy; nothing breaks).
  const hint = absoluteHttpUrl(body.hints?.favicon_url ?? null, page.url);
  const candidates = [...(hint ? [hint] : []), ...parsed.icon_urls.filter((u) => u !== hint)].slice(0, 4);
  const [icon, image] = await Promise.all([
    (async () => {
      for (const c of candidates) {
        const got = await downloadImage(c, base, PREVIEW_LIMITS.iconBytes);
        if (got) return got;
      }
      return null;
    })(),
    parsed.image_url ? downloadImage(parsed.image_url, base, PREVIEW_LIMITS.imageBytes) : Promise.resolve(null),
  ]);
  const stamp = Date.now().toString(36);
  const store = async (name: string, got: { bytes: Uint8Array; kind: keyof typeof IMAGE_MIME } | null): Promise<string | null> => {
    if (!got) return null;
    const path = `${user.id}/${link!.id}/${name}.${got.kind}`;
    const { error } = await admin.storage.from(BUCKET).upload(path, got.bytes, { contentType: IMAGE_MIME[got.kind], upsert: true });
    if (error) {
      console.error(`link-preview: storing ${name} failed: ${error.message}`);
      return null;
    }
    // ?v= busts the browser cache when a refresh stores a new image under the same path
    return `${admin.storage.from(BUCKET).getPublicUrl(path).data.publicUrl}?v=${stamp}`;
  };
  await registerOwnStorage(admin);
  const [faviconUrl, imageUrl] = await Promise.all([store('favicon', icon), store('image', image)]);
  const update: Record<string, unknown> = {
    favicon_url: faviconUrl,
    preview_image_url: imageUrl,
    preview_description: result.description,
    preview_site_name: result.site_name,
    preview_fetched_at: new Date().toISOString(),
  };
  // An empty description is filled; a typed one is never overwritten.
  if (!link.description?.trim() && result.description) update.description = result.description;
  const { error: updateError } = await admin.from('links').update(update).eq('id', link.id).eq('user_id', user.id);
  if (updateError) throw updateError;
  return json({ ...result, favicon_url: faviconUrl, image_url: imageUrl, stored: true } satisfies LinkPreviewResult);
});
