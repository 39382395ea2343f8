// The fuzzy string set PostgREST builds its "Perhaps you meant ..." hints with (the Haskell
// `fuzzyset` package, itself the algorithm of fuzzyset.js): candidates share character n-grams
// (3-grams first, then 2-grams) with the query, are ranked by normalised Levenshtein similarity,
// and the best one counts only at or above a minimum score.

const GRAM_LOWER = 2;
const GRAM_UPPER = 3;

/** Lower case, only letters, digits, spaces and commas (what the n-grams are cut from). */
function normalised(s: string): string {
  return s.toLowerCase().replace(/[^\p{L}\p{N}\s,]/gu, '');
}

function gramCounts(s: string, size: number): Map<string, number> {
  const padded = `-${normalised(s)}-`;
  const chars = [...padded];
  const out = new Map<string, number>();
  for (let i = 0; i + size <= chars.length; i++) {
    const gram = chars.slice(i, i + size).join('');
    out.set(gram, (out.get(gram) ?? 0) + 1);
  }
  return out;
}

function magnitude(counts: Map<string, number>): number {
  let sum = 0;
  for (const n of counts.values()) sum += n * n;
  return Math.sqrt(sum);
}

function levenshtein(a: string[], b: string[]): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length];
}

/** 1 - distance / longer length: 1 for equal strings, 0 for nothing in common. */
function similarity(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  const longest = Math.max(x.length, y.length);
  return longest === 0 ? 1 : 1 - levenshtein(x, y) / longest;
}

/**
 * The entries of `entries` that resemble `query`, best first, as [score, entry] (the fuzzy set's
 * `get`): an exact match (case ignored) is the only answer, with score 1.
 */
export function fuzzyMatches(entries: Iterable<string>, query: string, minScore: number): [number, string][] {
  const byKey = new Map<string, string>();
  for (const e of entries) if (!byKey.has(e.toLowerCase())) byKey.set(e.toLowerCase(), e);
  const key = query.toLowerCase();
  const exact = byKey.get(key);
  if (exact !== undefined) return [[1, exact]];
  for (let size = GRAM_UPPER; size >= GRAM_LOWER; size--) {
    const q = gramCounts(key, size);
    const qMagnitude = magnitude(q);
    const scored: [number, string][] = [];
    for (const entry of byKey.keys()) {
      const grams = gramCounts(entry, size);
      let dot = 0;
      for (const [gram, n] of q) dot += n * (grams.get(gram) ?? 0);
      if (dot > 0) scored.push([dot / (qMagnitude * magnitude(grams)), entry]);
    }
    // The 50 best by shared n-grams, re-ranked by edit distance.
    scored.sort((a, b) => b[0] - a[0]);
    const ranked = scored.slice(0, 50).map(([, entry]): [number, string] => [similarity(key, entry), entry]);
    ranked.sort((a, b) => b[0] - a[0]);
    const passing = ranked.filter(([score]) => score >= minScore);
    if (passing.length > 0) return passing.map(([score, entry]): [number, string] => [score, byKey.get(entry)!]);
  }
  return [];
}

/**
 * The entry of `entries` closest to `query`, or undefined when none scores `minScore` (PostgREST:
 * 0.75 for table and function names, 0.33 for parameter lists and relationships). Case is ignored.
 */
export function closestMatch(entries: Iterable<string>, query: string, minScore: number): string | undefined {
  return fuzzyMatches(entries, query, minScore)[0]?.[1];
}
