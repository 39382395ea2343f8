import { emptySearchQuery, printSearchQuery, type SearchQuery } from './search-query.ts';

/** One filter the box's text parsed into, shown as a removable chip under the box. */
export interface SearchChip {
  /** Stable within one query (React key, test hook). */
  key: string;
  /** What the chip says, in the grammar's own words ('tag:react', '-site:x.org'). */
  label: string;
  /** The query without this filter. */
  without: SearchQuery;
}

type ListField = 'phrases' | 'notWords' | 'tags' | 'notTags' | 'folders' | 'sites' | 'notSites';

const quote = (value: string) => (/[\s"]/.test(value) ? `"${value}"` : value);

const LIST_LABELS: Array<[ListField, (value: string) => string]> = [
  ['tags', (v) => `tag:${quote(v)}`],
  ['notTags', (v) => `-tag:${quote(v)}`],
  ['folders', (v) => `folder:${quote(v)}`],
  ['sites', (v) => `site:${v}`],
  ['notSites', (v) => `-site:${v}`],
  ['phrases', (v) => `"${v}"`],
  ['notWords', (v) => `-${quote(v)}`],
];

/**
 * The chips of a parsed query: every filter, phrase and negation (plain words stay in the box,
 * where they are typed). Removing a chip is printing `without` back into the box.
 */
export function searchChips(q: SearchQuery): SearchChip[] {
  const chips: SearchChip[] = [];
  for (const [field, label] of LIST_LABELS) {
    q[field].forEach((value, i) => {
      chips.push({ key: `${field}:${i}`, label: label(value), without: { ...q, [field]: q[field].filter((_, j) => j !== i) } });
    });
  }
  if (q.before) chips.push({ key: 'before', label: `before:${q.before}`, without: { ...q, before: null } });
  if (q.after) chips.push({ key: 'after', label: `after:${q.after}`, without: { ...q, after: null } });
  const flags: Array<['isShared' | 'isIncoming' | 'hasNotes', string]> = [
    ['isShared', 'is:shared'],
    ['isIncoming', 'is:incoming'],
    ['hasNotes', 'has:notes'],
  ];
  for (const [field, name] of flags) {
    const value = q[field];
    if (value !== null) chips.push({ key: field, label: `${value ? '' : '-'}${name}`, without: { ...q, [field]: null } });
  }
  return chips;
}

/** The box's text that finds a tag's links (a card's tag chip). */
export function tagSearchText(name: string): string {
  return printSearchQuery({ ...emptySearchQuery(), tags: [name] });
}
