import type { Database, Queryable } from '../db/index.ts';
import { signJwt } from '../jwt.ts';
import type { StackConfig } from '../config.ts';
import { badRequest } from './errors.ts';
import { factorsOf, findUserById, identitiesOf, isBanned, userJson, nowIso, type UserRow, type UserJson } from './users.ts';
import { randomToken } from './otp.ts';

export type AuthMethod = 'password' | 'otp' | 'magiclink' | 'recovery' | 'email/signup' | 'email_change' | 'oauth' | 'pkce';

/** GoTrue lets a just-rotated refresh token be replayed this long (a client that lost the answer). */
const REFRESH_REUSE_INTERVAL_MS = 10_000;

export interface SessionJson {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: UserJson;
  provider_token?: string;
}

interface AmrRow {
  authentication_method: string;
  created_at: Date;
}

/** The access token GoTrue issues: HS256, the user's claims, the session id and how it was authenticated. */
function signAccessToken(
  config: StackConfig,
  user: UserRow,
  sessionId: string,
  amr: { method: string; timestamp: number }[],
  aal: string,
): { token: string; expiresAt: number; expiresIn: number } {
  const iat = Math.floor(config.now() / 1000);
  const exp = iat + config.jwtExpiry;
  const token = signJwt(
    {
      aud: user.aud ?? 'authenticated',
      exp,
      iat,
      iss: `${config.publicUrl}/auth/v1`,
      sub: user.id,
      email: user.email ?? '',
      phone: user.phone ?? '',
      app_metadata: user.raw_app_meta_data ?? {},
      user_metadata: user.raw_user_meta_data ?? {},
      role: user.role ?? 'authenticated',
      aal,
      amr,
      session_id: sessionId,
      is_anonymous: user.is_anonymous ?? false,
    },
    config.jwtSecret,
  );
  return { token, expiresAt: exp, expiresIn: config.jwtExpiry };
}

async function amrOf(tx: Queryable, sessionId: string) {
  const r = await tx.query<AmrRow>(
    'select authentication_method, created_at from auth.mfa_amr_claims where session_id = $1 order by created_at desc',
    [sessionId],
  );
  return r.rows.map((a) => ({ method: a.authentication_method, timestamp: Math.floor(new Date(a.created_at).getTime() / 1000) }));
}

async function sessionJson(
  tx: Queryable,
  config: StackConfig,
  user: UserRow,
  sessionId: string,
  refreshToken: string,
): Promise<SessionJson> {
  const s = await tx.query<{ aal: string | null }>('select aal from auth.sessions where id = $1', [sessionId]);
  const access = signAccessToken(config, user, sessionId, await amrOf(tx, sessionId), s.rows[0]?.aal ?? 'aal1');
  return {
    access_token: access.token,
    token_type: 'bearer',
    expires_in: access.expiresIn,
    expires_at: access.expiresAt,
    refresh_token: refreshToken,
    user: userJson(user, await identitiesOf(tx, user.id), await factorsOf(tx, user.id)),
  };
}

/**
 * A second factor verified in this session (POST /factors/{id}/verify): the session becomes aal2, the
 * method joins its amr, and a new refresh token replaces the session's current ones, as GoTrue does.
 */
export async function upgradeSession(
  tx: Queryable,
  config: StackConfig,
  userId: string,
  sessionId: string,
  factorId: string,
  method: string,
) {
  const now = nowIso(config.now);
  await tx.query(`update auth.sessions set aal = 'aal2', factor_id = $2, updated_at = $3 where id = $1`, [sessionId, factorId, now]);
  await tx.query(
    `insert into auth.mfa_amr_claims (session_id, authentication_method, created_at, updated_at) values ($1, $2, $3, $3)
     on conflict (session_id, authentication_method) do update set updated_at = excluded.updated_at, created_at = excluded.created_at`,
    [sessionId, method, now],
  );
  await tx.query('update auth.refresh_tokens set revoked = true, updated_at = $2 where session_id = $1 and revoked = false', [
    sessionId,
    now,
  ]);
  const refreshToken = randomToken();
  await tx.query(
    'insert into auth.refresh_tokens (token, user_id, revoked, created_at, updated_at, parent, session_id) values ($1, $2, false, $3, $3, null, $4)',
    [refreshToken, userId, now, sessionId],
  );
  const user = (await findUserById(tx, userId)) as UserRow;
  return sessionJson(tx, config, user, sessionId, refreshToken);
}

