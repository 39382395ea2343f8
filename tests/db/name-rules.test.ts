import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../supabase/local/db/index.ts';
import { NAME_HOLD_DAYS } from '../../shared/constants.ts';
import { FOLDED_BRAND, foldName, impersonatesProduct, isReservedName, STAFF_WORDS } from '../../shared/rules/reserved-names.ts';
import { publicUrlNameSchema } from '../../shared/schemas/public-url-name.ts';
import { usernameSchema } from '../../shared/schemas/username.ts';
import { webpageSettingsSchema } from '../../shared/schemas/webpage-settings.ts';
import { as, attempt, createUser, openMigratedPglite, truth, uniqueUsername, type TestUser } from './harness.ts';

/** Usernames / URL names: [name, reserved?]. Look-alikes, separators and the brand anywhere. */
const NAME_CASES: [string, boolean][] = [
  ['l1nkvault', true],
  ['adm1n', true],
  ['supp0rt', true],
  ['linkvault-support', true],
  ['official-linkvault', true],
  ['LINK_VAULT', true],
  ['L1nkV4ult_fan', true],
  ['s3cur1ty', true],
  ['r00t', true],
  ['dashb0ard', true],
  ['no_reply', true],
  ['admin', true],
  ['badminton', false],
  ['alice', false],
  ['team_rocket', false],
  ['linky', false],
  ['vaulted', false],
  ['helpful-hannah', false],
];

/** Display names: [name, impersonates?]. */
const DISPLAY_CASES: [string, boolean][] = [
  ['LinkVault', true],
  ['LinkVault Support', true],
  ['Official LinkVault Team', true],
  ['L1nk Vau1t', true],
  ['Lіnkvаult', true], // Cyrillic і and а
  ['ⅬinkVault HQ', true], // Roman numeral Ⅼ (NFKD: L)
  ['Support Team', true],
  ['Admin', true],
  ['The Support Team', false],
  ['Jane Doe', false],
  ['Link', false],
  ['Vault Boy', false],
  ['Linda Vaulter', false],
  ['', false],
];

