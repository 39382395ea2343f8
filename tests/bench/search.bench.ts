// Server search at scale: a 100,000-link account (realistic titles, URLs, descriptions, page
// excerpts, tags and notes) beside another user's 20,000 links, on the embedded stack; every query
// shape through REST (supabase-js -> /rest/v1/rpc/search_links), p50/p95 over many runs, and bulk
// tag and move of 10,000 selected links.
// Usage: npm run bench:search   [BENCH_LINKS=100000 BENCH_OTHER_LINKS=20000 BENCH_RUNS=40]
// Budgets: p95 <= 50 ms for one- to three-word queries with a filter; bulk tag/move of 10,000 links
// <= 2 s. Exits 1 when a budget is missed. Figures only mean something on an idle machine.
import '../setup/node-websocket.ts'; // supabase-js needs a WebSocket class on Node 20
import { createClient } from '@supabase/supabase-js';
import { bulkMoveLinks, bulkTagLinks } from '../../shared/data/bulk/api.ts';
import { searchLinks } from '../../shared/data/search/api.ts';
import { parseSearchQuery } from '../../shared/rules/search-query.ts';
import { startTestStack } from '../setup/stack.global.ts';
import { benchUser } from './bench-user.ts';

const LINKS = Number(process.env.BENCH_LINKS ?? 100_000);
const OTHER_LINKS = Number(process.env.BENCH_OTHER_LINKS ?? 20_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const BUDGET = { p95Ms: 50, bulkMs: 2000 };
const BATCH = 1000;

// A small deterministic generator, so every run searches the same data.
let seed = 42;
// Math.imul: a plain product passes 2^53 and loses bits, and the sequence then cycles.
const rand = () => (seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff) / 0x7fffffff;
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];

const TOPICS = [
  'react',
  'hooks',
  'javascript',
  'typescript',
  'postgres',
  'database',
  'index',
  'performance',
  'design',
  'typography',
  'kubernetes',
  'docker',
  'linux',
  'kernel',
  'rust',
  'python',
  'machine',
  'learning',
  'recipe',
  'bread',
  'sourdough',
  'coffee',
  'espresso',
  'travel',
  'japan',
  'kyoto',
  'hiking',
  'camera',
  'photography',
  'music',
  'guitar',
  'jazz',
  'history',
  'roman',
  'empire',
  'garden',
  'tomato',
  'finance',
  'budget',
  'investing',
  'startup',
  'marketing',
  'writing',
  'novel',
  'poetry',
  'chess',
  'opening',
  'climate',
  'energy',
  'solar',
  'battery',
  'bicycle',
  'repair',
  'woodworking',
  'furniture',
  'café',
  'crème',
  'brûlée',
  'münchen',
  'zürich',
  'security',
  'encryption',
  'password',
  'browser',
  'extension',
  'accessibility',
  'keyboard',
  'shortcuts',
  'vim',
  'emacs',
  'terminal',
];
const FILLER = [
  'the',
  'a',
  'guide',
  'to',
  'how',
  'why',
  'best',
  'practices',
  'for',
  'beginners',
  'advanced',
  'notes',
  'on',
  'with',
  'and',
  'in',
  'complete',
  'introduction',
  'deep',
  'dive',
  'tips',
  'tricks',
  'tutorial',
  'review',
  'comparison',
  'lessons',
  'from',
  'building',
  'understanding',
  'modern',
  'simple',
  'fast',
  'small',
  'everything',
  'you',
  'need',
  'know',
  'about',
  'my',
  'first',
  'year',
];
const HOSTS = Array.from(
  { length: 500 },
  (_, i) =>
    `${pick(['www.', '', 'blog.', 'docs.'])}${pick(TOPICS).normalize('NFD').replace(/\p{M}/gu, '')}-${i}.${pick(['com', 'org', 'dev', 'io', 'net'])}`,
);
HOSTS.push('github.com', 'news.ycombinator.com', 'developer.mozilla.org', 'en.wikipedia.org', 'youtube.com');
const TAGS = [...TOPICS.slice(0, 60), 'read later', 'to try', 'favourites', 'work', 'home', 'reference', 'video', 'long read'];

// The vocabulary: 6,000 made-up words plus the topics, word frequencies Zipf-like (as in real
// text: a few words everywhere, most words rare); the topics sit at ranks 20 to 2,000, so a query
// word matches from a few hundred to several thousand of the 100,000 links.
const SYLLABLES = [
  'ka',
  'lo',
  'mi',
  'ne',
  'ru',
  'sa',
  'ti',
  'vo',
  'ze',
  'bri',
  'dan',
  'fel',
  'gor',
  'hul',
  'jin',
  'kes',
  'lum',
  'mor',
  'nix',
  'pra',
  'quo',
  'ras',
  'sel',
  'tor',
];
const VOCAB: string[] = [];
while (VOCAB.length < 6000) {
  const w = Array.from({ length: 2 + Math.floor(rand() * 2) }, () => pick(SYLLABLES)).join('');
  if (!VOCAB.includes(w)) VOCAB.push(w);
}
TOPICS.forEach((t, i) => VOCAB.splice(20 + Math.floor((i / TOPICS.length) * 1980), 0, t));
const zipfWord = () => VOCAB[Math.min(VOCAB.length - 1, Math.floor(Math.exp(rand() * Math.log(VOCAB.length))) - 1)];

