import { randomUUID } from 'node:crypto';
import type { Database } from '../../supabase/local/db/index.ts';
import {
  anon,
  as,
  attempt,
  createUser,
  makeAdmin,
  run,
  systemCategory,
  truth,
  uniqueName,
  uniqueUsername,
  type Actor,
  type Outcome,
} from './harness.ts';

/**
 * Every RPC called by user B with user A's (or recipient R's) ids, and by anon: it must return
 * nothing useful and change nothing. Also a share from A that R blocked (suppressed): R reaches it
 * through no select or RPC, and A cannot tell it apart from a delivered one. "Changed nothing" is a fingerprint of every row of the
 * tables the RPCs can touch, read as the service role before and after each call.
 */

export interface RpcCheck {
  name: string;
  ok: boolean;
  detail: string;
}

export interface RpcReport {
  checks: RpcCheck[];
  failures: RpcCheck[];
  summary: string;
}

async function fingerprint(db: Database): Promise<string> {
  const tables = [
    'categories',
    'links',
    'shared_links',
    'user_backgrounds',
    'public_page_members',
    'user_roles',
    'email_change_requests',
    'profiles',
    'user_privacy_settings',
    'webpage_settings',
    'suppressed_shares',
  ];
  const parts: string[] = [];
  for (const t of tables) {
    const rows = await truth<{ j: unknown }>(
      db,
      `select coalesce(jsonb_agg(to_jsonb(x) order by to_jsonb(x)::text), '[]'::jsonb) as j from public.${t} x`,
    );
    parts.push(JSON.stringify(rows[0].j));
  }
  return parts.join('|');
}

const refused = (o: Outcome) => o.error?.code === '42501';
const errored = (o: Outcome) => o.error !== undefined;
const describe = (o: Outcome) => (o.error ? `error ${o.error.code}: ${o.error.message}` : JSON.stringify(o.rows).slice(0, 160));

