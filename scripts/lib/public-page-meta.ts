import { STORAGE_BUCKETS } from '../../shared/constants.ts';
import { fetchPublicFolder } from '../../shared/data/public-folders/public.ts';
import { fetchPublicPage, publicObjectUrl, type PublicPage } from '../../shared/data/studio/public-page.ts';
import { pageDisplayName, pageMetaOf } from '../../shared/rules/profile-page.ts';
import { isFolderSlug } from '../../shared/rules/public-folder.ts';
import { publicFolderMetaOf, publicFolderOf, type PublicFolderView } from '../../shared/rules/public-folder-view.ts';
import { isValidSlug } from '../../shared/rules/slug.ts';
import { safeHref } from '../../shared/rules/url.ts';

/**
 * Open Graph and Twitter-card tags for /{slug} and /{slug}/{folder} in the served HTML, so a link
 * pasted into a chat shows the owner's name, description and photo, or the folder's name and
 * description. Chat crawlers run no JavaScript, so the server asks get_public_page_by_slug (or
 * get_public_folder) as anon: only a published public page or folder gets its tags; any other answer
 * gets `noindex`, and so does a folder whose owner asked to hide it from search engines.
 * /{slug}/preview is always `noindex`.
 */
export interface PublicPageMetaOptions {
  supabaseUrl: string;
  anonKey: string;
  /** The web app's public origin (og:url). */
  siteUrl: string;
}

const escapeHtml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The page's image for the card: main photo, else banner background (absolute http(s) only). */
function imageOf(page: PublicPage, supabaseUrl: string): string | null {
  if (page.main_photo_path && page.main_photo_size !== 'none')
    return publicObjectUrl(supabaseUrl, STORAGE_BUCKETS.mainPhotos, page.main_photo_path);
  return safeHref(page.banner_background_url) ?? null;
}

/** What a page's card says: title, description, canonical URL, image, og:type. */
interface Card {
  title: string;
  description: string;
  url: string;
  image: string | null;
  type: 'profile' | 'website';
}

/**
 * Replaces the index.html head's title/description/canonical and adds the card tags. Owner text only
 * ever goes in through replacer functions: a replacement string would read `$&`, `$'`, `` $` `` and
 * `$1` in a display name as patterns (`$'` pasted the rest of the document into <title>).
 */
function injectCard(html: string, card: Card | null, noindex: boolean): string {
  const head: string[] = [];
  let out = html.replace(/\s*<link rel="canonical"[^>]*>/, '');
  if (card) {
    const { title, description, url, image } = card;
    out = out.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`);
    out = out.replace(
      /<meta\s+name="description"\s+content="[^"]*"\s*\/>/,
      () => `<meta name="description" content="${escapeHtml(description)}" />`,
    );
    head.push(
      `<link rel="canonical" href="${escapeHtml(url)}" />`,
      `<meta property="og:type" content="${card.type}" />`,
      `<meta property="og:title" content="${escapeHtml(title)}" />`,
      `<meta property="og:description" content="${escapeHtml(description)}" />`,
      `<meta property="og:url" content="${escapeHtml(url)}" />`,
      `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}" />`,
      `<meta name="twitter:title" content="${escapeHtml(title)}" />`,
      `<meta name="twitter:description" content="${escapeHtml(description)}" />`,
    );
    if (image)
      head.push(
        `<meta property="og:image" content="${escapeHtml(image)}" />`,
        `<meta name="twitter:image" content="${escapeHtml(image)}" />`,
      );
  }
  if (noindex) head.push('<meta name="robots" content="noindex" />');
  return out.replace('</head>', () => `    ${head.join('\n    ')}\n  </head>`);
}

/** /{slug}'s tags (`page` viewable), or only `noindex` and no canonical link. */
export function injectPageMeta(
  html: string,
  page: PublicPage | null,
  options: Pick<PublicPageMetaOptions, 'siteUrl' | 'supabaseUrl'>,
  noindex: boolean,
): string {
  if (!page?.viewable) return injectCard(html, null, noindex);
  const { title, description } = pageMetaOf(page);
  const url = `${options.siteUrl.replace(/\/+$/, '')}/${encodeURIComponent(page.slug)}`;
  return injectCard(html, { title, description, url, image: imageOf(page, options.supabaseUrl), type: 'profile' }, noindex);
}

/** /{slug}/{folder}'s tags; `noindex` when the owner asked for it. No folder: only `noindex`. */
function injectFolderMeta(html: string, folder: PublicFolderView | null, options: Pick<PublicPageMetaOptions, 'siteUrl'>): string {
  if (!folder) return injectCard(html, null, true);
  const { title, description } = publicFolderMetaOf(folder, pageDisplayName(folder.owner));
  const url = `${options.siteUrl.replace(/\/+$/, '')}/${encodeURIComponent(folder.owner.slug)}/${encodeURIComponent(folder.slug)}`;
  return injectCard(html, { title, description, url, image: null, type: 'website' }, folder.noindex);
}

/**
 * A serve-static `transformIndex` hook: tags for /{slug}, /{slug}/preview and /{slug}/{folder}, other
 * paths unchanged. Every request asks the database afresh (one anon RPC, as the page itself does when
 * it loads): an answer kept for later would go on showing an unpublished or changed page or folder.
 */
export function publicPageMeta(options: PublicPageMetaOptions): (pathname: string, html: string) => Promise<string> {
  const endpoint = { url: options.supabaseUrl, anonKey: options.anonKey };
  return async (pathname, html) => {
    const match = /^\/([A-Za-z0-9_-]{3,30})(?:\/([A-Za-z0-9_-]{3,30}))?\/?$/.exec(pathname);
    if (!match || !isValidSlug(match[1])) return html;
    const [, slug, second] = match;
    if (second && second !== 'preview') {
      if (!isFolderSlug(second)) return html;
      const folder = await fetchPublicFolder(endpoint, slug, second, AbortSignal.timeout(2000)).then(publicFolderOf, () => null);
      return injectFolderMeta(html, folder, options);
    }
    const preview = second === 'preview';
    const page = preview ? null : await fetchPublicPage(endpoint, slug, null, AbortSignal.timeout(2000)).catch(() => null);
    const indexable = !preview && page?.viewable === true;
    return injectPageMeta(html, page, options, !indexable);
  };
}
