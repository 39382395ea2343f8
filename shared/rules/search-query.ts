/**
 * The search box's grammar, one parser for the web app, the extension and the server call
 * (search_links takes the parsed parts as its arguments):
 *
 *   react hooks          words: all must match, each as a prefix, in any order
 *   "exact phrase"       consecutive words
 *   -word  -"a phrase"   must not match
 *   tag:name  tag:"two words"  -tag:name
 *   folder:"Read later"  the folder or its subfolders (several: any of them)
 *   site:github.com  -site:example.com   the host or a subdomain
 *   before:2024-01-01  after:2024-01-01  created before that day / on or after it
 *   is:shared  is:incoming  has:notes   (and -is:shared, -is:incoming, -has:notes)
 *
 * Filter names are case-insensitive. A filter this grammar does not know (`foo:bar`), or a known
 * one with a value it cannot read (`before:soon`, `is:pinned`), is searched as words; a known
 * filter with nothing after the colon yet (`tag:` while typing) is ignored. An unclosed quote runs
 * to the end. `printSearchQuery` writes a query back in a canonical order; parsing the printed
 * text gives the same query.
 */

export interface SearchQuery {
  words: string[];
  phrases: string[];
  /** Negated words and phrases. */
  notWords: string[];
  tags: string[];
  notTags: string[];
  folders: string[];
  sites: string[];
  notSites: string[];
  /** YYYY-MM-DD: created before that day. */
  before: string | null;
  /** YYYY-MM-DD: created on that day or later. */
  after: string | null;
  /** true: must be; false: must not be; null: either. */
  isShared: boolean | null;
  isIncoming: boolean | null;
  hasNotes: boolean | null;
}

export const emptySearchQuery = (): SearchQuery => ({
  words: [],
  phrases: [],
  notWords: [],
  tags: [],
  notTags: [],
  folders: [],
  sites: [],
  notSites: [],
  before: null,
  after: null,
  isShared: null,
  isIncoming: null,
  hasNotes: null,
});

/** True when the query asks for nothing (every link matches). */
export function isEmptySearchQuery(q: SearchQuery): boolean {
  return printSearchQuery(q) === '';
}

