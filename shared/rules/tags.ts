/**
 * Tag rules: one definition of the limits and of a valid name. The database enforces the same
 * numbers (public.tag_name_max_length() and friends, tests/db/tags.test.ts checks they are equal)
 * and the same normalisation (public.normalise_tag_name, public.is_tag_name).
 */

/** Characters in a tag name (chosen: longer is a sentence, not a tag). */
export const TAG_NAME_MAX_LENGTH = 50;
/** Tags on one link. */
export const TAGS_PER_LINK_MAX = 30;
/** Tags one account can have. */
export const TAGS_PER_USER_MAX = 2000;
/** Characters in a link's private note. */
export const LINK_NOTE_MAX_LENGTH = 10_000;
/** Links one bulk call (move, tag, delete) takes. */
export const BULK_LINKS_MAX = 10_000;

/** The stored form of a tag name: trimmed, runs of whitespace as one space. */
export function normaliseTagName(name: string): string {
  return name.replace(/\s+/g, ' ').trim();
}

/** Commas separate tags in imports and double quotes end a quoted `tag:"..."`: neither may be in a name. */
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[",\u0000-\u001f\u007f]/;

/** Why a (normalised) name is not a valid tag, or null when it is. */
export function tagNameProblem(name: string): string | null {
  const n = normaliseTagName(name);
  if (n.length === 0) return 'Enter a tag name.';
  if ([...n].length > TAG_NAME_MAX_LENGTH) return `A tag has at most ${TAG_NAME_MAX_LENGTH} characters.`;
  if (FORBIDDEN.test(n)) return 'A tag cannot contain commas or double quotes.';
  return null;
}

/** The key two names are the same tag by (names are unique per user case-insensitively). */
export const tagKey = (name: string): string => normaliseTagName(name).toLowerCase();

/** Names normalised, deduplicated case-insensitively (first spelling wins), empty ones dropped. */
export function uniqueTagNames(names: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of names) {
    const name = normaliseTagName(raw);
    const key = name.toLowerCase();
    if (!name || seen.has(key)) continue;
    seen.add(key);
    out.push(name);
  }
  return out;
}

/**
 * Tags from an import's text: a list separated by commas (Raindrop, JSON strings) or, when
 * `separator` is 'space', by whitespace (Pinboard). Invalid names are dropped, at most
 * TAGS_PER_LINK_MAX kept.
 */
export function splitTagList(text: string | null | undefined, separator: 'comma' | 'space' = 'comma'): string[] {
  if (!text) return [];
  const parts = separator === 'comma' ? text.split(',') : text.split(/\s+/);
  return uniqueTagNames(parts.map((p) => p.replace(/"/g, '')).filter((p) => tagNameProblem(p) === null)).slice(0, TAGS_PER_LINK_MAX);
}

/**
 * Why a typed name cannot be added to a link's tags (the tag input's message), or null: the name
 * rule, a tag already on the link, the per-link limit, and the account limit for a new tag
 * (`existing`: the account's tag names).
 */
export function addTagProblem(current: readonly string[], name: string, existing: readonly string[] = []): string | null {
  const problem = tagNameProblem(name);
  if (problem) return problem;
  const key = tagKey(name);
  if (current.some((t) => tagKey(t) === key)) return `"${normaliseTagName(name)}" is already on this link.`;
  if (current.length >= TAGS_PER_LINK_MAX) return `A link can have at most ${TAGS_PER_LINK_MAX} tags.`;
  if (existing.length >= TAGS_PER_USER_MAX && !existing.some((t) => tagKey(t) === key))
    return `You have ${TAGS_PER_USER_MAX.toLocaleString('en-US')} tags, the most an account can have: reuse or delete one.`;
  return null;
}

/**
 * The tag input's suggestions: the account's tags not on the link yet whose name starts with the
 * typed text (first) or contains it, case-insensitively; at most `max`.
 */
export function tagSuggestions(all: readonly string[], typed: string, current: readonly string[], max = 8): string[] {
  const needle = tagKey(typed);
  if (!needle) return [];
  const taken = new Set(current.map(tagKey));
  const starts: string[] = [];
  const contains: string[] = [];
  for (const name of all) {
    const key = tagKey(name);
    if (taken.has(key)) continue;
    if (key.startsWith(needle)) starts.push(name);
    else if (key.includes(needle)) contains.push(name);
  }
  return [...starts, ...contains].slice(0, max);
}
