import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../supabase/local/db/index.ts';
import {
  BULK_LINKS_MAX,
  LINK_NOTE_MAX_LENGTH,
  TAG_NAME_MAX_LENGTH,
  TAGS_PER_LINK_MAX,
  TAGS_PER_USER_MAX,
  normaliseTagName,
  tagNameProblem,
} from '../../shared/rules/tags.ts';
import { SEARCH_PAGE_MAX, SEARCH_TERM_MAX_LENGTH, SEARCH_TERMS_MAX } from '../../shared/schemas/search.ts';
import { anon, as, attempt, createUser, openMigratedPglite, systemCategory, truth, type TestUser } from './harness.ts';

// Tags, notes and bulk actions at the database: the limits are shared/rules/tags.ts's numbers,
// names are normalised and checked whoever writes them, and every RPC touches only the caller's
// rows (another user's ids are ignored and counted; their rows are re-read unchanged).

let db: Database;
let close: () => Promise<void>;
let a: TestUser;
let b: TestUser;
let aSaved: string;
let bSaved: string;

async function link(owner: TestUser, folder: string, title = `Link ${randomUUID().slice(0, 6)}`): Promise<string> {
  const r = await truth<{ id: string }>(
    db,
    'insert into public.links (user_id, title, url, category_id) values ($1, $2, $3, $4) returning id',
    [owner.id, title, `https://example.com/${randomUUID()}`, folder],
  );
  return r[0].id;
}

const tagsOf = async (linkId: string) =>
  (
    await truth<{ name: string }>(
      db,
      'select t.name from public.link_tags lt join public.tags t on t.id = lt.tag_id where lt.link_id = $1 order by lower(t.name)',
      [linkId],
    )
  ).map((r) => r.name);

const json = <T>(o: { rows: Record<string, unknown>[] }) => Object.values(o.rows[0])[0] as T;

beforeAll(async () => {
  ({ db, close } = await openMigratedPglite());
  a = await createUser(db);
  b = await createUser(db);
  aSaved = await systemCategory(db, a, 'saved');
  bSaved = await systemCategory(db, b, 'saved');
});
afterAll(async () => close?.());