/** A real calendar day as YYYY-MM-DD. */
export function isIsoDay(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** A site as search_links compares it: lower case, without scheme, 'www.', path or port. */
export function normaliseSite(value: string): string {
  return value
    .trim()
    .toLowerCase()
    .replace(/^[a-z]+:\/\//, '')
    .replace(/^www\./, '')
    .replace(/[/?#:].*$/, '');
}

interface Token {
  negated: boolean;
  /** The filter name (lower case) when the token is `name:value`. */
  key: string | null;
  value: string;
  quoted: boolean;
  /** The token as typed (without the leading '-'), for filters searched as words. */
  raw: string;
}

const KEYS = new Set(['tag', 'folder', 'site', 'before', 'after', 'is', 'has']);

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const n = text.length;
  const isSpace = (c: string) => /\s/.test(c);
  while (i < n) {
    while (i < n && isSpace(text[i])) i++;
    if (i >= n) break;
    let negated = false;
    if (text[i] === '-' && i + 1 < n && !isSpace(text[i + 1])) {
      negated = true;
      i++;
    }
    const start = i;
    let key: string | null = null;
    // name: (letters only) directly followed by a value
    const keyMatch = /^([A-Za-z]+):/.exec(text.slice(i));
    if (keyMatch && i + keyMatch[0].length <= n) {
      key = keyMatch[1].toLowerCase();
      i += keyMatch[0].length;
    }
    let value = '';
    let quoted = false;
    if (text[i] === '"') {
      quoted = true;
      const close = text.indexOf('"', i + 1);
      value = close === -1 ? text.slice(i + 1) : text.slice(i + 1, close);
      i = close === -1 ? n : close + 1;
      // Text glued to the closing quote belongs to the same token.
      while (i < n && !isSpace(text[i])) value += text[i++];
    } else {
      const s = i;
      while (i < n && !isSpace(text[i])) i++;
      value = text.slice(s, i);
    }
    tokens.push({ negated, key, value, quoted, raw: text.slice(start, i) });
  }
  return tokens;
}

const pushUnique = (list: string[], value: string) => {
  if (!list.some((v) => v.toLowerCase() === value.toLowerCase())) list.push(value);
};

/** Parses the search box's text. */
export function parseSearchQuery(text: string): SearchQuery {
  const q = emptySearchQuery();
  const asWords = (t: Token) => {
    // An unknown or unreadable filter: its text, searched as words (as one phrase when negated).
    const words = t.raw.replace(/"/g, ' ').replace(/\s+/g, ' ').trim();
    if (!words) return;
    if (t.negated) pushUnique(q.notWords, words);
    else for (const w of words.split(' ')) pushUnique(q.words, w);
  };
  for (const t of tokenize(text)) {
    const value = (t.quoted ? t.value.replace(/\s+/g, ' ').trim() : t.value).replace(/"/g, '');
    if (!t.key || !KEYS.has(t.key)) {
      if (!t.key && t.quoted) {
        if (value) pushUnique(t.negated ? q.notWords : q.phrases, value);
      } else asWords(t);
      continue;
    }
    if (!value) continue; // `tag:` while typing
    switch (t.key) {
      case 'tag':
        pushUnique(t.negated ? q.notTags : q.tags, value);
        break;
      case 'folder':
        if (t.negated) asWords(t);
        else pushUnique(q.folders, value);
        break;
      case 'site': {
        const site = normaliseSite(value);
        if (!site) asWords(t);
        else pushUnique(t.negated ? q.notSites : q.sites, site);
        break;
      }
      case 'before':
      case 'after':
        if (t.negated || !isIsoDay(value)) asWords(t);
        else q[t.key] = value;
        break;
      case 'is': {
        const v = value.toLowerCase();
        if (v === 'shared') q.isShared = !t.negated;
        else if (v === 'incoming') q.isIncoming = !t.negated;
        else asWords(t);
        break;
      }
      case 'has':
        if (value.toLowerCase() === 'notes') q.hasNotes = !t.negated;
        else asWords(t);
        break;
    }
  }
  return q;
}

/** A value as a filter or phrase writes it: quoted when it has spaces or is empty-looking. */
function quoteIfNeeded(value: string): string {
  return /[\s"]/.test(value) || value === '' ? `"${value.replace(/"/g, '')}"` : value;
}

/** Writes a query back as text (canonical order: words, phrases, negations, then filters). */
export function printSearchQuery(q: SearchQuery): string {
  const parts: string[] = [];
  // Words never hold spaces (the parser splits them), so each prints as typed.
  parts.push(...q.words);
  for (const p of q.phrases) parts.push(`"${p.replace(/"/g, '')}"`);
  for (const w of q.notWords) parts.push(`-${/[\s":]/.test(w) ? `"${w.replace(/"/g, '')}"` : w}`);
  for (const t of q.tags) parts.push(`tag:${quoteIfNeeded(t)}`);
  for (const t of q.notTags) parts.push(`-tag:${quoteIfNeeded(t)}`);
  for (const f of q.folders) parts.push(`folder:${quoteIfNeeded(f)}`);
  for (const s of q.sites) parts.push(`site:${s}`);
  for (const s of q.notSites) parts.push(`-site:${s}`);
  if (q.before) parts.push(`before:${q.before}`);
  if (q.after) parts.push(`after:${q.after}`);
  if (q.isShared !== null) parts.push(`${q.isShared ? '' : '-'}is:shared`);
  if (q.isIncoming !== null) parts.push(`${q.isIncoming ? '' : '-'}is:incoming`);
  if (q.hasNotes !== null) parts.push(`${q.hasNotes ? '' : '-'}has:notes`);
  return parts.join(' ');
}