const sentence = (min: number, max: number) => {
  const n = min + Math.floor(rand() * (max - min + 1));
  const words: string[] = [];
  for (let i = 0; i < n; i++) words.push(rand() < 0.35 ? pick(FILLER) : zipfWord());
  return words.join(' ');
};
const title = () => {
  const s = sentence(4, 10);
  return s[0].toUpperCase() + s.slice(1);
};

function linkRow(userId: string, folder: string, second: string | null, i: number) {
  const host = pick(HOSTS);
  const slug = sentence(2, 5).replace(/ /g, '-').normalize('NFD').replace(/\p{M}/gu, '');
  return {
    user_id: userId,
    title: title(),
    url: `https://${host}/${pick(['posts', 'articles', 'wiki', 'watch', 'docs', 'p'])}/${slug}-${i}`,
    description: rand() < 0.7 ? sentence(12, 30) : null,
    preview_site_name: host.replace(/^www\./, ''),
    preview_description: rand() < 0.6 ? sentence(40, 80) : null,
    category_id: folder,
    second_category_id: second,
    created_at: new Date(Date.UTC(2019, 0, 1) + Math.floor(rand() * 7 * 365 * 86_400_000)).toISOString(),
  };
}

type Client = Awaited<ReturnType<typeof benchUser>>['client'];

async function seedAccount(client: Client, userId: string, links: number, label: string): Promise<{ ids: string[]; folders: string[] }> {
  const { data: saved, error } = await client.from('categories').select('id').eq('system_key', 'saved').single();
  if (error) throw error;
  const folders: string[] = [];
  for (const name of ['Read later', 'Work', 'Recipes', 'Travel', 'Music', 'Code', 'Reference', 'Inbox zero']) {
    const { data, error: e } = await client.from('categories').insert({ user_id: userId, name }).select('id').single();
    if (e) throw e;
    folders.push(data.id);
  }
  const ids: string[] = [];
  const started = performance.now();
  for (let start = 0; start < links; start += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, links - start) }, (_, j) =>
      linkRow(userId, saved.id, rand() < 0.6 ? pick(folders) : null, start + j),
    );
    const { data, error: e } = await client.from('links').insert(rows).select('id');
    if (e) throw e;
    ids.push(...data.map((r) => r.id));
    if ((start / BATCH) % 20 === 19)
      process.stdout.write(`  ${label}: ${ids.length} links (${((performance.now() - started) / 1000).toFixed(0)} s)\n`);
  }
  // Tags: each tag on a random slice of the links, through the bulk RPC (in calls of at most 10,000).
  for (const tag of TAGS) {
    const chosen = ids.filter(() => rand() < 0.03);
    for (let s = 0; s < chosen.length; s += 10_000) await bulkTagLinks(client, { linkIds: chosen.slice(s, s + 10_000), add: [tag] });
  }
  // Notes on one link in 20.
  const noted = ids.filter(() => rand() < 0.05).map((link_id) => ({ link_id, user_id: userId, body: sentence(10, 40) }));
  for (let s = 0; s < noted.length; s += BATCH) {
    const { error: e } = await client.from('link_notes').insert(noted.slice(s, s + BATCH));
    if (e) throw e;
  }
  process.stdout.write(
    `  ${label}: ${ids.length} links, ${TAGS.length} tags, ${noted.length} notes in ${((performance.now() - started) / 1000).toFixed(0)} s\n`,
  );
  return { ids, folders };
}