describe('tag limits and names', () => {
  it('the database limits are the numbers of shared/rules/tags.ts and shared/schemas/search.ts', async () => {
    const [row] = await truth<Record<string, number>>(
      db,
      `select public.tag_name_max_length() as name, public.tags_per_link_max() as per_link, public.tags_per_user_max() as per_user,
              public.link_note_max_length() as note, public.bulk_links_max() as bulk, public.search_terms_max() as terms,
              public.search_term_max_length() as term, public.search_page_max() as page`,
    );
    expect(row).toEqual({
      name: TAG_NAME_MAX_LENGTH,
      per_link: TAGS_PER_LINK_MAX,
      per_user: TAGS_PER_USER_MAX,
      note: LINK_NOTE_MAX_LENGTH,
      bulk: BULK_LINKS_MAX,
      terms: SEARCH_TERMS_MAX,
      term: SEARCH_TERM_MAX_LENGTH,
      page: SEARCH_PAGE_MAX,
    });
  });

  it('names are normalised and checked as the client rule does', async () => {
    const samples = [
      '  web   dev ',
      'React',
      'a,b',
      'say "hi"',
      'x'.repeat(TAG_NAME_MAX_LENGTH),
      'x'.repeat(TAG_NAME_MAX_LENGTH + 1),
      '   ',
      'tab\there',
      'é',
    ];
    for (const name of samples) {
      const [row] = await truth<{ n: string; ok: boolean }>(
        db,
        'select public.normalise_tag_name($1) as n, public.is_tag_name(public.normalise_tag_name($1)) as ok',
        [name],
      );
      expect(row.n, name).toBe(normaliseTagName(name));
      expect(row.ok, name).toBe(tagNameProblem(name) === null);
    }
    // Stored normalised, unique per user whatever the case; invalid names refused with a 4xx code.
    const ok = await attempt(db, as(a), 'insert into public.tags (user_id, name) values ($1, $2) returning name', [a.id, '  Deep   Work ']);
    expect(ok.rows).toEqual([{ name: 'Deep Work' }]);
    const dup = await attempt(db, as(a), 'insert into public.tags (user_id, name) values ($1, $2)', [a.id, 'deep work']);
    expect(dup.error?.code).toBe('23505');
    const bad = await attempt(db, as(a), 'insert into public.tags (user_id, name) values ($1, $2)', [a.id, 'a,b']);
    expect(bad.error?.code).toBe('23514');
    // B may have the same name: names are per user.
    const other = await attempt(db, as(b), 'insert into public.tags (user_id, name) values ($1, $2)', [b.id, 'Deep Work']);
    expect(other.rowCount).toBe(1);
    const viaRpc = await attempt(db, as(a), 'select * from public.set_link_tags($1, $2)', [await link(a, aSaved), ['ok', 'bad,tag']]);
    expect(viaRpc.error?.code).toBe('22023');
    expect(viaRpc.error?.message).toContain('bad,tag');
  });

  it(`a link holds at most ${TAGS_PER_LINK_MAX} tags; a call over the limit changes nothing`, async () => {
    const l = await link(a, aSaved);
    const names = Array.from({ length: TAGS_PER_LINK_MAX }, (_, i) => `limit-${i}`);
    const full = await attempt(db, as(a), 'select * from public.set_link_tags($1, $2)', [l, names]);
    expect(full.rows).toHaveLength(TAGS_PER_LINK_MAX);
    const over = await attempt(db, as(a), 'select * from public.set_link_tags($1, $2)', [l, [...names.slice(1), 'one-more', 'two-more']]);
    expect(over.error?.code).toBe('23514');
    expect(over.error?.message).toBe(`A link can have at most ${TAGS_PER_LINK_MAX} tags.`);
    expect(await tagsOf(l)).toHaveLength(TAGS_PER_LINK_MAX);
    expect(await tagsOf(l)).not.toContain('one-more');
  });

  it(`an account holds at most ${TAGS_PER_USER_MAX} tags`, async () => {
    const u = await createUser(db);
    await truth(db, `insert into public.tags (user_id, name) select $1, 'bulk-' || g from generate_series(1, $2::int) g`, [
      u.id,
      TAGS_PER_USER_MAX,
    ]);
    const over = await attempt(db, as(u), 'insert into public.tags (user_id, name) values ($1, $2)', [u.id, 'one too many']);
    expect(over.error?.code).toBe('23514');
    const [{ n }] = await truth<{ n: number }>(db, 'select count(*)::int as n from public.tags where user_id = $1', [u.id]);
    expect(n).toBe(TAGS_PER_USER_MAX);
  });

  it('notes have a length limit', async () => {
    const l = await link(a, aSaved);
    const long = await attempt(db, as(a), 'insert into public.link_notes (link_id, user_id, body) values ($1, $2, $3)', [
      l,
      a.id,
      'x'.repeat(LINK_NOTE_MAX_LENGTH + 1),
    ]);
    expect(long.error?.code).toBe('23514');
  });

  it('a link and a tag of two different users cannot be paired, not even by the service role', async () => {
    const aLink = await link(a, aSaved);
    const [bTag] = await truth<{ id: string }>(db, `insert into public.tags (user_id, name) values ($1, 'b-only') returning id`, [b.id]);
    await expect(
      truth(db, 'insert into public.link_tags (link_id, tag_id, user_id) values ($1, $2, $3)', [aLink, bTag.id, a.id]),
    ).rejects.toMatchObject({ code: '23503' });
    // As B, naming B as the owner: refused by the foreign key to A's link.
    const asB = await attempt(db, as(b), 'insert into public.link_tags (link_id, tag_id, user_id) values ($1, $2, $3)', [
      aLink,
      bTag.id,
      b.id,
    ]);
    expect(asB.error?.code).toBe('23503');
    expect(await tagsOf(aLink)).toEqual([]);
  });
});

