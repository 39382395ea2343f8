import { randomUUID } from 'node:crypto';
import type { Database } from '../../supabase/local/db/index.ts';
import {
  anon,
  as,
  attempt,
  attemptStorageDelete,
  createUser,
  makeAdmin,
  systemCategory,
  truth,
  uniqueName,
  uniqueUsername,
  type Actor,
  type Outcome,
  type TestUser,
} from './harness.ts';
import { runSharedFolderChecks } from './rls-shared-folders.ts';

/**
 * The row-level security matrix, runnable on any Database (PGlite or PostgreSQL): for every table,
 * user B and anon try to select, insert (as the owner A), update and delete A's row; every attempt
 * runs as the REST layer runs a request (asRole), counts the rows it touched, and is then checked
 * against the service role's view of the data. The owner runs the same operations as positive
 * controls, so a table that denies everything cannot pass as "secure".
 */

type Op = 'select' | 'insert' | 'update' | 'delete';
const OPS: Op[] = ['select', 'insert', 'update', 'delete'];

interface World {
  a: TestUser;
  b: TestUser;
  recipient: TestUser;
  admin: TestUser;
  aSaved: string;
  aLink: string;
}

interface TableCase {
  table: string;
  key: string;
  /** Column (or scalar SQL expression over the row) naming the row's owner. */
  ownerColumn: string;
  /** Which user owns the attacked row (user_roles needs an admin). */
  owner: (w: World) => TestUser;
  ownerCan: Record<Op, boolean>;
  /** Creates the owner's row (as the service role) and returns its key. */
  seed: (db: Database, w: World) => Promise<string>;
  /** Values an INSERT "as the owner" would write (fresh on every call). */
  insertRow: (w: World) => Record<string, unknown>;
  /** Makes room before an insert (one-row-per-user tables). */
  beforeInsert?: (db: Database, w: World) => Promise<void>;
  /** The columns a client may read (column privileges); every column when absent. */
  readable?: string;
  update: { column: string; value: unknown };
}

async function insertReturning(db: Database, table: string, row: Record<string, unknown>, key: string): Promise<string> {
  const cols = Object.keys(row);
  const r = await db.query<Record<string, string>>(
    `insert into ${table} (${cols.join(', ')}) values (${cols.map((_, i) => `$${i + 1}`).join(', ')}) returning ${key}::text as k`,
    cols.map((c) => row[c]),
  );
  return r.rows[0].k;
}

const fakeHash = () => randomUUID().replace(/-/g, '').padEnd(64, '0');

/** A fresh share of A's link to the recipient (as the service role); its id. */
async function seedShare(db: Database, w: World): Promise<string> {
  const link = await insertReturning(
    db,
    'public.links',
    { user_id: w.a.id, title: 'Shared', url: `https://a.example/${randomUUID()}`, category_id: w.aSaved },
    'id',
  );
  return insertReturning(
    db,
    'public.shared_links',
    { sender_id: w.a.id, link_id: link, recipient_user_id: w.recipient.id, message: 'hi', recipient_username: w.recipient.username },
    'id',
  );
}
/** The share an INSERT into suppressed_shares aims at (fresh before every insert attempt). */
let unsuppressedShare = '';
/** A fresh link and tag of A (as the service role), for the tag, note and search tables. */
async function seedLinkAndTag(db: Database, w: World): Promise<{ link: string; tag: string }> {
  const link = await insertReturning(
    db,
    'public.links',
    { user_id: w.a.id, title: 'Tagged', url: `https://tags.example/${randomUUID()}`, category_id: w.aSaved },
    'id',
  );
  return { link, tag: await insertReturning(db, 'public.tags', { user_id: w.a.id, name: uniqueName('t') }, 'id') };
}
/** The pair an INSERT into link_tags / link_notes / link_search aims at (fresh before every insert attempt). */
let untaggedPair = { link: '', tag: '' };
const all = { select: true, insert: true, update: true, delete: true };

/** The storage the matrix's image URLs are on: registered by createWorld as the project's own. */
const OWN_STORAGE_API = 'http://storage.matrix.test';
const OWN_STORAGE = `${OWN_STORAGE_API}/storage/v1/object/public`;

