import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../supabase/local/db/index.ts';
import { as, attempt, createUser, openMigratedPglite, systemCategory, truth, uniqueUsername, type TestUser } from './harness.ts';

// search_links at the database: words as prefixes in any order over title, URL words,
// description, notes and tags, case and accents folded, title and tag hits first, typo retry,
// every filter, and only ever the caller's links.

let db: Database;
let close: () => Promise<void>;
let a: TestUser;
let b: TestUser;
let readLater: string;
let sub: string;
const ids: Record<string, string> = {};

interface Result {
  total: number;
  fuzzy: boolean;
  links: Array<{ id: string; title: string; tags: string[] }>;
}

async function search(user: TestUser, args: Record<string, unknown>): Promise<Result> {
  const names = Object.keys(args);
  const o = await attempt<{ r: Result }>(
    db,
    as(user),
    `select public.search_links(${names.map((n, i) => `${n} => $${i + 1}`).join(', ')}) as r`,
    names.map((n) => args[n]),
  );
  if (o.error) throw Object.assign(new Error(o.error.message), { code: o.error.code });
  return o.rows[0].r;
}
const titles = async (user: TestUser, args: Record<string, unknown>) => (await search(user, args)).links.map((l) => l.title);

async function addLink(
  owner: TestUser,
  key: string,
  row: { title: string; url: string; description?: string; folder?: string; created?: string },
) {
  const saved = await systemCategory(db, owner, 'saved');
  const [r] = await truth<{ id: string }>(
    db,
    `insert into public.links (user_id, title, url, description, category_id, second_category_id, created_at)
     values ($1, $2, $3, $4, $5, $6, coalesce($7::timestamptz, now())) returning id`,
    [owner.id, row.title, row.url, row.description ?? null, saved, row.folder ?? null, row.created ?? null],
  );
  ids[key] = r.id;
  return r.id;
}

beforeAll(async () => {
  ({ db, close } = await openMigratedPglite());
  a = await createUser(db, { username: uniqueUsername('alice') });
  b = await createUser(db, { username: uniqueUsername('bob') });
  [{ id: readLater }] = await truth<{ id: string }>(
    db,
    `insert into public.categories (user_id, name) values ($1, 'Read later') returning id`,
    [a.id],
  );
  [{ id: sub }] = await truth<{ id: string }>(
    db,
    `insert into public.categories (user_id, name, parent_category_id) values ($1, 'Deep', $2) returning id`,
    [a.id, readLater],
  );
  await addLink(a, 'hooks', { title: 'Hooks in React', url: 'https://react.dev/reference/react/hooks', created: '2023-06-01T12:00:00Z' });
  await addLink(a, 'state', {
    title: 'State management',
    url: 'https://blog.example.com/posts/state',
    description: 'Why React hooks replaced classes',
    folder: readLater,
    created: '2024-03-01T12:00:00Z',
  });
  await addLink(a, 'creme', {
    title: 'Crème brûlée',
    url: 'https://www.cooking.example/desserts',
    folder: sub,
    created: '2024-06-01T12:00:00Z',
  });
  await addLink(a, 'js', { title: 'Learn JavaScript today', url: 'https://developer.mozilla.org/en-US/docs/Web/JavaScript' });
  await addLink(a, 'gh', { title: 'A repository', url: 'https://github.com/facebook/react', created: '2022-01-01T12:00:00Z' });
  await addLink(b, 'bReact', { title: 'React hooks by Bob', url: 'https://bob.example/react-hooks' });
  await attempt(db, as(a), 'select * from public.set_link_tags($1, $2)', [ids.gh, ['Frontend', 'open source']]);
  await attempt(db, as(a), 'insert into public.link_notes (link_id, user_id, body) values ($1, $2, $3)', [
    ids.js,
    a.id,
    'Recommended by Zoë at the meetup',
  ]);
});
afterAll(async () => close?.());

describe('search_links: words', () => {
  it('all words, any order, as prefixes, over title, URL and description; title hits rank first', async () => {
    expect(await titles(a, { words: ['react', 'hooks'] })).toEqual(['Hooks in React', 'State management']);
    expect(await titles(a, { words: ['reac', 'hoo'] })).toEqual(['Hooks in React', 'State management']);
    expect(await titles(a, { words: ['github'] })).toEqual(['A repository']);
    expect(await titles(a, { words: ['mozilla.org'] })).toEqual(['Learn JavaScript today']);
    expect(await titles(a, { words: ['desserts'] })).toEqual(['Crème brûlée']);
  });

  it('folds case and accents both ways; searches notes and tag names', async () => {
    expect(await titles(a, { words: ['CREME', 'brulee'] })).toEqual(['Crème brûlée']);
    expect(await titles(a, { words: ['crème'] })).toEqual(['Crème brûlée']);
    expect(await titles(a, { words: ['zoe', 'meetup'] })).toEqual(['Learn JavaScript today']);
    expect(await titles(a, { words: ['frontend'] })).toEqual(['A repository']);
    expect(await titles(a, { words: ['open'], phrases: ['open source'] })).toEqual(['A repository']);
  });

  it('phrases and negations', async () => {
    expect(await titles(a, { phrases: ['hooks in react'] })).toEqual(['Hooks in React']);
    expect(await titles(a, { phrases: ['react in hooks'] })).toEqual([]);
    expect(await titles(a, { words: ['react'], not_words: ['classes'] })).toEqual(['Hooks in React', 'A repository']);
  });

  it('a typo finds the link by trigram similarity, and says so', async () => {
    const r = await search(a, { words: ['javascirpt'] });
    expect(r.fuzzy).toBe(true);
    expect(r.links.map((l) => l.title)).toEqual(['Learn JavaScript today']);
    const exact = await search(a, { words: ['javascript'] });
    expect(exact.fuzzy).toBe(false);
  });
});