describe("tag RPCs touch only the caller's tags", () => {
  it("set_link_tags on another user's link is a 404 and changes nothing", async () => {
    const aLink = await link(a, aSaved);
    await attempt(db, as(a), 'select * from public.set_link_tags($1, $2)', [aLink, ['mine']]);
    const o = await attempt(db, as(b), 'select * from public.set_link_tags($1, $2)', [aLink, ['hijack']]);
    expect(o.error?.code).toBe('PT404');
    expect(await tagsOf(aLink)).toEqual(['mine']);
    const byAnon = await attempt(db, anon, 'select * from public.set_link_tags($1, $2)', [aLink, ['anon']]);
    expect(byAnon.error?.code).toBe('42501');
  });

  it("list_tags counts links per tag, only the caller's", async () => {
    const u = await createUser(db);
    const saved = await systemCategory(db, u, 'saved');
    const l1 = await link(u, saved);
    const l2 = await link(u, saved);
    await attempt(db, as(u), 'select * from public.set_link_tags($1, $2)', [l1, ['Zeta', 'alpha']]);
    await attempt(db, as(u), 'select * from public.set_link_tags($1, $2)', [l2, ['ALPHA']]);
    const o = await attempt<{ name: string; link_count: number }>(db, as(u), 'select name, link_count from public.list_tags()');
    expect(o.rows).toEqual([
      { name: 'alpha', link_count: 2 },
      { name: 'Zeta', link_count: 1 },
    ]);
    const other = await attempt(db, as(b), 'select * from public.list_tags() where name in ($1, $2)', ['alpha', 'Zeta']);
    expect(other.rows).toEqual([]);
  });

  it("rename, merge and delete: the owner can; B with A's ids changes nothing", async () => {
    const l1 = await link(a, aSaved);
    const l2 = await link(a, aSaved);
    await attempt(db, as(a), 'select * from public.set_link_tags($1, $2)', [l1, ['js', 'javascript']]);
    await attempt(db, as(a), 'select * from public.set_link_tags($1, $2)', [l2, ['JS', 'ecmascript']]);
    const id = async (name: string) =>
      (await truth<{ id: string }>(db, 'select id from public.tags where user_id = $1 and lower(name) = lower($2)', [a.id, name]))[0]?.id;

    // Rename: to another tag's name is a 409; B's attempt is a 404.
    expect((await attempt(db, as(a), 'select * from public.rename_tag($1, $2)', [await id('js'), 'JavaScript'])).error?.code).toBe('23505');
    expect((await attempt(db, as(b), 'select * from public.rename_tag($1, $2)', [await id('js'), 'pwned'])).error?.code).toBe('PT404');
    expect((await attempt(db, as(a), 'select * from public.rename_tag($1, $2)', [await id('js'), 'JS'])).rows).toEqual([
      { id: await id('js'), name: 'JS' },
    ]);

    // Merge: B naming A's tags (as sources, with B's target) moves nothing of A's.
    const [bTarget] = await truth<{ id: string }>(db, `insert into public.tags (user_id, name) values ($1, 'b-target') returning id`, [
      b.id,
    ]);
    const bMerge = await attempt(db, as(b), 'select public.merge_tags($1, $2)', [
      [await id('javascript'), await id('ecmascript')],
      bTarget.id,
    ]);
    expect(json<{ merged: number }>(bMerge).merged).toBe(0);
    expect((await attempt(db, as(b), 'select public.merge_tags($1, $2)', [[bTarget.id], await id('JS')])).error?.code).toBe('PT404');
    expect(await tagsOf(l1)).toEqual(['javascript', 'JS']);

    const merged = await attempt(db, as(a), 'select public.merge_tags($1, $2)', [
      [await id('javascript'), await id('ecmascript')],
      await id('JS'),
    ]);
    expect(json(merged)).toEqual({ merged: 2, links: 2, added: 0 });
    expect(await tagsOf(l1)).toEqual(['JS']);
    expect(await tagsOf(l2)).toEqual(['JS']);

    // Delete: B's call with A's id is ignored and counted; A's removes the tag, not the links.
    expect(json(await attempt(db, as(b), 'select public.delete_tags($1)', [[await id('JS')]]))).toEqual({ deleted: 0, ignored: 1 });
    expect(json(await attempt(db, as(a), 'select public.delete_tags($1)', [[await id('JS')]]))).toEqual({ deleted: 1, ignored: 0 });
    expect(await tagsOf(l1)).toEqual([]);
    expect(await truth(db, 'select id from public.links where id = any ($1)', [[l1, l2]])).toHaveLength(2);
  });
});