const TABLE_CASES: TableCase[] = [
  {
    table: 'public.profiles',
    key: 'user_id',
    ownerColumn: 'user_id',
    owner: (w) => w.a,
    ownerCan: { select: true, insert: false, update: true, delete: false },
    seed: (_db, w) => Promise.resolve(w.a.id),
    insertRow: (w) => ({ user_id: w.a.id, email: 'dup@example.test' }),
    update: { column: 'name_visible', value: false },
  },
  {
    table: 'public.login_activity',
    key: 'id',
    ownerColumn: 'user_id',
    owner: (w) => w.a,
    ownerCan: { select: true, insert: true, update: false, delete: false },
    seed: (db, w) => insertReturning(db, 'public.login_activity', { user_id: w.a.id, ip_address: '', user_agent: 'seed' }, 'id'),
    insertRow: (w) => ({ user_id: w.a.id, ip_address: '', user_agent: 'attempt' }),
    update: { column: 'user_agent', value: 'changed' },
  },
  {
    table: 'public.categories',
    key: 'id',
    ownerColumn: 'user_id',
    owner: (w) => w.a,
    ownerCan: all,
    seed: (db, w) => insertReturning(db, 'public.categories', { user_id: w.a.id, name: uniqueName('cat') }, 'id'),
    insertRow: (w) => ({ user_id: w.a.id, name: uniqueName('cat') }),
    update: { column: 'name', value: 'renamed' },
  },
  {
    table: 'public.links',
    key: 'id',
    ownerColumn: 'user_id',
    owner: (w) => w.a,
    ownerCan: all,
    seed: (db, w) =>
      insertReturning(
        db,
        'public.links',
        { user_id: w.a.id, title: 'Seed', url: `https://example.com/${randomUUID()}`, category_id: w.aSaved },
        'id',
      ),
    insertRow: (w) => ({ user_id: w.a.id, title: 'Attempt', url: `https://example.com/${randomUUID()}`, category_id: w.aSaved }),
    update: { column: 'title', value: 'changed' },
  },
  {
    // A shares with a third user; B is not the recipient. Senders cannot rewrite a share.
    table: 'public.shared_links',
    key: 'id',
    ownerColumn: 'sender_id',
    owner: (w) => w.a,
    ownerCan: { select: true, insert: true, update: false, delete: true },
    // recipient_user_id is the server's: no client reads it (it would tell a sender whether an
    // address has an account).
    readable: 'id, sender_id, link_id, shared_at, recipient_email, recipient_username, message, status',
    seed: async (db, w) => {
      const link = await insertReturning(
        db,
        'public.links',
        { user_id: w.a.id, title: 'Shared', url: `https://a.example/${randomUUID()}`, category_id: w.aSaved },
        'id',
      );
      return insertReturning(
        db,
        'public.shared_links',
        { sender_id: w.a.id, link_id: link, recipient_username: w.recipient.username, message: 'hi' },
        'id',
      );
    },
    insertRow: (w) => ({ sender_id: w.a.id, link_id: w.aLink, recipient_email: `${randomUUID()}@example.test` }),
    update: { column: 'status', value: 'accepted' },
  },
  {
    table: 'public.user_backgrounds',
    key: 'id',
    ownerColumn: 'user_id',
    owner: (w) => w.a,
    ownerCan: all,
    seed: (db, w) =>
      insertReturning(
        db,
        'public.user_backgrounds',
        { user_id: w.a.id, background_url: 'https://cdn.example.test/a.png', background_name: 'banner' },
        'id',
      ),
    insertRow: (w) => ({ user_id: w.a.id, background_url: 'https://cdn.example.test/b.png', background_name: 'dashboard' }),
    update: { column: 'background_name', value: 'changed' },
  },
  {
    // Written only by the server; the attacked row belongs to an admin.
    table: 'public.user_roles',
    key: 'id',
    ownerColumn: 'user_id',
    owner: (w) => w.admin,
    ownerCan: { select: true, insert: false, update: false, delete: false },
    seed: async (db, w) =>
      (await truth<{ id: string }>(db, 'select id::text from public.user_roles where user_id = $1', [w.admin.id]))[0].id,
    insertRow: (w) => ({ user_id: w.admin.id, role: 'admin' }),
    update: { column: 'created_at', value: '2000-01-01T00:00:00Z' },
  },
  {
    // History rows are the ai-chat function's: the owner reads and deletes them, never writes them.
    table: 'public.ai_chat_history',
    key: 'id',
    ownerColumn: 'user_id',
    owner: (w) => w.a,
    ownerCan: { select: true, insert: false, update: false, delete: true },
    seed: (db, w) => insertReturning(db, 'public.ai_chat_history', { user_id: w.a.id, message: 'find me links', response: 'here' }, 'id'),
    insertRow: (w) => ({ user_id: w.a.id, message: 'attempt' }),
    update: { column: 'response', value: 'changed' },
  },
  {
    table: 'public.username_change_history',
    key: 'id',
    ownerColumn: 'user_id',
    owner: (w) => w.a,
    ownerCan: { select: true, insert: false, update: false, delete: false },
    seed: (db, w) =>
      insertReturning(db, 'public.username_change_history', { user_id: w.a.id, old_username: 'old_name', new_username: 'new_name' }, 'id'),
    insertRow: (w) => ({ user_id: w.a.id, old_username: 'forged' }),
    update: { column: 'old_username', value: 'changed' },
  },
  {
    table: 'public.blocked_senders',
    key: 'id',
    ownerColumn: 'blocked_by',
    owner: (w) => w.a,
    ownerCan: all,
    seed: (db, w) =>
      insertReturning(db, 'public.blocked_senders', { blocked_by: w.a.id, blocked_email: `${randomUUID()}@spam.test` }, 'id'),
    insertRow: (w) => ({ blocked_by: w.a.id, blocked_email: `${randomUUID()}@spam.test` }),
    update: { column: 'blocked_email', value: 'changed@spam.test' },
  },
  {
    table: 'public.user_appearance_settings',
    key: 'user_id',
    ownerColumn: 'user_id',
    owner: (w) => w.a,
    ownerCan: all,
    seed: async (db, w) => {
      await db.query(`insert into public.user_appearance_settings (user_id) values ($1) on conflict do nothing`, [w.a.id]);
      return w.a.id;
    },
    insertRow: (w) => ({ user_id: w.a.id, theme: 'light' }),
    beforeInsert: async (db, w) => void (await db.query('delete from public.user_appearance_settings where user_id = $1', [w.a.id])),
    update: { column: 'theme', value: 'gray' },
  },
  {
    table: 'public.user_preferences',
    key: 'user_id',
    ownerColumn: 'user_id',
    owner: (w) => w.a,
    ownerCan: all,
    seed: async (db, w) => {
      await db.query(`insert into public.user_preferences (user_id) values ($1) on conflict do nothing`, [w.a.id]);
      return w.a.id;
    },
    insertRow: (w) => ({ user_id: w.a.id, open_links: 'same_tab', default_category_id: w.aSaved }),
    beforeInsert: async (db, w) => void (await db.query('delete from public.user_preferences where user_id = $1', [w.a.id])),
    update: { column: 'confirm_delete', value: false },
  },
  {
    table: 'public.notification_settings',
    key: 'user_id',
    ownerColumn: 'user_id',
    owner: (w) => w.a,
    ownerCan: all,
    seed: async (db, w) => {
      await db.query(`insert into public.notification_settings (user_id) values ($1) on conflict do nothing`, [w.a.id]);
      return w.a.id;
    },
    insertRow: (w) => ({ user_id: w.a.id, share_email: 'daily' }),
    beforeInsert: async (db, w) => void (await db.query('delete from public.notification_settings where user_id = $1', [w.a.id])),
    update: { column: 'folder_invite_email', value: false },
  },
  {
    // Written by triggers and drained by send-notifications (service role); clients never see it.
    table: 'public.notification_outbox',
    key: 'id',
    ownerColumn: 'user_id',
    owner: (w) => w.a,
    ownerCan: { select: false, insert: false, update: false, delete: false },
    seed: async (db, w) => insertReturning(db, 'public.notification_outbox', { user_id: w.a.id, kind: 'share' }, 'id'),
    insertRow: (w) => ({ user_id: w.a.id, kind: 'share' }),
    update: { column: 'status', value: 'skipped' },
  },
  {
    table: 'public.user_privacy_settings',
    key: 'user_id',
    ownerColumn: 'user_id',
    owner: (w) => w.a,
    ownerCan: all,
    seed: async (db, w) => {
      await db.query(`insert into public.user_privacy_settings (user_id) values ($1) on conflict do nothing`, [w.a.id]);
      return w.a.id;
    },
    insertRow: (w) => ({ user_id: w.a.id, public_page_published: true, public_page_visibility: 'public' }),
    beforeInsert: async (db, w) => void (await db.query('delete from public.user_privacy_settings where user_id = $1', [w.a.id])),
    update: { column: 'public_page_published', value: true },
  },
  {
    table: 'public.webpage_settings',
    key: 'user_id',
    ownerColumn: 'user_id',
    owner: (w) => w.a,
    ownerCan: all,
    seed: async (db, w) => {
      await db.query(`insert into public.webpage_settings (user_id, bio) values ($1, 'seed bio') on conflict do nothing`, [w.a.id]);
      return w.a.id;
    },
    insertRow: (w) => ({ user_id: w.a.id, bio: 'attempt' }),
    beforeInsert: async (db, w) => void (await db.query('delete from public.webpage_settings where user_id = $1', [w.a.id])),
    update: { column: 'bio', value: 'changed' },
  },
  {
    table: 'public.page_featured_items',
    key: 'id',
    ownerColumn: 'user_id',
    owner: (w) => w.a,
    ownerCan: all,
    seed: async (db, w) => {
      await db.query('delete from public.page_featured_items where user_id = $1', [w.a.id]);
      return insertReturning(db, 'public.page_featured_items', { user_id: w.a.id, link_id: w.aLink }, 'id');
    },
    // A folder item, so the seeded link item (the delete control's row) stays.
    insertRow: (w) => ({ user_id: w.a.id, category_id: w.aSaved, custom_title: 'attempt' }),
    beforeInsert: async (db, w) =>
      void (await db.query('delete from public.page_featured_items where user_id = $1 and category_id is not null', [w.a.id])),
    update: { column: 'custom_title', value: 'changed' },
  },
  {
    table: 'public.password_history',
    key: 'id',
    ownerColumn: 'user_id',
    owner: (w) => w.a,
    ownerCan: { select: false, insert: false, update: false, delete: false },
    seed: (db, w) =>
      insertReturning(db, 'public.password_history', { user_id: w.a.id, password_hash: '$2a$10$seedseedseedseedseedseO' }, 'id'),
    insertRow: (w) => ({ user_id: w.a.id, password_hash: 'forged' }),
    update: { column: 'password_hash', value: 'changed' },
  },
  {
    // The preview columns of links follow the links policies (B and anon cannot write a
    // favicon or image URL onto A's link; the owner can, as with icon_url). The values are our own
    // copies (this database's registered storage, createWorld): another host is refused for everyone (own-image-urls.test.ts).
    table: 'public.links',
    key: 'id',
    ownerColumn: 'user_id',
    owner: (w) => w.a,
    ownerCan: all,
    seed: (db, w) =>
      insertReturning(
        db,
        'public.links',
        {
          user_id: w.a.id,
          title: 'Previewed',
          url: `https://example.com/${randomUUID()}`,
          category_id: w.aSaved,
          favicon_url: `${OWN_STORAGE}/link-previews/seed/f.png`,
          preview_image_url: `${OWN_STORAGE}/link-previews/seed/i.png`,
        },
        'id',
      ),
    insertRow: (w) => ({
      user_id: w.a.id,
      title: 'Attempt',
      url: `https://example.com/${randomUUID()}`,
      category_id: w.aSaved,
      favicon_url: `${OWN_STORAGE}/link-previews/attempt/f.png`,
    }),
    update: { column: 'favicon_url', value: `${OWN_STORAGE}/link-previews/changed/f.png` },
  },
  {
    // Personal API tokens: made only by create_api_token (which generates the token), read without
    // the hash, changed only to revoke, never deleted by a client.
    table: 'public.api_tokens',
    key: 'id',
    ownerColumn: 'user_id',
    owner: (w) => w.a,
    ownerCan: { select: true, insert: false, update: true, delete: false },
    seed: (db, w) =>
      insertReturning(
        db,
        'public.api_tokens',
        { user_id: w.a.id, name: 'Matrix', scope: 'read', token_hash: fakeHash(), token_prefix: 'lv_0000000' },
        'id',
      ),
    insertRow: (w) => ({ user_id: w.a.id, name: 'Mine', scope: 'read_write', token_hash: fakeHash(), token_prefix: 'lv_1111111' }),
    readable: 'id, user_id, name, scope, token_prefix, created_at, last_used_at, revoked_at',
    update: { column: 'revoked_at', value: '2030-01-01T00:00:00Z' },
  },
  {
    // The API's rate-limit log is the server's alone.
    table: 'public.api_request_log',
    key: 'id',
    ownerColumn: 'user_id',
    owner: (w) => w.a,
    ownerCan: { select: false, insert: false, update: false, delete: false },
    seed: (db, w) => insertReturning(db, 'public.api_request_log', { user_id: w.a.id }, 'id'),
    insertRow: (w) => ({ user_id: w.a.id }),
    update: { column: 'requested_at', value: '2000-01-01T00:00:00Z' },
  },
  {
    // The per-user preview rate-limit log is the server's alone (a user who could write it could
    // lift their own limit).
    table: 'public.link_preview_log',
    key: 'id',
    ownerColumn: 'user_id',
    owner: (w) => w.a,
    ownerCan: { select: false, insert: false, update: false, delete: false },
    seed: (db, w) => insertReturning(db, 'public.link_preview_log', { user_id: w.a.id }, 'id'),
    insertRow: (w) => ({ user_id: w.a.id }),
    update: { column: 'requested_at', value: '2000-01-01T00:00:00Z' },
  },
  {
    // The link quota's counter: the owner reads it (the import page shows the room left); only the
    // links triggers write it (a user who could write it could lift their own quota).
    table: 'public.link_counts',
    key: 'user_id',
    ownerColumn: 'user_id',
    owner: (w) => w.a,
    ownerCan: { select: true, insert: false, update: false, delete: false },
    seed: async (db, w) => {
      await db.query('insert into public.link_counts (user_id, links) values ($1, 0) on conflict do nothing', [w.a.id]);
      return w.a.id;
    },
    insertRow: (w) => ({ user_id: w.a.id, links: 0 }),
    update: { column: 'links', value: 0 },
  },
  {
    // The import pace budget: the server's alone (take_import_budget only ever charges the caller).
    // Neither table grants INSERT to clients, so an insert is refused (42501) before its key is checked.
    table: 'public.import_budgets',
    key: 'user_id',
    ownerColumn: 'user_id',
    owner: (w) => w.a,
    ownerCan: { select: false, insert: false, update: false, delete: false },
    seed: async (db, w) => {
      await db.query('insert into public.import_budgets (user_id, links) values ($1, 10) on conflict do nothing', [w.a.id]);
      return w.a.id;
    },
    insertRow: (w) => ({ user_id: w.a.id, links: 0 }),
    update: { column: 'links', value: 0 },
  },
  {
    // AI discovery calls counted for the per-user limits: the server's alone.
    table: 'public.ai_chat_log',
    key: 'id',
    ownerColumn: 'user_id',
    owner: (w) => w.a,
    ownerCan: { select: false, insert: false, update: false, delete: false },
    seed: (db, w) => insertReturning(db, 'public.ai_chat_log', { user_id: w.a.id }, 'id'),
    insertRow: (w) => ({ user_id: w.a.id }),
    update: { column: 'requested_at', value: '2000-01-01T00:00:00Z' },
  },
  {
    // Undo links of e-mail changes (token hashes): the server's alone.
    table: 'public.email_change_undo',
    key: 'id',
    ownerColumn: 'user_id',
    owner: (w) => w.a,
    ownerCan: { select: false, insert: false, update: false, delete: false },
    seed: (db, w) =>
      insertReturning(
        db,
        'public.email_change_undo',
        { user_id: w.a.id, old_email: 'old@example.test', new_email: 'new@example.test', token_hash: fakeHash() },
        'id',
      ),
    insertRow: (w) => ({ user_id: w.a.id, old_email: 'a@example.test', new_email: 'b@example.test', token_hash: fakeHash() }),
    update: { column: 'used_at', value: '2000-01-01T00:00:00Z' },
  },
  {
    table: 'public.email_change_requests',
    key: 'id',
    ownerColumn: 'user_id',
    owner: (w) => w.a,
    ownerCan: { select: false, insert: false, update: false, delete: false },
    seed: (db, w) =>
      insertReturning(db, 'public.email_change_requests', { user_id: w.a.id, new_email: 'next@example.test', code_hash: fakeHash() }, 'id'),
    insertRow: (w) => ({ user_id: w.a.id, new_email: 'forged@example.test', code_hash: fakeHash() }),
    update: { column: 'attempts', value: 99 },
  },
  {
    // The private mark of a share from a blocked sender: the sender (A, "owner" here) must not
    // be able to read it, or they would learn they are blocked; nobody but the server touches it.
    table: 'public.suppressed_shares',
    key: 'shared_link_id',
    owner: (w) => w.a,
    ownerColumn: '(select s.sender_id from public.shared_links s where s.id = shared_link_id)',
    ownerCan: { select: false, insert: false, update: false, delete: false },
    seed: async (db, w) => insertReturning(db, 'public.suppressed_shares', { shared_link_id: await seedShare(db, w) }, 'shared_link_id'),
    beforeInsert: async (db, w) => void (unsuppressedShare = await seedShare(db, w)),
    insertRow: () => ({ shared_link_id: unsuppressedShare }),
    update: { column: 'created_at', value: '2000-01-01T00:00:00Z' },
  },
  {
    // Rows are written by add_page_member / respond_page_invitation only (a direct insert could bind
    // any known account id and read its username back).
    table: 'public.public_page_members',
    key: 'id',
    ownerColumn: 'owner_id',
    owner: (w) => w.a,
    ownerCan: { select: true, insert: false, update: false, delete: true },
    seed: async (db, w) => {
      await db.query('delete from public.public_page_members where owner_id = $1 and member_user_id = $2', [w.a.id, w.recipient.id]);
      return insertReturning(db, 'public.public_page_members', { owner_id: w.a.id, member_user_id: w.recipient.id }, 'id');
    },
    insertRow: (w) => ({ owner_id: w.a.id, member_user_id: w.b.id }),
    beforeInsert: async (db, w) =>
      void (await db.query('delete from public.public_page_members where owner_id = $1 and member_user_id = $2', [w.a.id, w.b.id])),
    update: { column: 'created_at', value: '2000-01-01T00:00:00Z' },
  },
  {
    // A user's own tags: names are theirs alone (never visible to another account).
    table: 'public.tags',
    key: 'id',
    ownerColumn: 'user_id',
    owner: (w) => w.a,
    ownerCan: all,
    seed: (db, w) => insertReturning(db, 'public.tags', { user_id: w.a.id, name: uniqueName('tag') }, 'id'),
    insertRow: (w) => ({ user_id: w.a.id, name: uniqueName('tag') }),
    update: { column: 'name', value: 'renamed tag' },
  },
  {
    // Which link carries which tag: written and removed by the owner, never rewritten (no UPDATE).
    table: 'public.link_tags',
    key: 'link_id',
    ownerColumn: 'user_id',
    owner: (w) => w.a,
    ownerCan: { select: true, insert: true, update: false, delete: true },
    seed: async (db, w) => {
      const { link, tag } = await seedLinkAndTag(db, w);
      await db.query('insert into public.link_tags (link_id, tag_id, user_id) values ($1, $2, $3)', [link, tag, w.a.id]);
      return link;
    },
    beforeInsert: async (db, w) => void (untaggedPair = await seedLinkAndTag(db, w)),
    insertRow: (w) => ({ link_id: untaggedPair.link, tag_id: untaggedPair.tag, user_id: w.a.id }),
    update: { column: 'created_at', value: '2000-01-01T00:00:00Z' },
  },
  {
    // Private notes: not even a share's recipient, who reads the shared link's row, reads them.
    table: 'public.link_notes',
    key: 'link_id',
    ownerColumn: 'user_id',
    owner: (w) => w.a,
    ownerCan: all,
    seed: async (db, w) => {
      const { link } = await seedLinkAndTag(db, w);
      await db.query('insert into public.link_notes (link_id, user_id, body) values ($1, $2, $3)', [link, w.a.id, 'private note']);
      return link;
    },
    beforeInsert: async (db, w) => void (untaggedPair = await seedLinkAndTag(db, w)),
    insertRow: (w) => ({ link_id: untaggedPair.link, user_id: w.a.id, body: 'attempt' }),
    update: { column: 'body', value: 'changed' },
  },
  {
    // Search documents (with tag names and notes) are kept by triggers; the owner only reads them.
    table: 'public.link_search',
    key: 'link_id',
    ownerColumn: 'user_id',
    owner: (w) => w.a,
    ownerCan: { select: true, insert: false, update: false, delete: false },
    seed: async (db, w) => (await seedLinkAndTag(db, w)).link,
    beforeInsert: async (db, w) => {
      untaggedPair = await seedLinkAndTag(db, w);
      await db.query('delete from public.link_search where link_id = $1', [untaggedPair.link]);
    },
    insertRow: (w) => ({ link_id: untaggedPair.link, user_id: w.a.id, base: 'forged', document: 'forged' }),
    update: { column: 'host', value: 'evil.example' },
  },
  {
    // The typo dictionary (words of the user's titles and tags): kept by triggers, read by its owner.
    table: 'public.search_words',
    key: 'word',
    ownerColumn: 'user_id',
    owner: (w) => w.a,
    ownerCan: { select: true, insert: false, update: false, delete: false },
    seed: (db, w) => insertReturning(db, 'public.search_words', { user_id: w.a.id, word: uniqueName('seedword') }, 'word'),
    insertRow: (w) => ({ user_id: w.a.id, word: uniqueName('forged') }),
    update: { column: 'word', value: 'changed' },
  },
  {
    // Shared-folder memberships: written by the invitation RPCs only; the owner reads and removes them.
    table: 'public.folder_members',
    key: 'id',
    ownerColumn: 'owner_id',
    owner: (w) => w.a,
    ownerCan: { select: true, insert: false, update: false, delete: true },
    seed: (db, w) =>
      insertReturning(
        db,
        'public.folder_members',
        { folder_id: w.aSaved, owner_id: w.a.id, invited_email: `${uniqueUsername('inv')}@example.test` },
        'id',
      ),
    insertRow: (w) => ({ folder_id: w.aSaved, owner_id: w.a.id, invited_email: `${uniqueUsername('inv')}@example.test` }),
    update: { column: 'role', value: 'editor' },
  },
];

