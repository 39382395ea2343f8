import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../supabase/local/db/index.ts';
import {
  EMAIL_CODE_MAX_TRIES,
  IMPORT_LINKS_PER_CALL,
  IMPORT_LINKS_PER_MINUTE,
  LINK_LIST_MAX_BYTES,
  LINK_LIST_MAX_ROWS,
  LINK_QUOTA,
  NAME_HOLD_DAYS,
  PAGE_INVITATIONS_MAX,
} from '../../shared/constants.ts';
import { LINK_QUOTA_CODE, LINK_QUOTA_MESSAGE } from '../../shared/rules/link-limits.ts';
import { anon, as, attempt, createUser, makeAdmin, openMigratedPglite, service, systemCategory, truth, type TestUser } from './harness.ts';

// Account limits held by the database: one definition (shared/constants.ts), the same numbers in the
// migrations' functions; every insert path meets the link quota; imports are paced; list answers are
// sized before they are built; AI history is the server's; is_admin_user answers about oneself only.
describe('account limits in the database', () => {
  let db: Database;
  let close: () => Promise<void>;
  let a: TestUser;
  let b: TestUser;
  beforeAll(async () => {
    ({ db, close } = await openMigratedPglite());
    a = await createUser(db, { firstName: 'Alice' });
    b = await createUser(db, { firstName: 'Bob' });
  });
  afterAll(async () => close?.());

  const one = async <T>(sql: string, params: unknown[] = []) => (await truth<{ v: T }>(db, sql, params))[0].v;
  const linksOf = async (user: TestUser) =>
    Number(await one<string>('select count(*) as v from public.links where user_id = $1', [user.id]));
  const counted = async (user: TestUser) =>
    Number((await truth<{ v: number }>(db, 'select links as v from public.link_counts where user_id = $1', [user.id]))[0]?.v ?? 0);

  it('the migrations hold the numbers of shared/constants.ts', async () => {
    expect(
      await truth(
        db,
        `select public.link_quota() as quota, public.import_links_per_call() as per_call, public.import_links_per_minute() as per_minute,
                public.link_list_max_rows() as list_rows, public.link_list_max_bytes() as list_bytes, public.link_quota_message() as message,
                public.name_hold_days() as hold_days, public.email_change_max_tries() as tries, public.page_invitations_max() as invitations`,
      ),
    ).toEqual([
      {
        quota: LINK_QUOTA,
        per_call: IMPORT_LINKS_PER_CALL,
        per_minute: IMPORT_LINKS_PER_MINUTE,
        list_rows: LINK_LIST_MAX_ROWS,
        list_bytes: LINK_LIST_MAX_BYTES,
        message: LINK_QUOTA_MESSAGE,
        hold_days: NAME_HOLD_DAYS,
        tries: EMAIL_CODE_MAX_TRIES,
        invitations: PAGE_INVITATIONS_MAX,
      },
    ]);
  });

  it('link_counts follows inserts, deletes and owner changes on every path', async () => {
    const u = await createUser(db);
    const saved = await systemCategory(db, u, 'saved');
    expect(await counted(u)).toBe(0);
    const rest = await attempt(
      db,
      as(u),
      `insert into public.links (user_id, title, url, category_id) select $1, 'x', 'https://c.example/' || g, $2 from generate_series(1, 7) g`,
      [u.id, saved],
    );
    expect(rest.rowCount).toBe(7);
    await attempt(db, as(u), `select public.save_link('Saved', 'https://c.example/saved', null, null, null, null, null)`);
    await attempt(db, as(u), `select public.import_links($1::jsonb)`, [
      JSON.stringify([{ title: 'i', url: 'https://c.example/imported' }]),
    ]);
    expect(await linksOf(u)).toBe(9);
    expect(await counted(u)).toBe(9);
    const del = await attempt(
      db,
      as(u),
      `delete from public.links where user_id = $1 and url like 'https://c.example/%' and url <> 'https://c.example/saved' returning id`,
      [u.id],
    );
    expect(del.rowCount).toBe(8);
    expect(await counted(u)).toBe(1);
    await attempt(db, service, `update public.links set user_id = $2 where user_id = $1`, [u.id, b.id]);
    expect(await counted(u)).toBe(0);
    expect(await counted(b)).toBe(await linksOf(b));
  });

  it('the link quota holds on every insert path with a readable 403 (PT403)', async () => {
    const u = await createUser(db);
    const saved = await systemCategory(db, u, 'saved');
    // The counter stands in for LINK_QUOTA - 1 stored links (inserting 99,999 rows here would only slow the test).
    await truth(db, 'insert into public.link_counts (user_id, links) values ($1, $2) on conflict (user_id) do update set links = $2', [
      u.id,
      LINK_QUOTA - 1,
    ]);
    const last = await attempt(
      db,
      as(u),
      `insert into public.links (user_id, title, url, category_id) values ($1, 'last', 'https://q.example/last', $2)`,
      [u.id, saved],
    );
    expect(last.error).toBeUndefined();
    expect(await counted(u)).toBe(LINK_QUOTA);

    const refused = [
      await attempt(
        db,
        as(u),
        `insert into public.links (user_id, title, url, category_id) values ($1, 'over', 'https://q.example/over', $2)`,
        [u.id, saved],
      ),
      await attempt(db, as(u), `select public.save_link('Over', 'https://q.example/save', null, null, null, null, null)`),
      await attempt(
        db,
        service,
        `insert into public.links (user_id, title, url, category_id) values ($1, 'svc', 'https://q.example/svc', $2)`,
        [u.id, saved],
      ),
    ];
    for (const r of refused) expect(r.error).toEqual({ code: LINK_QUOTA_CODE, message: LINK_QUOTA_MESSAGE });
    const imported = await attempt<{ r: { inserted: number; skipped: number; over_quota: number } }>(
      db,
      as(u),
      `select public.import_links($1::jsonb) as r`,
      [
        JSON.stringify([
          { title: 'a', url: 'https://q.example/i1' },
          { title: 'b', url: 'https://q.example/i2' },
          { title: 'dup', url: 'https://q.example/last' },
        ]),
      ],
    );
    expect(imported.rows[0].r).toEqual({ inserted: 0, skipped: 1, over_quota: 2 });
    expect(await counted(u)).toBe(LINK_QUOTA);
    expect(Number(await one(`select count(*) as v from public.links where user_id = $1 and url like 'https://q.example/%'`, [u.id]))).toBe(
      1,
    );

    // Room for one: an import writes what fits and says how many did not.
    await attempt(db, as(u), `delete from public.links where user_id = $1 and url = 'https://q.example/last'`, [u.id]);
    const partial = await attempt<{ r: { inserted: number; over_quota: number } }>(
      db,
      as(u),
      `select public.import_links($1::jsonb) as r`,
      [
        JSON.stringify([
          { title: 'a', url: 'https://q.example/p1' },
          { title: 'b', url: 'https://q.example/p2' },
        ]),
      ],
    );
    expect(partial.rows[0].r).toMatchObject({ inserted: 1, over_quota: 1 });
    expect(await counted(u)).toBe(LINK_QUOTA);
  });

  it(`import_links: at most ${IMPORT_LINKS_PER_CALL} links a call and ${IMPORT_LINKS_PER_MINUTE} a minute, then 429 before any work`, async () => {
    const u = await createUser(db);
    const tooMany = Array.from({ length: IMPORT_LINKS_PER_CALL + 1 }, (_, i) => ({ title: `t${i}`, url: `https://big.example/${i}` }));
    const big = await attempt(db, as(u), `select public.import_links($1::jsonb)`, [JSON.stringify(tooMany)]);
    expect(big.error?.code).toBe('22023');
    expect(await linksOf(u)).toBe(0);

    // The minute's budget, almost spent: a batch that would pass it is refused whole, nothing charged.
    await truth(db, 'insert into public.import_budgets (user_id, window_start, links) values ($1, now(), $2)', [
      u.id,
      IMPORT_LINKS_PER_MINUTE - 1,
    ]);
    const paced = await attempt(db, as(u), `select public.import_links($1::jsonb)`, [
      JSON.stringify([
        { title: 'a', url: 'https://paced.example/a' },
        { title: 'b', url: 'https://paced.example/b' },
      ]),
    ]);
    expect(paced.error?.code).toBe('PT429');
    expect(paced.error?.message).toMatch(/importing too fast/i);
    expect(await linksOf(u)).toBe(0);
    expect(await one<number>('select links as v from public.import_budgets where user_id = $1', [u.id])).toBe(IMPORT_LINKS_PER_MINUTE - 1);
    const fits = await attempt(db, as(u), `select public.import_links($1::jsonb)`, [
      JSON.stringify([{ title: 'a', url: 'https://paced.example/a' }]),
    ]);
    expect(fits.error).toBeUndefined();
    // A new minute starts a new budget.
    await truth(db, `update public.import_budgets set window_start = now() - interval '61 seconds' where user_id = $1`, [u.id]);
    const later = await attempt(db, as(u), `select public.import_links($1::jsonb)`, [
      JSON.stringify([{ title: 'b', url: 'https://paced.example/b' }]),
    ]);
    expect(later.error).toBeUndefined();
    expect(await linksOf(u)).toBe(2);
    expect(await one<number>('select links as v from public.import_budgets where user_id = $1', [u.id])).toBe(1);
    // Only the server writes the budget: a client cannot reset it.
    const reset = await attempt(
      db,
      as(u),
      "update public.import_budgets set links = 0, window_start = now() - interval '1 hour' where user_id = $1",
      [u.id],
    );
    expect(reset.error?.code).toBe('42501');
    expect(await one<number>('select links as v from public.import_budgets where user_id = $1', [u.id])).toBe(1);
  });

  it(`list_links decides the size first: over ${LINK_LIST_MAX_ROWS} links is 413 with no JSON built; pages by keyset`, async () => {
    const u = await createUser(db);
    const saved = await systemCategory(db, u, 'saved');
    const n = LINK_LIST_MAX_ROWS + 5;
    await truth(
      db,
      `insert into public.links (user_id, title, url, category_id, created_at)
       select $1, 'L' || g, 'https://list.example/' || g, $2, timestamptz '2026-01-01' + (g % 100) * interval '1 second' from generate_series(1, $3) g`,
      [u.id, saved, n],
    );
    const whole = await attempt(db, as(u), 'select public.list_links($1) as v', [u.id]);
    expect(whole.error).toEqual({ code: 'PT413', message: 'Too many links for one answer: read them in pages (p_limit).' });
    const folder = await attempt(db, as(u), 'select public.list_folder_links($1, $2) as v', [u.id, saved]);
    expect(folder.error?.code).toBe('PT413');
    expect((await attempt(db, as(u), 'select public.list_links($1, $2) as v', [u.id, LINK_LIST_MAX_ROWS + 1])).error?.code).toBe('22023');
    expect((await attempt(db, as(u), 'select public.list_links($1, 10, now(), null) as v', [u.id])).error?.code).toBe('22023');

    // Pages of 4,000 by keyset (many equal created_at values): every link once, in list order.
    const seen: string[] = [];
    let after: [string, string] | null = null;
    for (;;) {
      const page: { v: unknown[][] }[] = after
        ? (await attempt<{ v: unknown[][] }>(db, as(u), 'select public.list_links($1, 4000, $2, $3) as v', [u.id, after[0], after[1]])).rows
        : (await attempt<{ v: unknown[][] }>(db, as(u), 'select public.list_links($1, 4000) as v', [u.id])).rows;
      const rows = page[0].v;
      seen.push(...rows.map((r) => r[0] as string));
      if (rows.length < 4000) break;
      const last = rows[rows.length - 1];
      after = [last[6] as string, last[0] as string];
    }
    expect(seen).toHaveLength(n);
    expect(new Set(seen).size).toBe(n);
    const order = await truth<{ id: string }>(db, 'select id from public.links where user_id = $1 order by created_at desc, id', [u.id]);
    expect(seen).toEqual(order.map((r) => r.id));
    // Another user's call sees none of these rows (RLS), and a small account answers in one call as before.
    expect(JSON.stringify((await attempt<{ v: unknown }>(db, as(b), 'select public.list_links($1, 10) as v', [u.id])).rows[0].v)).toBe(
      '[]',
    );
    expect((await attempt<{ v: unknown[] }>(db, as(a), 'select public.list_links($1) as v', [a.id])).rows[0].v).toEqual([]);
  });

  it('ai_chat_history: the owner reads and deletes, never writes (the ai-chat function does)', async () => {
    const row = await one<string>(
      `insert into public.ai_chat_history (user_id, message, response) values ($1, 'q', 'a') returning id as v`,
      [a.id],
    );
    expect((await attempt(db, as(a), `select id from public.ai_chat_history where id = $1`, [row])).rows).toHaveLength(1);
    const forged = await attempt(db, as(a), `insert into public.ai_chat_history (user_id, message, response) values ($1, 'q', 'forged')`, [
      a.id,
    ]);
    expect(forged.error?.code).toBe('42501');
    const changed = await attempt(db, as(a), `update public.ai_chat_history set response = 'changed' where id = $1`, [row]);
    expect(changed.error?.code ?? String(changed.rowCount)).not.toBe('1');
    expect(await one<string>('select response as v from public.ai_chat_history where id = $1', [row])).toBe('a');
    expect((await attempt(db, as(b), `delete from public.ai_chat_history where id = $1`, [row])).rowCount).toBe(0);
    expect((await attempt(db, as(a), `delete from public.ai_chat_history where id = $1`, [row])).rowCount).toBe(1);
    expect(await truth(db, 'select id from public.ai_chat_history where id = $1', [row])).toEqual([]);
  });

  it('is_admin_user answers about oneself only (admins and the server may ask about anyone)', async () => {
    const admin = await createUser(db, { firstName: 'Ada' });
    await makeAdmin(db, admin);
    const ask = async (actor: Parameters<typeof attempt>[1], id: string) =>
      (await attempt<{ v: boolean }>(db, actor, 'select public.is_admin_user($1) as v', [id])).rows[0]?.v;
    expect(await ask(as(b), admin.id)).toBe(false);
    expect(await ask(as(b), b.id)).toBe(false);
    expect(await ask(as(admin), admin.id)).toBe(true);
    expect(await ask(as(admin), b.id)).toBe(false);
    expect(await ask(service, admin.id)).toBe(true);
    expect((await attempt(db, anon, 'select public.is_admin_user($1) as v', [admin.id])).error?.code).toBe('42501');
    // The admin check of the dashboard backgrounds goes on working for every user (the policy's own helper).
    const bg = await one<string>(
      `insert into public.user_backgrounds (user_id, background_url, background_name) values ($1, 'https://bg.example/x.png', 'dashboard') returning id as v`,
      [admin.id],
    );
    expect((await attempt(db, as(b), 'select id from public.user_backgrounds where id = $1', [bg])).rows).toHaveLength(1);
    const other = await one<string>(
      `insert into public.user_backgrounds (user_id, background_url, background_name) values ($1, 'https://bg.example/y.png', 'dashboard') returning id as v`,
      [a.id],
    );
    expect((await attempt(db, as(b), 'select id from public.user_backgrounds where id = $1', [other])).rows).toHaveLength(0);
    const adopted = await attempt(db, as(b), `select id from public.set_default_background($1, null, 'dashboard')`, [bg]);
    expect(adopted.error).toBeUndefined();
    expect(adopted.rows).toHaveLength(1);
    // The helper is not reachable through the REST schema: it lives outside `public`.
    expect(await truth(db, `select 1 from pg_proc where proname = 'account_is_admin' and pronamespace = 'public'::regnamespace`)).toEqual(
      [],
    );
  });

  it('random ids for the new RPCs answer 4xx, never 500', async () => {
    expect((await attempt(db, as(a), 'select public.respond_page_invitation($1, true)', [randomUUID()])).error?.code).toBe('PT404');
  });
});