describe("bulk actions: one atomic call over the caller's rows only", () => {
  it("move: A's links move, B's ids are ignored and counted, B's rows unchanged", async () => {
    const [folder] = await truth<{ id: string }>(db, `insert into public.categories (user_id, name) values ($1, $2) returning id`, [
      a.id,
      `Bulk ${randomUUID().slice(0, 6)}`,
    ]);
    const mine = [await link(a, aSaved), await link(a, aSaved), await link(a, aSaved)];
    const theirs = [await link(b, bSaved), await link(b, bSaved)];
    const before = await truth(db, 'select id, category_id, second_category_id from public.links where id = any ($1) order by id', [
      theirs,
    ]);
    const o = await attempt(db, as(a), 'select public.bulk_move_links($1, $2)', [[...mine, ...theirs, mine[0]], folder.id]);
    expect(json(o)).toEqual({ moved: 3, ignored: 2 });
    const moved = await truth<{ c: string; s: string }>(
      db,
      'select category_id as c, second_category_id as s from public.links where id = any ($1)',
      [mine],
    );
    expect(moved.every((r) => r.c === aSaved && r.s === folder.id)).toBe(true);
    expect(
      await truth(db, 'select id, category_id, second_category_id from public.links where id = any ($1) order by id', [theirs]),
    ).toEqual(before);
    // Into another user's folder: 404, nothing moves.
    const intoB = await attempt(db, as(b), 'select public.bulk_move_links($1, $2)', [theirs, folder.id]);
    expect(intoB.error?.code).toBe('PT404');
    // Back to the default folder clears the second one.
    expect(json(await attempt(db, as(a), 'select public.bulk_move_links($1, $2)', [mine, aSaved]))).toEqual({ moved: 3, ignored: 0 });
    expect(await truth(db, 'select 1 from public.links where id = any ($1) and second_category_id is not null', [mine])).toEqual([]);
  });

  it("tag: adds and removes on A's links only; a call that would pass the per-link limit changes nothing", async () => {
    const mine = [await link(a, aSaved), await link(a, aSaved)];
    const theirs = [await link(b, bSaved)];
    await attempt(db, as(a), 'select * from public.set_link_tags($1, $2)', [mine[0], ['old']]);
    const o = await attempt(db, as(a), 'select public.bulk_tag_links($1, $2, $3)', [[...mine, ...theirs], ['bulk-a', 'Bulk-B'], ['OLD']]);
    expect(json(o)).toEqual({ links: 2, ignored: 1, added: 4, removed: 1 });
    expect(await tagsOf(mine[0])).toEqual(['bulk-a', 'Bulk-B']);
    expect(await tagsOf(theirs[0])).toEqual([]);

    const crowded = await link(a, aSaved);
    await attempt(db, as(a), 'select * from public.set_link_tags($1, $2)', [
      crowded,
      Array.from({ length: TAGS_PER_LINK_MAX }, (_, i) => `crowd-${i}`),
    ]);
    const over = await attempt(db, as(a), 'select public.bulk_tag_links($1, $2)', [[mine[1], crowded], ['atomic']]);
    expect(over.error?.code).toBe('23514');
    expect(await tagsOf(mine[1])).not.toContain('atomic');
  });

  it("delete: A's links go, B's stay; too many ids is a 400", async () => {
    const mine = [await link(a, aSaved), await link(a, aSaved)];
    const theirs = [await link(b, bSaved)];
    expect(json(await attempt(db, as(a), 'select public.bulk_delete_links($1)', [[...mine, ...theirs]]))).toEqual({
      deleted: 2,
      ignored: 1,
    });
    expect(await truth(db, 'select id from public.links where id = any ($1)', [[...mine, ...theirs]])).toEqual([{ id: theirs[0] }]);
    const tooMany = Array.from({ length: BULK_LINKS_MAX + 1 }, () => randomUUID());
    const o = await attempt(db, as(a), 'select public.bulk_delete_links($1)', [tooMany]);
    expect(o.error?.code).toBe('22023');
    expect((await attempt(db, anon, 'select public.bulk_delete_links($1)', [theirs])).error?.code).toBe('42501');
    expect(await truth(db, 'select id from public.links where id = any ($1)', [theirs])).toHaveLength(1);
  });
});