export interface MatrixCheck {
  area: string;
  op: string;
  actor: string;
  expected: 'deny' | 'allow';
  ok: boolean;
  detail: string;
}

export interface MatrixReport {
  checks: MatrixCheck[];
  /** Attacks that succeeded (a leak) */
  leaks: MatrixCheck[];
  /** Positive controls or inconclusive denials that failed */
  failures: MatrixCheck[];
  summary: string;
  table: string;
}

// A refusal is 42501 (RLS "new row violates row-level security policy" or "permission denied").
// Any other error would mean the statement was refused for an unrelated reason: inconclusive.
const isRefusal = (o: Outcome) => o.error?.code === '42501';
const describe = (o: Outcome) => (o.error ? `error ${o.error.code}: ${o.error.message}` : `${o.rowCount} row(s)`);

const same = (x: unknown, y: unknown) => JSON.stringify(x) === JSON.stringify(y);

async function checkTable(
  db: Database,
  w: World,
  tc: TableCase,
  actorName: string,
  actor: Actor,
  expected: 'deny' | 'allow',
  key: string,
  ops: Op[],
  out: MatrixCheck[],
) {
  const owner = tc.owner(w);
  const col = tc.update.column;
  const push = (op: Op, ok: boolean, detail: string) => out.push({ area: tc.table, op, actor: actorName, expected, ok, detail });
  const readRow = async () =>
    (await truth<Record<string, unknown>>(db, `select ${col} as v from ${tc.table} where ${tc.key} = $1`, [key]))[0];

  for (const op of ops) {
    if (op === 'select') {
      const o = await attempt(db, actor, `select ${tc.readable ?? '*'} from ${tc.table} where ${tc.key} = $1`, [key]);
      const exists = (await readRow()) !== undefined;
      if (expected === 'deny') push(op, exists && (o.error ? isRefusal(o) : o.rows.length === 0), `${describe(o)} (row exists: ${exists})`);
      else push(op, exists && !o.error && o.rows.length === 1, describe(o));
    } else if (op === 'update') {
      const before = await readRow();
      const o = await attempt(db, actor, `update ${tc.table} set ${col} = $2 where ${tc.key} = $1`, [key, tc.update.value]);
      const after = await readRow();
      if (expected === 'deny')
        push(
          op,
          before !== undefined && same(before, after) && (o.error ? isRefusal(o) : o.rowCount === 0),
          `${describe(o)}; value ${same(before, after) ? 'unchanged' : 'CHANGED'}`,
        );
      else
        push(
          op,
          !o.error && o.rowCount === 1 && !same(before, after),
          `${describe(o)}; value ${same(before, after) ? 'unchanged' : 'changed'}`,
        );
    } else if (op === 'delete') {
      const o = await attempt(db, actor, `delete from ${tc.table} where ${tc.key} = $1`, [key]);
      const exists = (await readRow()) !== undefined;
      if (expected === 'deny')
        push(op, exists && (o.error ? isRefusal(o) : o.rowCount === 0), `${describe(o)}; row ${exists ? 'still there' : 'GONE'}`);
      else push(op, !o.error && o.rowCount === 1 && !exists, `${describe(o)}; row ${exists ? 'still there' : 'gone'}`);
    } else {
      await tc.beforeInsert?.(db, w);
      const countOwned = async () =>
        Number(
          (await truth<{ n: number }>(db, `select count(*)::int as n from ${tc.table} where ${tc.ownerColumn} = $1`, [owner.id]))[0].n,
        );
      const before = await countOwned();
      const row = tc.insertRow(w);
      const cols = Object.keys(row);
      const o = await attempt(
        db,
        actor,
        `insert into ${tc.table} (${cols.join(', ')}) values (${cols.map((_, i) => `$${i + 1}`).join(', ')})`,
        cols.map((c) => row[c]),
      );
      const after = await countOwned();
      if (expected === 'deny') push(op, after === before && isRefusal(o), `${describe(o)}; owner rows ${before} -> ${after}`);
      else push(op, !o.error && o.rowCount === 1 && after === before + 1, `${describe(o)}; owner rows ${before} -> ${after}`);
    }
  }
}