/** Starts a session: auth.sessions row, first refresh token, amr claim, last_sign_in_at. */
export async function createSession(
  tx: Queryable,
  config: StackConfig,
  userId: string,
  method: AuthMethod,
  meta: { userAgent?: string; ip?: string } = {},
): Promise<SessionJson> {
  const now = nowIso(config.now);
  await tx.query('update auth.users set last_sign_in_at = $2, updated_at = $2 where id = $1', [userId, now]);
  const s = await tx.query<{ id: string }>(
    'insert into auth.sessions (user_id, created_at, updated_at, user_agent, ip) values ($1, $2, $2, $3, $4) returning id',
    [userId, now, meta.userAgent ?? null, meta.ip ?? null],
  );
  const sessionId = s.rows[0].id;
  await tx.query('insert into auth.mfa_amr_claims (session_id, authentication_method, created_at, updated_at) values ($1, $2, $3, $3)', [
    sessionId,
    method,
    now,
  ]);
  const refreshToken = randomToken();
  await tx.query(
    'insert into auth.refresh_tokens (token, user_id, revoked, created_at, updated_at, parent, session_id) values ($1, $2, false, $3, $3, null, $4)',
    [refreshToken, userId, now, sessionId],
  );
  const user = (await findUserById(tx, userId)) as UserRow;
  return sessionJson(tx, config, user, sessionId, refreshToken);
}

interface RefreshRow {
  id: string;
  token: string;
  user_id: string;
  revoked: boolean;
  updated_at: Date;
  parent: string | null;
  session_id: string | null;
}

const notFoundToken = () => badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
const alreadyUsed = () => badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used');

/**
 * Refresh-token rotation as GoTrue does it: the presented token is revoked and a child issued.
 * A revoked token is accepted again only within REFRESH_REUSE_INTERVAL_MS of its rotation and only
 * while it is the parent of the session's active token (the client lost the answer): then the active
 * token is returned, not a new one. Any other reuse is treated as theft: the whole session is ended.
 * Returns an error to throw *after* the transaction commits (the family revocation must stick).
 */
export async function refreshSession(db: Database, config: StackConfig, presented: string): Promise<SessionJson> {
  let failure: Error | undefined;
  const result = await db.transaction(async (tx) => {
    const r = await tx.query<RefreshRow>('select * from auth.refresh_tokens where token = $1 for update', [presented]);
    const token = r.rows[0];
    if (!token || !token.session_id) throw notFoundToken();
    const sessionId = token.session_id;
    const user = await findUserById(tx, token.user_id);
    if (!user) throw notFoundToken();
    if (isBanned(user, config.now())) throw badRequest('user_banned', 'User is banned');
    const now = nowIso(config.now);
    let issued: string;
    if (token.revoked) {
      const active = await tx.query<RefreshRow>(
        'select * from auth.refresh_tokens where session_id = $1 and revoked = false order by id desc limit 1',
        [sessionId],
      );
      const withinInterval = config.now() - new Date(token.updated_at).getTime() < REFRESH_REUSE_INTERVAL_MS;
      if (withinInterval && active.rows[0] && active.rows[0].parent === token.token) {
        issued = active.rows[0].token;
      } else {
        await tx.query('delete from auth.sessions where id = $1', [sessionId]);
        failure = alreadyUsed();
        return undefined;
      }
    } else {
      await tx.query('update auth.refresh_tokens set revoked = true, updated_at = $2 where id = $1', [token.id, now]);
      issued = randomToken();
      await tx.query(
        'insert into auth.refresh_tokens (token, user_id, revoked, created_at, updated_at, parent, session_id) values ($1, $2, false, $3, $3, $4, $5)',
        [issued, user.id, now, token.token, sessionId],
      );
    }
    await tx.query('update auth.sessions set updated_at = $2 where id = $1', [sessionId, now]);
    return sessionJson(tx, config, user, sessionId, issued);
  });
  if (failure || !result) throw failure ?? notFoundToken();
  return result;
}

export type LogoutScope = 'global' | 'local' | 'others';

/** Ends sessions (their refresh tokens go with them, on delete cascade). */
export async function endSessions(db: Queryable, userId: string, sessionId: string | undefined, scope: LogoutScope): Promise<void> {
  if (scope === 'global') {
    await db.query('delete from auth.sessions where user_id = $1', [userId]);
  } else if (!sessionId) {
    // A token without a session (minted by a test or a server) has no local session to end.
    return;
  } else if (scope === 'local') {
    await db.query('delete from auth.sessions where id = $1 and user_id = $2', [sessionId, userId]);
  } else {
    await db.query('delete from auth.sessions where user_id = $1 and id <> $2', [userId, sessionId]);
  }
}
