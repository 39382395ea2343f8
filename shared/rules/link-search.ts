import { normaliseSite, parseSearchQuery, type SearchQuery } from './search-query.ts';
import { tagKey } from './tags.ts';

/**
 * The instant local filter over links already loaded, with the server search's matching
 * (search_links): all words, in any order, each as the prefix of a word of the title, the URL
 * (host, its parts, the path's words), the description, the notes or a tag; case and accents
 * folded; phrases as consecutive words; negations as whole words. Filters are judged on the loaded
 * fields (a link without `tags`, `notes` or `share_count` has none); `folder:` and `is:incoming`
 * only when the caller passes the folder ids. The server's results are the full answer (and its
 * typo retry).
 */

export interface LocalSearchLink {
  title: string;
  url: string;
  description?: string | null;
  notes?: string | null;
  tags?: readonly string[];
  created_at?: string;
  share_count?: number;
  category_id?: string | null;
  second_category_id?: string | null;
}

export interface LocalSearchContext {
  /** The ids of the user's folders so named, with their subfolders (for `folder:`). */
  folderIdsByName?: (name: string) => readonly string[];
  /** The incoming folder and its subfolders (for `is:incoming`). */
  incomingFolderIds?: ReadonlySet<string>;
}

/** Lower case without accents, as public.search_fold does ('Crème' -> 'creme'). */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/** The words of a text after folding (letters and digits; everything else separates). */
export function textWords(text: string): string[] {
  return foldText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** A URL's host without 'www.' (lower case), '' when it has none. */
export function urlHost(url: string): string {
  const m = /^[a-z][a-z0-9+.-]*:\/\/(?:[^/?#@]*@)?([^/?#:]+)/i.exec(url);
  return m ? m[1].toLowerCase().replace(/^www\./, '') : '';
}

interface Doc {
  /** ' word word … ' : a word w starts a document word iff the text includes ' ' + w. */
  text: string;
  host: string;
  tagKeys: Set<string>;
}

const docs = new WeakMap<object, Doc>();

function docOf(link: LocalSearchLink): Doc {
  let doc = docs.get(link);
  if (!doc) {
    const host = urlHost(link.url);
    const path = link.url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '').replace(/[?#].*$/, '');
    const words = [link.title, ...(link.tags ?? []), host, path, link.description ?? '', link.notes ?? ''].flatMap(textWords);
    doc = { text: ` ${words.join(' ')} `, host, tagKeys: new Set((link.tags ?? []).map(tagKey)) };
    docs.set(link, doc);
  }
  return doc;
}

const onSite = (host: string, site: string) => host === site || host.endsWith(`.${site}`);

/** Local midnight of a YYYY-MM-DD day, in ms (the data layer sends the same instant). */
function dayStart(day: string): number {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y, m - 1, d).getTime();
}

function matcher(q: SearchQuery, ctx: LocalSearchContext): (link: LocalSearchLink) => boolean {
  const prefixes = q.words.flatMap(textWords).map((w) => ` ${w}`);
  const phrases = q.phrases
    .map((p) => textWords(p))
    .filter((ws) => ws.length > 0)
    .map((ws) => ` ${ws.join(' ')} `);
  const negations = q.notWords
    .map((p) => textWords(p))
    .filter((ws) => ws.length > 0)
    .map((ws) => ` ${ws.join(' ')} `);
  const tags = q.tags.map(tagKey);
  const notTags = q.notTags.map(tagKey);
  const sites = q.sites.map(normaliseSite);
  const notSites = q.notSites.map(normaliseSite);
  const before = q.before ? dayStart(q.before) : null;
  const after = q.after ? dayStart(q.after) : null;
  const folderIds = q.folders.length && ctx.folderIdsByName ? new Set(q.folders.flatMap((f) => ctx.folderIdsByName!(f))) : null;
  const inFolders = (link: LocalSearchLink, ids: ReadonlySet<string>) =>
    (!!link.category_id && ids.has(link.category_id)) || (!!link.second_category_id && ids.has(link.second_category_id));

  return (link) => {
    const doc = docOf(link);
    for (const w of prefixes) if (!doc.text.includes(w)) return false;
    for (const p of phrases) if (!doc.text.includes(p)) return false;
    for (const n of negations) if (doc.text.includes(n)) return false;
    for (const t of tags) if (!doc.tagKeys.has(t)) return false;
    for (const t of notTags) if (doc.tagKeys.has(t)) return false;
    if (sites.length && !sites.some((s) => onSite(doc.host, s))) return false;
    if (notSites.some((s) => onSite(doc.host, s))) return false;
    if ((before !== null || after !== null) && link.created_at) {
      const at = Date.parse(link.created_at);
      if (before !== null && !(at < before)) return false;
      if (after !== null && !(at >= after)) return false;
    }
    if (q.hasNotes !== null && !!link.notes?.trim() !== q.hasNotes) return false;
    if (q.isShared !== null && (link.share_count ?? 0) > 0 !== q.isShared) return false;
    if (folderIds && !inFolders(link, folderIds)) return false;
    if (q.isIncoming !== null && ctx.incomingFolderIds && inFolders(link, ctx.incomingFolderIds) !== q.isIncoming) return false;
    return true;
  };
}

/** The loaded links that match the query (text or parsed), in their order. */
export function searchLoadedLinks<T extends LocalSearchLink>(
  links: readonly T[],
  query: string | SearchQuery,
  ctx: LocalSearchContext = {},
): T[] {
  const q = typeof query === 'string' ? parseSearchQuery(query) : query;
  const matches = matcher(q, ctx);
  return links.filter(matches);
}

/** Folder search: the loaded links matching the box's text ('' keeps them all). */
export function filterLinksByQuery<T extends { title: string; url: string }>(links: readonly T[], query: string): T[] {
  if (!query.trim()) return [...links];
  return searchLoadedLinks(links, query);
}