/** Rows B writes that point at A's objects, and other escalations: each must be refused. */
async function crossReferenceChecks(db: Database, w: World, out: MatrixCheck[]) {
  const bActor = as(w.b);
  const aCat = await insertReturning(db, 'public.categories', { user_id: w.a.id, name: uniqueName('a-folder') }, 'id');
  const bSaved = await systemCategory(db, w.b, 'saved');
  const bLink = await insertReturning(
    db,
    'public.links',
    { user_id: w.b.id, title: 'B link', url: `https://b.example/${randomUUID()}`, category_id: bSaved },
    'id',
  );
  const template = (
    await truth<{ id: string }>(db, 'select id::text from public.categories where is_template order by display_order limit 1')
  )[0]?.id;
  const templateLink = (await truth<{ id: string }>(db, 'select id::text from public.links where is_template limit 1'))[0]?.id;
  const aShare = (await truth<{ id: string }>(db, 'select id::text from public.shared_links where sender_id = $1 limit 1', [w.a.id]))[0]
    ?.id;
  if (!template || !templateLink || !aShare) throw new Error('cross-reference checks need seeded templates and a share');

  const fingerprint = async () =>
    JSON.stringify(
      await truth(
        db,
        `select
        (select coalesce(jsonb_agg(to_jsonb(c) order by c.id), '[]') from public.categories c where c.user_id = $1 or c.user_id = $2 or c.is_template) as cats,
        (select coalesce(jsonb_agg(to_jsonb(l) order by l.id), '[]') from public.links l where l.user_id = $1 or l.user_id = $2 or l.is_template) as links,
        (select coalesce(jsonb_agg(to_jsonb(s) order by s.id), '[]') from public.shared_links s) as shares,
        (select coalesce(jsonb_agg(to_jsonb(r) order by r.id), '[]') from public.user_roles r) as roles,
        (select coalesce(jsonb_agg(to_jsonb(p) order by p.user_id), '[]') from public.profiles p where p.user_id = $2) as b_profile,
        (select coalesce(jsonb_agg(to_jsonb(g) order by g.id), '[]') from public.user_backgrounds g where g.user_id = $2) as b_backgrounds`,
        [w.a.id, w.b.id],
      ),
    );

  const cases: [string, string, unknown[]][] = [
    [
      "link into A's folder (category_id)",
      `insert into public.links (user_id, title, url, category_id) values ($1, 'x', 'https://x.example', $2)`,
      [w.b.id, aCat],
    ],
    [
      "link into A's folder (second_category_id)",
      `insert into public.links (user_id, title, url, category_id, second_category_id) values ($1, 'x', 'https://x.example', $2, $3)`,
      [w.b.id, bSaved, aCat],
    ],
    ["move own link into A's folder", `update public.links set second_category_id = $2 where id = $1`, [bLink, aCat]],
    [
      "subfolder under A's folder",
      `insert into public.categories (user_id, name, parent_category_id) values ($1, 'sub', $2)`,
      [w.b.id, aCat],
    ],
    [
      "share A's link as B",
      `insert into public.shared_links (sender_id, link_id, recipient_email) values ($1, $2, 'x@example.test')`,
      [w.b.id, w.aLink],
    ],
    [
      "background on A's folder",
      `insert into public.user_backgrounds (user_id, background_url, category_id) values ($1, 'https://x.example/a.png', $2)`,
      [w.b.id, aCat],
    ],
    ['grant self admin', `insert into public.user_roles (user_id, role) values ($1, 'admin')`, [w.b.id]],
    ['change own profile e-mail', `update public.profiles set email = 'stolen@example.test' where user_id = $1`, [w.b.id]],
    ['create a template folder', `insert into public.categories (user_id, name, is_template) values (null, 'Evil template', true)`, []],
    [
      'create a template link',
      `insert into public.links (user_id, title, url, category_id, is_template) values (null, 'Evil', 'https://evil.example', $1, true)`,
      [template],
    ],
    ['edit a template link', `update public.links set title = 'defaced' where id = $1`, [templateLink]],
    ['delete a template folder', `delete from public.categories where id = $1`, [template]],
    [
      'mark own folder as default',
      `update public.categories set is_default = true where id = (select id from public.categories where user_id = $1 and not is_default limit 1)`,
      [w.b.id],
    ],
    ['rename own default folder', `update public.categories set name = 'Mine' where id = $1`, [bSaved]],
    ['accept a share addressed to someone else', `update public.shared_links set status = 'accepted' where id = $1`, [aShare]],
    ['delete a share addressed to someone else', `delete from public.shared_links where id = $1`, [aShare]],
    ['make own background an admin default (user_roles)', `update public.user_roles set user_id = $1`, [w.b.id]],
  ];
  // B needs a non-default folder for 'mark own folder as default'.
  await insertReturning(db, 'public.categories', { user_id: w.b.id, name: uniqueName('b-folder') }, 'id');
  for (const [name, sql, params] of cases) {
    const before = await fingerprint();
    const o = await attempt(db, bActor, sql, params);
    const after = await fingerprint();
    const unchanged = before === after;
    out.push({
      area: 'cross-reference',
      op: name,
      actor: 'B',
      expected: 'deny',
      ok: unchanged && (o.error ? isRefusal(o) : o.rowCount === 0),
      detail: `${describe(o)}; data ${unchanged ? 'unchanged' : 'CHANGED'}`,
    });
  }
}