describe('name rules: one rule, in shared/rules and in the database', () => {
  let db: Database;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ db, close } = await openMigratedPglite());
  });
  afterAll(async () => close?.());

  const sql = async <T>(query: string, params: unknown[]) => (await truth<{ v: T }>(db, query, params))[0].v;

  it('folding is the same function in TypeScript and SQL', async () => {
    const samples = [
      ...NAME_CASES.map(([n]) => n),
      ...DISPLAY_CASES.map(([n]) => n),
      'Ãdmïn',
      'ЅUРРОRТ',
      'ΑΔΜΙΝ',
      '$UPP0RT!',
      '@dm|n',
      'x.y-z_w v',
      'é è ê',
      '0123456789',
    ];
    for (const s of samples) expect(await sql<string>('select public._fold_name($1) as v', [s]), s).toBe(foldName(s));
    expect(await sql<string>('select public._folded_brand() as v', [])).toBe(FOLDED_BRAND);
    expect(await sql<string[]>('select public._staff_words() as v', [])).toEqual(STAFF_WORDS);
  });

  it.each(NAME_CASES)('reserved name %s -> %s, both ways', async (name, reserved) => {
    expect(isReservedName(name)).toBe(reserved);
    expect(await sql<boolean>('select public.is_reserved_name_folded($1) as v', [name])).toBe(reserved);
    expect(usernameSchema.safeParse(name).success).toBe(!reserved);
    expect(publicUrlNameSchema.safeParse(name).success).toBe(!reserved);
  });

  it.each(DISPLAY_CASES)('display name %j impersonates -> %s, both ways', async (name, impersonates) => {
    expect(impersonatesProduct(name)).toBe(impersonates);
    expect(await sql<boolean>('select public.impersonates_product($1) as v', [name])).toBe(impersonates);
  });

  it('the database refuses reserved usernames and URL names on every change, and availability says taken', async () => {
    const u = await createUser(db);
    for (const [name, reserved] of NAME_CASES) {
      const username = await attempt(db, as(u), 'update public.profiles set username = $2 where user_id = $1', [u.id, name]);
      const slug = await attempt(db, as(u), 'update public.profiles set public_page_slug = $2 where user_id = $1', [u.id, `${name}`]);
      const available = await attempt<{ v: boolean }>(db, as(u), 'select public.is_username_available($1) as v', [name]);
      const slugAvailable = await attempt<{ v: boolean }>(db, as(u), 'select public.is_slug_available($1) as v', [name]);
      if (reserved) {
        expect(username.error, name).toMatchObject({ code: '23514' });
        expect(slug.error, name).toMatchObject({ code: '23514' });
        expect(available.rows[0].v, name).toBe(false);
        expect(slugAvailable.rows[0].v, name).toBe(false);
      } else {
        expect(username.error, name).toBeUndefined();
        expect(slug.error, name).toBeUndefined();
        // Free names clear again so the next case starts clean.
        const cleared = await attempt(db, as(u), 'update public.profiles set username = null, public_page_slug = null where user_id = $1', [
          u.id,
        ]);
        expect(cleared.error, name).toBeUndefined();
      }
    }
    expect(await truth(db, 'select username, public_page_slug from public.profiles where user_id = $1', [u.id])).toEqual([
      { username: null, public_page_slug: null },
    ]);
  });

  it('display names: the page refuses an impersonating name; at sign-up such a name is dropped, never a server error', async () => {
    const u = await createUser(db);
    for (const [name, impersonates] of DISPLAY_CASES.filter(([n]) => n)) {
      const page = await attempt(
        db,
        as(u),
        `insert into public.webpage_settings (user_id, public_display_name) values ($1, $2)
         on conflict (user_id) do update set public_display_name = excluded.public_display_name`,
        [u.id, name],
      );
      const company = await attempt(db, as(u), 'update public.webpage_settings set company_name = $2 where user_id = $1', [u.id, name]);
      if (impersonates) {
        expect(page.error, name).toMatchObject({ code: '23514' });
      } else {
        expect(page.error, name).toBeUndefined();
        expect(company.error, name).toBeUndefined();
      }
      expect(webpageSettingsSchema.safeParse({ public_display_name: name }).success, name).toBe(!impersonates);
    }
    const posing = await createUser(db, { firstName: 'LinkVault', lastName: 'Support' });
    expect(await truth(db, 'select first_name, last_name from public.profiles where user_id = $1', [posing.id])).toEqual([
      { first_name: null, last_name: null },
    ]);
    const split = await createUser(db, { firstName: 'Link', lastName: 'Vault' });
    expect(await truth(db, 'select first_name from public.profiles where user_id = $1', [split.id])).toEqual([{ first_name: null }]);
    const fine = await createUser(db, { firstName: 'Linda', lastName: 'Vaulter' });
    expect(await truth(db, 'select first_name, last_name from public.profiles where user_id = $1', [fine.id])).toEqual([
      { first_name: 'Linda', last_name: 'Vaulter' },
    ]);
    // A name changed later (by the server) is refused, not dropped.
    const renamed = await attempt(db, { kind: 'service' }, `update public.profiles set first_name = 'LinkVault' where user_id = $1`, [
      fine.id,
    ]);
    expect(renamed.error).toMatchObject({ code: '23514' });
  });

  it(`a released username or URL name is held ${NAME_HOLD_DAYS} days for everyone but its last owner`, async () => {
    const first: TestUser = await createUser(db);
    const second: TestUser = await createUser(db);
    const name = uniqueUsername('held');
    const slug = uniqueUsername('page');
    expect(
      (
        await attempt(db, as(first), 'update public.profiles set username = $2, public_page_slug = $3 where user_id = $1', [
          first.id,
          name,
          slug,
        ])
      ).error,
    ).toBeUndefined();
    expect(
      (
        await attempt(db, as(first), 'update public.profiles set username = $2, public_page_slug = null where user_id = $1', [
          first.id,
          `${name}x`,
        ])
      ).error,
    ).toBeUndefined();

    for (const taken of [name, name.toUpperCase(), slug]) {
      const asUsername = await attempt(db, as(second), 'update public.profiles set username = $2 where user_id = $1', [second.id, taken]);
      expect(asUsername.error, taken).toMatchObject({ code: '23514' });
      expect(asUsername.error?.message).toMatch(/held for 30 days/);
      const asSlug = await attempt(db, as(second), 'update public.profiles set public_page_slug = $2 where user_id = $1', [
        second.id,
        taken,
      ]);
      expect(asSlug.error, taken).toMatchObject({ code: '23514' });
      expect((await attempt<{ v: boolean }>(db, as(second), 'select public.is_username_available($1) as v', [taken])).rows[0].v).toBe(
        false,
      );
    }
    // Its last owner may take it back.
    expect((await attempt<{ v: boolean }>(db, as(first), 'select public.is_username_available($1) as v', [name])).rows[0].v).toBe(true);
    expect(
      (await attempt(db, as(first), 'update public.profiles set public_page_slug = $2 where user_id = $1', [first.id, slug])).error,
    ).toBeUndefined();

    // After the hold, anyone.
    await truth(db, `update public.released_names set released_at = now() - make_interval(days => $2 + 1) where name = $1`, [
      name,
      NAME_HOLD_DAYS,
    ]);
    expect(
      (await attempt(db, as(second), 'update public.profiles set username = $2 where user_id = $1', [second.id, name])).error,
    ).toBeUndefined();

    // A deleted account's names are held too.
    const leaving = await createUser(db);
    const gone = uniqueUsername('gone');
    await attempt(db, as(leaving), 'update public.profiles set username = $2 where user_id = $1', [leaving.id, gone]);
    await db.query('delete from auth.users where id = $1', [leaving.id]);
    expect(
      (await attempt(db, as(first), 'update public.profiles set username = $2 where user_id = $1', [first.id, gone])).error,
    ).toMatchObject({
      code: '23514',
    });
    // Clients cannot read or clear the holds.
    expect((await attempt(db, as(second), 'delete from public.released_names where name = $1', [gone])).error?.code).toBe('42501');
  });
});