describe('search_links: filters', () => {
  it('tag:, -tag:, folder: (with subfolders), folder scope, site:, -site:', async () => {
    expect(await titles(a, { tags: ['FRONTEND'] })).toEqual(['A repository']);
    expect(await titles(a, { tags: ['frontend', 'no such tag'] })).toEqual([]);
    expect((await titles(a, { not_tags: ['frontend'] })).sort()).toEqual(
      ['Crème brûlée', 'Hooks in React', 'Learn JavaScript today', 'State management'].sort(),
    );
    expect((await titles(a, { folders: ['read LATER'] })).sort()).toEqual(['Crème brûlée', 'State management']);
    expect(await titles(a, { folder_id: sub })).toEqual(['Crème brûlée']);
    expect(await titles(a, { sites: ['cooking.example'] })).toEqual(['Crème brûlée']);
    expect(await titles(a, { sites: ['example.com'] })).toEqual(['State management']);
    expect(await titles(a, { words: ['react'], not_sites: ['github.com'] })).toEqual(['Hooks in React', 'State management']);
  });

  it('before:, after:, is:shared, is:incoming, has:notes', async () => {
    expect(await titles(a, { created_before: '2023-01-01T00:00:00Z' })).toEqual(['A repository']);
    expect(await titles(a, { created_after: '2024-01-01T00:00:00Z', created_before: '2024-05-01T00:00:00Z' })).toEqual([
      'State management',
    ]);
    expect(await titles(a, { has_notes: true })).toEqual(['Learn JavaScript today']);
    expect(await titles(a, { is_shared: true })).toEqual([]);
    await truth(db, 'insert into public.shared_links (sender_id, link_id, recipient_username) values ($1, $2, $3)', [
      a.id,
      ids.hooks,
      b.username,
    ]);
    expect(await titles(a, { is_shared: true })).toEqual(['Hooks in React']);
    expect(await titles(a, { is_incoming: true })).toEqual([]);
    const incoming = await systemCategory(db, a, 'incoming');
    await truth(db, 'insert into public.links (user_id, title, url, category_id) values ($1, $2, $3, $4)', [
      a.id,
      'Sent to me',
      'https://incoming.example/x',
      incoming,
    ]);
    expect(await titles(a, { is_incoming: true })).toEqual(['Sent to me']);
  });

  it('pages with a total', async () => {
    const page1 = await search(a, { page_limit: 2 });
    const page2 = await search(a, { page_limit: 2, page_offset: 2 });
    expect(page1.links).toHaveLength(2);
    expect(page1.total).toBeGreaterThanOrEqual(5);
    expect(page2.links.map((l) => l.id)).not.toContain(page1.links[0].id);
  });

  it('bad arguments are 4xx errors', async () => {
    await expect(search(a, { page_limit: 0 })).rejects.toMatchObject({ code: '22023' });
    await expect(search(a, { words: Array.from({ length: 21 }, (_, i) => `w${i}`) })).rejects.toMatchObject({ code: '22023' });
    await expect(search(a, { words: ['x'.repeat(201)] })).rejects.toMatchObject({ code: '22023' });
    await expect(search(a, { folder_id: randomUUID() })).rejects.toMatchObject({ code: 'PT404' });
  });
});

describe("search_links: only the caller's links", () => {
  it("B never finds A's links, tags, notes or folders, even a link A shared with B", async () => {
    expect(await titles(b, { words: ['react'] })).toEqual(['React hooks by Bob']);
    expect(await titles(b, { words: ['zoe'] })).toEqual([]);
    expect(await titles(b, { tags: ['frontend'] })).toEqual([]);
    expect(await titles(b, { folders: ['Read later'] })).toEqual([]);
    await expect(search(b, { folder_id: readLater })).rejects.toMatchObject({ code: 'PT404' });
    expect(await titles(a, { words: ['bob'] })).toEqual([]);
  });
});

describe('the search document follows every change', () => {
  it('link edits, tag renames and deletes, notes', async () => {
    await truth(db, `update public.links set title = 'Hooks in Preact' where id = $1`, [ids.hooks]);
    expect(await titles(a, { words: ['preact'] })).toEqual(['Hooks in Preact']);
    await attempt(db, as(a), `update public.tags set name = 'Client side' where user_id = $1 and name = 'Frontend'`, [a.id]);
    expect(await titles(a, { words: ['frontend'] })).toEqual([]);
    expect(await titles(a, { words: ['client', 'side'] })).toEqual(['A repository']);
    await attempt(db, as(a), `delete from public.tags where user_id = $1 and name = 'Client side'`, [a.id]);
    expect(await titles(a, { words: ['client'] })).toEqual([]);
    await attempt(db, as(a), 'delete from public.link_notes where link_id = $1', [ids.js]);
    expect(await titles(a, { words: ['meetup'] })).toEqual([]);
    expect(await titles(a, { has_notes: true })).toEqual([]);
  });
});