export async function runRpcIsolation(db: Database): Promise<RpcReport> {
  const a = await createUser(db, { firstName: 'Alice', username: uniqueUsername('alice') });
  const b = await createUser(db, { firstName: 'Bob', username: uniqueUsername('bob') });
  const r = await createUser(db, { firstName: 'Rita', username: uniqueUsername('rita') });
  const admin = await createUser(db, { firstName: 'Ada', username: uniqueUsername('ada') });
  await makeAdmin(db, admin);
  const slug = uniqueUsername('page');
  await db.query('update public.profiles set public_page_slug = $2 where user_id = $1', [a.id, slug]);
  await db.query(`insert into public.webpage_settings (user_id, bio) values ($1, 'secret bio')`, [a.id]);
  // Published but private: the page exists and must still reveal nothing.
  await db.query(
    `update public.user_privacy_settings set public_page_published = true, public_page_visibility = 'private' where user_id = $1`,
    [a.id],
  );

  const q1 = async (sql: string, params: unknown[]) => (await db.query<{ id: string }>(sql, params)).rows[0].id;
  const aSaved = await systemCategory(db, a, 'saved');
  const bSaved = await systemCategory(db, b, 'saved');
  const rSaved = await systemCategory(db, r, 'saved');
  const aCat = await q1(`insert into public.categories (user_id, name) values ($1, $2) returning id`, [a.id, uniqueName('a')]);
  const bCat = await q1(`insert into public.categories (user_id, name) values ($1, $2) returning id`, [b.id, uniqueName('b')]);
  const aLink = await q1(
    `insert into public.links (user_id, title, url, category_id, second_category_id) values ($1, 'A1', $2, $3, $4) returning id`,
    [a.id, `https://a.example/${randomUUID()}`, aSaved, aCat],
  );
  const aLink2 = await q1(`insert into public.links (user_id, title, url, category_id) values ($1, 'A2', $2, $3) returning id`, [
    a.id,
    `https://a.example/${randomUUID()}`,
    aSaved,
  ]);
  const bLink = await q1(`insert into public.links (user_id, title, url, category_id) values ($1, 'B1', $2, $3) returning id`, [
    b.id,
    `https://b.example/${randomUUID()}`,
    bSaved,
  ]);
  const share = await q1(`insert into public.shared_links (sender_id, link_id, recipient_username) values ($1, $2, $3) returning id`, [
    a.id,
    aLink,
    r.username,
  ]);
  // R blocked A: A's next share to R is recorded (as A, through RLS) but suppressed, never delivered.
  await db.query('insert into public.blocked_senders (blocked_by, blocked_username) values ($1, $2)', [r.id, a.username]);
  const aLink3 = await q1(`insert into public.links (user_id, title, url, category_id) values ($1, 'A3', $2, $3) returning id`, [
    a.id,
    `https://a.example/${randomUUID()}`,
    aSaved,
  ]);
  const suppressed = (
    await run(db, as(a), (tx) =>
      tx.query<{ id: string }>(
        'insert into public.shared_links (sender_id, link_id, recipient_username) values ($1, $2, $3) returning id',
        [a.id, aLink3, r.username],
      ),
    )
  ).rows[0].id;
  if ((await truth(db, 'select 1 from public.suppressed_shares where shared_link_id = $1', [suppressed])).length !== 1)
    throw new Error('the blocked share was not suppressed');
  const aBg = await q1(
    `insert into public.user_backgrounds (user_id, background_url, background_name) values ($1, 'https://cdn.example.test/a.png', 'banner') returning id`,
    [a.id],
  );
  const adminBg = await q1(
    `insert into public.user_backgrounds (user_id, background_url, background_name, is_default) values ($1, 'https://cdn.example.test/admin.png', 'banner', true) returning id`,
    [admin.id],
  );
  await db.query('insert into public.public_page_members (owner_id, member_user_id) values ($1, $2)', [a.id, r.id]);
  const template = (
    await truth<{ id: string }>(
      db,
      'select id from public.categories where is_template and parent_category_id is null order by display_order limit 1',
    )
  )[0].id;

  type Expect = (o: Outcome) => boolean;
  const cases: [string, Actor, string, unknown[], Expect][] = [
    ['copy_template_category into A as B', as(b), 'select public.copy_template_category($1, $2) as v', [template, a.id], refused],
    ["copy_template_category of A's own folder", as(b), 'select public.copy_template_category($1, $2) as v', [aCat, b.id], errored],
    [
      "increment_link_access(A's link)",
      as(b),
      'select public.increment_link_access($1) as v',
      [aLink],
      (o) => !o.error && o.rows[0]?.v === null,
    ],
    ["approve_link(A's link)", as(b), 'select * from public.approve_link($1)', [aLink], (o) => !o.error && o.rows.length === 0],
    ["accept_incoming_share(R's share, B's folder)", as(b), 'select public.accept_incoming_share($1, $2) as v', [share, bCat], errored],
    ["accept_incoming_share(R's share, R's folder)", as(b), 'select public.accept_incoming_share($1, $2) as v', [share, rSaved], errored],
    ["reject_incoming_share(R's share)", as(b), 'select public.reject_incoming_share($1) as v', [share], errored],
    ["save_link into A's folder", as(b), 'select public.save_link($1, $2, null, $3) as v', ['x', 'https://x.example', aCat], errored],
    [
      "save_link editing A's link",
      as(b),
      'select public.save_link($1, $2, null, null, null, null, $3) as v',
      ['x', 'https://x.example', aLink],
      errored,
    ],
    ["copy_link(A's link, B's folder)", as(b), 'select public.copy_link($1, $2) as v', [aLink, bCat], errored],
    ["copy_link(B's link, A's folder)", as(b), 'select public.copy_link($1, $2) as v', [bLink, aCat], errored],
    ["move_link(A's link, left, A's link)", as(b), 'select * from public.move_link($1, $2, $3)', [aLink, 'left', aLink2], errored],
    ["move_link(B's link, right, A's link)", as(b), 'select * from public.move_link($1, $2, $3)', [bLink, 'right', aLink], errored],
    [
      "move_link(B's link, beginning, in A's folder)",
      as(b),
      'select * from public.move_link($1, $2, null, $3)',
      [bLink, 'beginning', aCat],
      errored,
    ],
    ["set_default_background(A's background)", as(b), 'select * from public.set_default_background($1)', [aBg], errored],
    [
      "set_default_background(admin default, A's folder)",
      as(b),
      'select * from public.set_default_background($1, $2)',
      [adminBg, aCat],
      errored,
    ],
    // Security invoker: RLS decides the rows, as for a select on links (the one-call lists must not
    // become a way around the policies).
    ['list_links(A) as B', as(b), 'select public.list_links($1)::text as v', [a.id], (o) => !o.error && o.rows[0]?.v === '[]'],
    [
      "list_folder_links(A, A's folder) as B",
      as(b),
      'select public.list_folder_links($1, $2)::text as v',
      [a.id, aCat],
      (o) => !o.error && o.rows[0]?.v === '[]',
    ],
    ['list_links(A) as anon', anon, 'select public.list_links($1) as v', [a.id], refused],
    [
      "list_incoming_shares() sees not R's shares",
      as(b),
      'select * from public.list_incoming_shares(null)',
      [],
      (o) => !o.error && o.rows.length === 0,
    ],
    [
      "pending_incoming_count() counts not R's shares",
      as(b),
      'select public.pending_incoming_count() as v',
      [],
      (o) => !o.error && o.rows[0]?.v === 0,
    ],
    [
      "list_page_members() shows not A's members",
      as(b),
      'select * from public.list_page_members()',
      [],
      (o) => !o.error && o.rows.length === 0,
    ],
    [
      "get_public_page_by_slug(A's private page)",
      as(b),
      'select * from public.get_public_page_by_slug($1)',
      [slug],
      (o) => !o.error && o.rows.length === 1 && o.rows[0].reason === 'private' && o.rows[0].user_id === null && o.rows[0].bio === null,
    ],
    [
      "get_public_page_by_slug(A's private page) as anon",
      anon,
      'select * from public.get_public_page_by_slug($1)',
      [slug],
      (o) => !o.error && o.rows[0]?.reason === 'private' && o.rows[0].user_id === null && o.rows[0].bio === null,
    ],
    [
      'search_usernames returns only public columns',
      as(b),
      'select * from public.search_usernames($1)',
      [a.username!.slice(0, 8)],
      (o) => !o.error && o.rows.length >= 1 && o.rows.every((row) => Object.keys(row).sort().join() === 'first_name,last_name,username'),
    ],
    // The recipient who blocked A sees nothing of the suppressed share (and still sees the earlier one).
    [
      'list_incoming_shares() as the blocker omits the suppressed share',
      as(r),
      'select shared_link_id from public.list_incoming_shares(null)',
      [],
      (o) => !o.error && JSON.stringify(o.rows) === JSON.stringify([{ shared_link_id: share }]),
    ],
    [
      'pending_incoming_count() as the blocker counts only the delivered share',
      as(r),
      'select public.pending_incoming_count() as v',
      [],
      (o) => !o.error && o.rows[0]?.v === 1,
    ],
    ["copy_link(suppressed share's link) as the blocker", as(r), 'select public.copy_link($1, $2) as v', [aLink3, rSaved], errored],
    [
      'select the suppressed share as the blocker',
      as(r),
      'select id from public.shared_links where id = $1 or link_id = $2',
      [suppressed, aLink3],
      (o) => !o.error && o.rows.length === 0,
    ],
    [
      "select the suppressed share's link as the blocker",
      as(r),
      'select id from public.links where id = $1',
      [aLink3],
      (o) => !o.error && o.rows.length === 0,
    ],
    [
      'receives_share(suppressed) as the blocker',
      as(r),
      'select public.receives_share($1) as v',
      [suppressed],
      (o) => !o.error && o.rows[0]?.v === false,
    ],
    [
      'update the suppressed share as the blocker',
      as(r),
      `update public.shared_links set status = 'accepted' where id = $1`,
      [suppressed],
      (o) => !o.error && o.rowCount === 0,
    ],
    [
      'accept_incoming_share(suppressed) as the blocker',
      as(r),
      'select public.accept_incoming_share($1, $2) as v',
      [suppressed, rSaved],
      errored,
    ],
    ['reject_incoming_share(suppressed) as the blocker', as(r), 'select public.reject_incoming_share($1) as v', [suppressed], errored],
    [
      'delete the suppressed share as the blocker',
      as(r),
      'delete from public.shared_links where id = $1',
      [suppressed],
      (o) => !o.error && o.rowCount === 0,
    ],
    // The sender cannot tell: the mark is unreadable and the helper answers as for any own share.
    ['suppressed_shares as the sender', as(a), 'select * from public.suppressed_shares', [], refused],
    [
      'receives_share(own suppressed share) as the sender',
      as(a),
      'select public.receives_share($1) as v',
      [suppressed],
      (o) => !o.error && o.rows[0]?.v === false,
    ],
    ['is_share_recipient probe as the sender', as(a), 'select public.is_share_recipient($1, null, null) as v', [a.id], refused],
    ['admin_grant as a user', as(b), 'select public.admin_grant($1) as v', [b.email], refused],
    ['admin_list as a user', as(b), 'select * from public.admin_list()', [], refused],
    [
      'create_email_change_request for A as B',
      as(b),
      'select * from public.create_email_change_request($1, $2, $3)',
      [a.id, 'evil@example.test', '123456'],
      refused,
    ],
    ['confirm_email_change_code for A as B', as(b), 'select public.confirm_email_change_code($1, $2) as v', [a.id, '123456'], refused],
    ['copy_template_category as anon', anon, 'select public.copy_template_category($1, $2) as v', [template, a.id], refused],
    ['save_link as anon', anon, 'select public.save_link($1, $2) as v', ['x', 'https://x.example'], refused],
    ['accept_incoming_share as anon', anon, 'select public.accept_incoming_share($1, $2) as v', [share, rSaved], refused],
    ['increment_link_access as anon', anon, 'select public.increment_link_access($1) as v', [aLink], refused],
    ['pending_incoming_count as anon', anon, 'select public.pending_incoming_count() as v', [], refused],
    ['search_usernames as anon', anon, 'select * from public.search_usernames($1)', [a.username!.slice(0, 8)], refused],
    ['is_slug_available as anon', anon, 'select public.is_slug_available($1) as v', [slug], refused],
    ['move_link as anon', anon, 'select * from public.move_link($1, $2, $3)', [aLink, 'left', aLink2], refused],
  ];

  const checks: RpcCheck[] = [];
  for (const [name, actor, sql, params, expect] of cases) {
    const before = await fingerprint(db);
    const o = await attempt(db, actor, sql, params);
    const after = await fingerprint(db);
    const unchanged = before === after;
    checks.push({ name, ok: unchanged && expect(o), detail: `${describe(o)}; data ${unchanged ? 'unchanged' : 'CHANGED'}` });
  }
  const failures = checks.filter((c) => !c.ok);
  return {
    checks,
    failures,
    summary: `RPC isolation: ${checks.length} calls with another user's ids or as anon, ${failures.length} leaks or changes`,
  };
}
