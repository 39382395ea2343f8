import { isPgError } from '../../db/index.ts';
import { authError, notFound, unprocessable, validationFailed } from '../errors.ts';
import { issueEmailLink } from '../links.ts';
import { bool, obj, str, type AuthRequest } from '../request.ts';
import {
  findUserByEmail,
  findUserById,
  identitiesOf,
  insertUser,
  isUuid,
  loadUserJson,
  mergeMetadata,
  nowIso,
  syncEmailIdentity,
  userJson,
  type UserRow,
} from '../users.ts';
import { checkPassword, normaliseEmail } from '../validation.ts';
import { databaseErrorSavingUser, hashPassword } from './signup.ts';
import type { Queryable } from '../../db/index.ts';

const emailExists = () => unprocessable('email_exists', 'A user with this email address has already been registered');

const GO_DURATION_UNIT_MS: Record<string, number> = { ns: 1e-6, us: 1e-3, µs: 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** ban_duration as GoTrue takes it: a Go duration ("24h", "1h30m", "876000h") or "none" to lift a ban. */
function parseBanDuration(value: string, nowMs: number): string | null {
  if (value === 'none') return null;
  const re = /(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/gy;
  let total = 0;
  let consumed = 0;
  for (let m = re.exec(value); m; m = re.exec(value)) {
    total += Number(m[1]) * GO_DURATION_UNIT_MS[m[2]];
    consumed = re.lastIndex;
  }
  if (!value || consumed !== value.length) throw validationFailed(`invalid format for ban duration: time: invalid duration "${value}"`);
  return new Date(nowMs + total).toISOString();
}

function pageParam(v: string | undefined, fallback: number, max: number): number {
  if (v === undefined || v === '') return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw validationFailed(`Bad pagination parameter: ${v}`);
  return Math.min(n, max);
}

/** GET /admin/users?page&per_page: newest first, with GoTrue's Link and X-Total-Count headers. */
export async function listUsers(r: AuthRequest): Promise<void> {
  r.requireAdmin();
  const page = pageParam(r.query('page'), 1, 1_000_000);
  const perPage = pageParam(r.query('per_page'), 50, 1000);
  const total = Number((await r.db.query<{ n: string }>('select count(*)::text as n from auth.users where deleted_at is null')).rows[0].n);
  const rows = (
    await r.db.query<UserRow>('select * from auth.users where deleted_at is null order by created_at desc, id limit $1 offset $2', [
      perPage,
      (page - 1) * perPage,
    ])
  ).rows;
  const users = [];
  for (const u of rows) users.push(userJson(u, await identitiesOf(r.db, u.id)));
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const base = `${r.config.publicUrl}/auth/v1/admin/users`;
  // auth-js reads the page number right after the first '=' of each link: keep `page` first.
  const links = [];
  if (page < lastPage) links.push(`<${base}?page=${page + 1}&per_page=${perPage}>; rel="next"`);
  links.push(`<${base}?page=${lastPage}&per_page=${perPage}>; rel="last"`);
  r.json(
    200,
    { users, aud: 'authenticated' },
    {
      Link: links.join(', '),
      'X-Total-Count': String(total),
      'Access-Control-Expose-Headers': 'Content-Range, Content-Type, X-Total-Count, Link, Location',
    },
  );
}

async function requireUserById(db: Queryable, id: string): Promise<UserRow> {
  if (!isUuid(id)) throw notFound('user_not_found', 'User not found');
  const u = await findUserById(db, id);
  if (!u) throw notFound('user_not_found', 'User not found');
  return u;
}

/** POST /admin/users {email, password, email_confirm, user_metadata, app_metadata, ban_duration}. */
export async function createUser(r: AuthRequest): Promise<void> {
  r.requireAdmin();
  const body = await r.body();
  const email = normaliseEmail(str(body, 'email') ?? '');
  const password = str(body, 'password');
  if (password !== undefined) checkPassword(password);
  const userMetadata = obj(body, 'user_metadata') ?? {};
  const appMetadata = mergeMetadata({ provider: 'email', providers: ['email'] }, obj(body, 'app_metadata') ?? {});
  const confirm = bool(body, 'email_confirm') ?? false;
  const ban = str(body, 'ban_duration');
  const bannedUntil = ban ? parseBanDuration(ban, r.now()) : null;
  if (await findUserByEmail(r.db, email)) throw emailExists();
  const passwordHash = password ? await hashPassword(r, password) : null;
  const now = nowIso(r.config.now);
  const user = await r.db
    .transaction(async (tx) => {
      const u = await insertUser(
        tx,
        { email, passwordHash, userMetadata, appMetadata, confirmedAt: confirm ? now : null, provider: 'email' },
        now,
      );
      if (bannedUntil) await tx.query('update auth.users set banned_until = $2 where id = $1', [u.id, bannedUntil]);
      return u;
    })
    .catch((e: unknown) => {
      throw e instanceof Error && 'status' in e ? e : databaseErrorSavingUser(e);
    });
  r.json(200, await loadUserJson(r.db, user.id));
}

export async function getUserById(r: AuthRequest, id: string): Promise<void> {
  r.requireAdmin();
  const u = await requireUserById(r.db, id);
  r.json(200, userJson(u, await identitiesOf(r.db, u.id)));
}

/** PUT /admin/users/{id}: applied at once, no confirmation e-mails (the service role vouches). */
export async function updateUserById(r: AuthRequest, id: string): Promise<void> {
  r.requireAdmin();
  const user = await requireUserById(r.db, id);
  const body = await r.body();
  const password = str(body, 'password');
  if (password !== undefined) checkPassword(password);
  const rawEmail = str(body, 'email');
  const email = rawEmail !== undefined ? normaliseEmail(rawEmail) : undefined;
  if (email && email !== user.email?.toLowerCase()) {
    const other = await findUserByEmail(r.db, email);
    if (other && other.id !== user.id) throw emailExists();
  }
  const userMetadata = obj(body, 'user_metadata');
  const appMetadata = obj(body, 'app_metadata');
  const confirm = bool(body, 'email_confirm');
  const ban = str(body, 'ban_duration');
  const bannedUntil = ban !== undefined ? parseBanDuration(ban, r.now()) : undefined;
  const role = str(body, 'role');
  const passwordHash = password ? await hashPassword(r, password) : undefined;
  const now = nowIso(r.config.now);
  await r.db.transaction(async (tx) => {
    const set = (sql: string, value: unknown) =>
      tx.query(`update auth.users set ${sql} = $2, updated_at = $3 where id = $1`, [user.id, value, now]);
    if (passwordHash) await set('encrypted_password', passwordHash);
    if (email) {
      await set('email', email);
      await syncEmailIdentity(tx, user.id, email, !!(confirm || user.email_confirmed_at), now);
    }
    if (confirm === true)
      await tx.query('update auth.users set email_confirmed_at = coalesce(email_confirmed_at, $2), updated_at = $2 where id = $1', [
        user.id,
        now,
      ]);
    if (userMetadata) await set('raw_user_meta_data', JSON.stringify(mergeMetadata(user.raw_user_meta_data, userMetadata)));
    if (appMetadata) await set('raw_app_meta_data', JSON.stringify(mergeMetadata(user.raw_app_meta_data, appMetadata)));
    if (bannedUntil !== undefined) {
      await set('banned_until', bannedUntil);
      if (bannedUntil) await tx.query('delete from auth.sessions where user_id = $1', [user.id]);
    }
    if (role) await set('role', role);
  });
  r.json(200, await loadUserJson(r.db, user.id));
}

/** DELETE /admin/users/{id} (body {should_soft_delete}). */
export async function deleteUser(r: AuthRequest, id: string): Promise<void> {
  r.requireAdmin();
  const user = await requireUserById(r.db, id);
  const soft = bool(await r.body(), 'should_soft_delete') ?? false;
  try {
    await r.db.transaction(async (tx) => {
      if (soft) {
        await tx.query('delete from auth.sessions where user_id = $1', [user.id]);
        await tx.query('delete from auth.identities where user_id = $1', [user.id]);
        await tx.query(
          `update auth.users set deleted_at = $2, email = null, encrypted_password = null, confirmation_token = null, recovery_token = null,
             email_change = null, email_change_token_new = null, raw_user_meta_data = '{}', updated_at = $2 where id = $1`,
          [user.id, nowIso(r.config.now)],
        );
      } else {
        await tx.query('delete from auth.users where id = $1', [user.id]);
      }
    });
  } catch (e) {
    if (isPgError(e)) throw authError(500, 'unexpected_failure', 'Database error deleting user');
    throw e;
  }
  r.json(200, {});
}

/** POST /admin/generate_link {type, email, password?, data?, new_email?, redirect_to?}: a link without an e-mail. */
export async function generateLink(r: AuthRequest): Promise<void> {
  r.requireAdmin();
  const body = await r.body();
  let type = str(body, 'type');
  const email = normaliseEmail(str(body, 'email') ?? '');
  const password = str(body, 'password');
  const data = obj(body, 'data') ?? {};
  const redirectTo = r.redirectTarget(body.redirect_to);
  if (!type || !['signup', 'invite', 'magiclink', 'recovery', 'email_change_new', 'email_change_current'].includes(type)) {
    throw validationFailed('Invalid email action link type requested');
  }
  let user = await findUserByEmail(r.db, email);
  if (!user && type === 'magiclink') type = 'signup'; // as GoTrue: a magic link for a new address signs it up
  if (!user && (type === 'recovery' || type.startsWith('email_change'))) throw notFound('user_not_found', 'User with this email not found');
  if (user && (type === 'signup' || type === 'invite') && user.email_confirmed_at) throw emailExists();
  if (type === 'signup' && !user && !password && str(body, 'type') === 'signup')
    throw authError(422, 'validation_failed', 'Signup requires a valid password');
  if (password !== undefined) checkPassword(password);
  let newEmail: string | undefined;
  if (type.startsWith('email_change')) {
    newEmail = normaliseEmail(str(body, 'new_email') ?? '');
    if (await findUserByEmail(r.db, newEmail)) throw emailExists();
  }
  const passwordHash = password ? await hashPassword(r, password) : null;
  const now = nowIso(r.config.now);
  const linkType =
    type === 'email_change_new' || type === 'email_change_current'
      ? 'email_change'
      : (type as 'signup' | 'invite' | 'magiclink' | 'recovery');
  const link = await r.db
    .transaction(async (tx) => {
      if (!user) {
        user = await insertUser(
          tx,
          {
            email,
            passwordHash,
            userMetadata: data,
            appMetadata: { provider: 'email', providers: ['email'] },
            confirmedAt: null,
            provider: 'email',
          },
          now,
        );
        if (type === 'invite') await tx.query('update auth.users set invited_at = $2 where id = $1', [user.id, now]);
      } else if (passwordHash && linkType === 'signup') {
        await tx.query('update auth.users set encrypted_password = $2, updated_at = $3 where id = $1', [user.id, passwordHash, now]);
      }
      return issueEmailLink(tx, r.config, { userId: user.id, email, newEmail, type: linkType, redirectTo });
    })
    .catch((e: unknown) => {
      throw e instanceof Error && 'status' in e ? e : databaseErrorSavingUser(e);
    });
  const fresh = await loadUserJson(r.db, (user as UserRow).id);
  r.json(200, {
    ...fresh,
    action_link: link.actionLink,
    email_otp: link.otp,
    hashed_token: link.linkToken,
    redirect_to: link.redirectTo,
    verification_type: linkType,
  });
}