/** storage.objects at the SQL level: writes only under the caller's folder (admins: templates/, settings/). */
async function storageChecks(db: Database, w: World, out: MatrixCheck[]) {
  const buckets = ['link-icons', 'category-icons', 'banner-backgrounds', 'main-photos', 'message-images'];
  const objectExists = async (bucket: string, name: string) =>
    (await truth(db, 'select 1 from storage.objects where bucket_id = $1 and name = $2', [bucket, name])).length === 1;
  const seedObject = async (bucket: string, name: string) => {
    await db.query(`insert into storage.objects (bucket_id, name, owner, metadata) values ($1, $2, $3, '{"mimetype":"image/png"}')`, [
      bucket,
      name,
      w.a.id,
    ]);
  };
  const push = (op: string, actor: string, expected: 'deny' | 'allow', ok: boolean, detail: string) =>
    out.push({ area: 'storage.objects', op, actor, expected, ok, detail });

  for (const bucket of buckets) {
    const aName = `${w.a.id}/${Date.now()}-${randomUUID().slice(0, 6)}.png`;
    await seedObject(bucket, aName);
    for (const [actorName, actor] of [
      ['B', as(w.b)],
      ['anon', anon],
    ] as const) {
      const intoA = `${w.a.id}/${randomUUID().slice(0, 6)}.png`;
      let o = await attempt(db, actor, `insert into storage.objects (bucket_id, name, owner) values ($1, $2, $3)`, [
        bucket,
        intoA,
        actor.kind === 'user' ? actor.user.id : null,
      ]);
      push(`${bucket}: insert into A's folder`, actorName, 'deny', isRefusal(o) && !(await objectExists(bucket, intoA)), describe(o));
      o = await attempt(
        db,
        actor,
        `update storage.objects set metadata = '{"mimetype":"text/html"}', name = $3 where bucket_id = $1 and name = $2`,
        [bucket, aName, `${w.a.id}/renamed.png`],
      );
      push(
        `${bucket}: update A's object`,
        actorName,
        'deny',
        !o.error && o.rowCount === 0 && (await objectExists(bucket, aName)),
        describe(o),
      );
      o = await attemptStorageDelete(db, actor, [bucket, aName]);
      push(
        `${bucket}: delete A's object`,
        actorName,
        'deny',
        (o.error ? isRefusal(o) : o.rowCount === 0) && (await objectExists(bucket, aName)),
        describe(o),
      );
      const tmpl = `templates/${randomUUID().slice(0, 6)}/x.png`;
      o = await attempt(db, actor, `insert into storage.objects (bucket_id, name) values ($1, $2)`, [bucket, tmpl]);
      push(
        `${bucket}: insert under templates/ (not admin)`,
        actorName,
        'deny',
        isRefusal(o) && !(await objectExists(bucket, tmpl)),
        describe(o),
      );
    }
    // Rows (what list shows) are owner-only, or listing a public bucket would reveal every user's
    // id and file names; the bytes stay public by URL, which storage serves without these policies
    // (tests/integration/storage-listing.test.ts).
    const read = await attempt(db, anon, 'select name from storage.objects where bucket_id = $1 and name = $2', [bucket, aName]);
    push(`${bucket}: list/read rows`, 'anon', 'deny', !read.error && read.rows.length === 0, describe(read));
    const readB = await attempt(db, as(w.b), 'select name from storage.objects where bucket_id = $1 and name = $2', [bucket, aName]);
    push(`${bucket}: list/read A's rows`, 'B', 'deny', !readB.error && readB.rows.length === 0, describe(readB));
    const readA = await attempt(db, as(w.a), 'select name from storage.objects where bucket_id = $1 and name = $2', [bucket, aName]);
    push(`${bucket}: list/read own rows`, 'A', 'allow', readA.rows.length === 1, describe(readA));
    // Positive controls: the owner writes in their own folder; an admin under templates/.
    const own = `${w.a.id}/${randomUUID().slice(0, 6)}.png`;
    let o = await attempt(db, as(w.a), `insert into storage.objects (bucket_id, name, owner) values ($1, $2, $3)`, [bucket, own, w.a.id]);
    push(`${bucket}: insert own folder`, 'A', 'allow', !o.error && o.rowCount === 1 && (await objectExists(bucket, own)), describe(o));
    o = await attempt(db, as(w.a), `update storage.objects set metadata = '{"mimetype":"image/gif"}' where bucket_id = $1 and name = $2`, [
      bucket,
      own,
    ]);
    push(`${bucket}: update own object`, 'A', 'allow', !o.error && o.rowCount === 1, describe(o));
    o = await attempt(db, as(w.a), `update storage.objects set name = $3 where bucket_id = $1 and name = $2`, [
      bucket,
      own,
      `${w.b.id}/moved.png`,
    ]);
    push(`${bucket}: move own object into B's folder`, 'A', 'deny', isRefusal(o) && (await objectExists(bucket, own)), describe(o));
    o = await attemptStorageDelete(db, as(w.a), [bucket, own]);
    push(`${bucket}: delete own object`, 'A', 'allow', !o.error && o.rowCount === 1 && !(await objectExists(bucket, own)), describe(o));
    const adminTmpl = `templates/${randomUUID().slice(0, 6)}/x.png`;
    o = await attempt(db, as(w.admin), `insert into storage.objects (bucket_id, name) values ($1, $2)`, [bucket, adminTmpl]);
    push(`${bucket}: admin insert under templates/`, 'admin', 'allow', !o.error && o.rowCount === 1, describe(o));
  }
}