const SHAPES: Array<{ name: string; filter: boolean; words: number; queries: () => string }> = [
  { name: '1 word', filter: false, words: 1, queries: () => pick(TOPICS) },
  { name: '1 word prefix (3 letters)', filter: false, words: 1, queries: () => pick(TOPICS).slice(0, 3) },
  { name: '2 words', filter: false, words: 2, queries: () => `${pick(TOPICS)} ${pick(TOPICS)}` },
  { name: '3 words', filter: false, words: 3, queries: () => `${pick(TOPICS)} ${zipfWord()} ${pick(TOPICS).slice(0, 4)}` },
  { name: '1 word + tag:', filter: true, words: 1, queries: () => `${pick(TOPICS)} tag:"${pick(TAGS)}"` },
  { name: '2 words + site:', filter: true, words: 2, queries: () => `${pick(TOPICS).slice(0, 4)} ${zipfWord()} site:${pick(HOSTS)}` },
  { name: '2 words + folder:', filter: true, words: 2, queries: () => `${pick(TOPICS)} ${zipfWord()} folder:"Read later"` },
  { name: '3 words + after:', filter: true, words: 3, queries: () => `${pick(TOPICS)} ${zipfWord()} ${pick(FILLER)} after:2024-01-01` },
  { name: '2 words + -tag: + has:notes', filter: true, words: 2, queries: () => `${pick(TOPICS)} ${zipfWord()} -tag:work has:notes` },
  { name: '1 word + is:shared', filter: true, words: 1, queries: () => `${pick(TOPICS)} -is:shared` },
  { name: 'tag: only', filter: true, words: 0, queries: () => `tag:"${pick(TAGS)}"` },
  { name: '"phrase"', filter: false, words: 2, queries: () => `"${pick(FILLER)} ${pick(TOPICS)}"` },
  {
    name: 'typo (trigram retry)',
    filter: false,
    words: 1,
    queries: () => pick(['javascirpt', 'typescrpit', 'kubernets', 'photograhpy', 'sourdugh']),
  },
];

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((x, y) => x - y);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};

async function main() {
  const { stack, info, cleanup } = await startTestStack();
  let failed = false;
  try {
    const admin = createClient(info.url, info.serviceRoleKey, { auth: { persistSession: false } });
    const other = await benchUser(admin, info.url, info.anonKey, 'search', 'other');
    const owner = await benchUser(admin, info.url, info.anonKey, 'search', 'owner');
    console.log(
      `Seeding ${OTHER_LINKS.toLocaleString('en-US')} links of another user, then ${LINKS.toLocaleString('en-US')} of the account searched…`,
    );
    if (OTHER_LINKS > 0) await seedAccount(other.client, other.userId, OTHER_LINKS, 'other user');
    const { ids, folders } = await seedAccount(owner.client, owner.userId, LINKS, 'account');
    // A few shared links, so is:shared has something to find (as the service role: the per-user
    // share rate limit is not what this benchmark measures).
    const { error: shareError } = await admin
      .from('shared_links')
      .insert(
        ids
          .slice(0, 3)
          .map((link_id) => ({ sender_id: owner.userId, link_id, recipient_email: `friend-${link_id.slice(0, 6)}@example.test` })),
      );
    if (shareError) throw shareError;

    const rows: string[] = [];
    const header = `${'query shape'.padEnd(30)} ${'p50 ms'.padStart(7)} ${'p95 ms'.padStart(7)} ${'hits p50'.padStart(9)}  budget`;
    for (const shape of SHAPES) {
      const times: number[] = [];
      const hits: number[] = [];
      for (let r = 0; r < RUNS + 3; r++) {
        const query = parseSearchQuery(shape.queries());
        const t0 = performance.now();
        const res = await searchLinks(owner.client, { ...query, limit: 50 });
        const ms = performance.now() - t0;
        if (r >= 3) {
          times.push(ms);
          hits.push(res.total);
        }
      }
      const p95 = pct(times, 95);
      const budgeted = shape.filter && shape.words >= 1 && shape.words <= 3;
      const over = budgeted && p95 > BUDGET.p95Ms;
      failed ||= over;
      rows.push(
        `${shape.name.padEnd(30)} ${pct(times, 50).toFixed(1).padStart(7)} ${p95.toFixed(1).padStart(7)} ${String(pct(hits, 50)).padStart(9)}  ${budgeted ? (over ? `OVER ${BUDGET.p95Ms}` : `<= ${BUDGET.p95Ms}`) : '-'}`,
      );
    }

    // Bulk actions on 10,000 selected links (one call each).
    const selection = ids.slice(0, 10_000);
    let t0 = performance.now();
    const tagged = await bulkTagLinks(owner.client, { linkIds: selection, add: ['bulk bench'] });
    const tagMs = performance.now() - t0;
    t0 = performance.now();
    const moved = await bulkMoveLinks(owner.client, { linkIds: selection, folderId: folders[1] });
    const moveMs = performance.now() - t0;
    failed ||= tagMs > BUDGET.bulkMs || moveMs > BUDGET.bulkMs;

    console.log(
      `\nsearch_links through REST, ${LINKS.toLocaleString('en-US')} links (+${OTHER_LINKS.toLocaleString('en-US')} of another user), ${RUNS} runs per shape, 50 per page`,
    );
    console.log([header, ...rows].join('\n'));
    console.log(`\nbulk_tag_links, 10,000 links:  ${tagMs.toFixed(0)} ms (${tagged.added} added)  budget <= ${BUDGET.bulkMs}`);
    console.log(`bulk_move_links, 10,000 links: ${moveMs.toFixed(0)} ms (${moved.moved} moved)  budget <= ${BUDGET.bulkMs}`);
    console.log(failed ? '\nFAIL: a budget was missed' : '\nok: every budget met');
  } finally {
    await stack.stop();
    cleanup();
  }
  process.exit(failed ? 1 : 0);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
