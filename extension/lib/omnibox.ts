import { displayHost } from '~shared/rules/url.ts';
import { isWebUrl, searchCachedLinks, type CachedLink } from './link-cache.ts';

/** The address-bar keyword (manifest `omnibox.keyword`): type `lv`, a space, then words. */
export const OMNIBOX_KEYWORD = 'lv';
/** Chrome shows at most this many suggestions; Firefox about as many. */
const OMNIBOX_SUGGESTIONS = 6;

export interface OmniboxSuggestion {
  content: string;
  description: string;
}

/** Chrome reads a suggestion's description as XML (`<match>`, `<url>`, `<dim>`): text must be escaped. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[char]};`);
}

/**
 * Suggestions for what was typed after the keyword, from the local cache (the popup's search rule).
 * `xml`: Chrome's markup (title, then the host dimmed); Firefox shows descriptions as plain text.
 */
export function omniboxSuggestions(links: readonly CachedLink[], text: string, xml: boolean): OmniboxSuggestion[] {
  if (!text.trim()) return [];
  return searchCachedLinks(links, text, OMNIBOX_SUGGESTIONS).map((link) => {
    const host = displayHost(link.url) || link.url;
    return {
      content: link.url,
      description: xml ? `${escapeXml(link.title)} <dim>— ${escapeXml(host)}</dim>` : `${link.title} — ${host}`,
    };
  });
}

/**
 * What Enter in the address bar opens: a chosen suggestion is its URL; typed words open their best
 * match; null when nothing matches (the worker then opens the dashboard's search).
 */
export function omniboxTarget(links: readonly CachedLink[], text: string): string | null {
  const typed = text.trim();
  if (isWebUrl(typed)) return typed;
  return searchCachedLinks(links, typed, 1)[0]?.url ?? null;
}

export type OmniboxDisposition = 'currentTab' | 'newForegroundTab' | 'newBackgroundTab';