async function createWorld(db: Database): Promise<World> {
  await db.query('select public.register_storage_url($1)', [OWN_STORAGE_API]);
  const a = await createUser(db, { firstName: 'Alice', username: uniqueUsername('alice') });
  const b = await createUser(db, { firstName: 'Bob', username: uniqueUsername('bob') });
  const recipient = await createUser(db, { firstName: 'Rita', username: uniqueUsername('rita') });
  const admin = await createUser(db, { firstName: 'Ada', username: uniqueUsername('ada') });
  await makeAdmin(db, admin);
  const aSaved = await systemCategory(db, a, 'saved');
  const aLink = await insertReturning(
    db,
    'public.links',
    { user_id: a.id, title: 'A shared link', url: `https://a.example/${randomUUID()}`, category_id: aSaved },
    'id',
  );
  return { a, b, recipient, admin, aSaved, aLink };
}

export async function runRlsMatrix(db: Database): Promise<MatrixReport> {
  const w = await createWorld(db);
  const checks: MatrixCheck[] = [];
  const attackers: [string, Actor][] = [
    ['B', as(w.b)],
    ['anon', anon],
  ];

  for (const tc of TABLE_CASES) {
    let key = await tc.seed(db, w);
    for (const [name, actor] of attackers) await checkTable(db, w, tc, name, actor, 'deny', key, ['select', 'update', 'delete'], checks);
    for (const [name, actor] of attackers) await checkTable(db, w, tc, name, actor, 'deny', key, ['insert'], checks);
    // Positive (or, where the owner has no such right, negative) controls for the owner.
    key = await tc.seed(db, w);
    for (const op of ['select', 'update', 'insert', 'delete'] as Op[]) {
      await checkTable(db, w, tc, 'owner', as(tc.owner(w)), tc.ownerCan[op] ? 'allow' : 'deny', key, [op], checks);
    }
  }
  const tableChecks = checks.length;
  await crossReferenceChecks(db, w, checks);
  const crossChecks = checks.length - tableChecks;
  await storageChecks(db, w, checks);
  const storageCount = checks.length - tableChecks - crossChecks;
  // Owner, editor, viewer, pending invitee, non-member and anon on a shared folder (rls-shared-folders.ts).
  checks.push(...(await runSharedFolderChecks(db)));

  const leaks = checks.filter((c) => !c.ok && c.expected === 'deny');
  const failures = checks.filter((c) => !c.ok);
  const attackCount = TABLE_CASES.length * OPS.length * attackers.length;
  const summary = [
    `RLS: ${TABLE_CASES.length} tables x ${OPS.length} operations x ${attackers.length} actors = ${attackCount} checks, ${leaks.filter((l) => TABLE_CASES.some((t) => t.table === l.area)).length} leaks`,
    `     + ${TABLE_CASES.length * OPS.length} owner controls, ${crossChecks} cross-reference checks, ${storageCount} storage checks; ${failures.length} failures in ${checks.length} checks`,
  ].join('\n');

  const mark = (c: MatrixCheck | undefined) => (!c ? '  ' : c.ok ? (c.expected === 'allow' ? 'ok' : '--') : '!!');
  const header = `${'table'.padEnd(34)} ${OPS.map((o) => o.padEnd(15)).join('')}`;
  const rows = TABLE_CASES.map((tc) => {
    const cells = OPS.map((op) =>
      ['B', 'anon', 'owner']
        .map((actor) => mark(checks.find((c) => c.area === tc.table && c.op === op && c.actor === actor)))
        .join(' ')
        .padEnd(15),
    );
    return `${tc.table.padEnd(34)} ${cells.join('')}`;
  });
  const table = [`(cells: B anon owner; -- refused as expected, ok allowed as expected, !! wrong)`, header, ...rows].join('\n');
  return { checks, leaks, failures, summary, table };
}
