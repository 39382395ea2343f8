import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/index.ts';
import { signJwt, verifyJwt } from '../../jwt.ts';
import { badRequest, unprocessable, validationFailed } from '../errors.ts';
import { createFlowState, issueAuthCode, readPkce } from '../pkce.ts';
import { resolveRedirect, withParams } from '../redirects.ts';
import type { AuthRequest } from '../request.ts';
import { createSession } from '../sessions.ts';
import { findUserByEmail, findUserById, identitiesOf, insertUser, isBanned, nowIso, type UserRow } from '../users.ts';

/**
 * OAuth sign-in, Facebook only (the one provider the product connects). Facebook is the outside
 * world, so everything is configured by environment:
 *   FACEBOOK_AUTH_URL   where the consent dialog lives (`{base}/dialog/oauth`); a local fake in tests
 *   FACEBOOK_GRAPH_URL  token and profile API (`{base}/oauth/access_token`, `{base}/me`); defaults to FACEBOOK_AUTH_URL
 *   FACEBOOK_CLIENT_ID / FACEBOOK_SECRET  the app's credentials
 * The provider is enabled when FACEBOOK_AUTH_URL or FACEBOOK_CLIENT_ID is set (the real URLs are the
 * defaults). Not enabled: the browser goes back to the redirect URL with GoTrue's error text
 * "Unsupported provider: Provider is not enabled" in the fragment (GoTrue answers a 400 JSON page,
 * a dead end for a browser); with skip_http_redirect (a fetch) it is that 400 JSON.
 * The flow: /authorize -> provider -> /callback?code&state -> code exchange -> profile -> the user is
 * found by identity, else linked by e-mail, else created -> session in the fragment (or ?code= with PKCE).
 */
interface ProviderConfig {
  name: 'facebook';
  authorizeUrl: string;
  tokenUrl: string;
  profileUrl: string;
  clientId: string;
  secret: string;
}

function providerConfig(name: string | undefined): ProviderConfig | undefined {
  if (name !== 'facebook') return undefined;
  const env = process.env;
  if (!env.FACEBOOK_AUTH_URL && !env.FACEBOOK_CLIENT_ID) return undefined;
  const auth = (env.FACEBOOK_AUTH_URL || 'https://www.facebook.com').replace(/\/$/, '');
  const graph = (env.FACEBOOK_GRAPH_URL || env.FACEBOOK_AUTH_URL || 'https://graph.facebook.com').replace(/\/$/, '');
  return {
    name: 'facebook',
    authorizeUrl: `${auth}/dialog/oauth`,
    tokenUrl: `${graph}/oauth/access_token`,
    profileUrl: `${graph}/me`,
    clientId: env.FACEBOOK_CLIENT_ID || 'local-facebook-app',
    secret: env.FACEBOOK_SECRET || '',
  };
}

export const isProviderEnabled = (name: string) => !!providerConfig(name);

/** The state is signed with a key derived from the JWT secret, so it can never pass as an access token. */
const stateKey = (secret: string) => `${secret}:oauth-state`;
const STATE_LIFETIME_S = 600;

interface OAuthState {
  provider: string;
  redirect_to: string;
  flow_state_id?: string;
  linking_target_id?: string;
}

const callbackUrl = (r: AuthRequest) => `${r.config.publicUrl}/auth/v1/callback`;

async function startUrl(r: AuthRequest, linkingTargetId?: string): Promise<{ url?: string; error?: string; target: string }> {
  const target = r.redirectTarget();
  const provider = providerConfig(r.query('provider'));
  if (!provider) return { error: 'Unsupported provider: Provider is not enabled', target };
  const pkce = readPkce(r.query('code_challenge'), r.query('code_challenge_method'));
  let flowStateId: string | undefined;
  if (pkce)
    flowStateId = await createFlowState(r.db, pkce, { providerType: provider.name, authMethod: 'oauth', now: nowIso(r.config.now) });
  const now = Math.floor(r.now() / 1000);
  const state: OAuthState & { exp: number; iat: number; nonce: string } = {
    provider: provider.name,
    redirect_to: target,
    flow_state_id: flowStateId,
    linking_target_id: linkingTargetId,
    iat: now,
    exp: now + STATE_LIFETIME_S,
    nonce: randomUUID(),
  };
  const q = new URLSearchParams({
    client_id: provider.clientId,
    redirect_uri: callbackUrl(r),
    response_type: 'code',
    scope: ['email', 'public_profile', r.query('scopes') ?? ''].join(' ').trim(),
    state: signJwt({ ...state }, stateKey(r.config.jwtSecret)),
  });
  return { url: `${provider.authorizeUrl}?${q.toString()}`, target };
}

/** GET /authorize?provider=facebook&redirect_to=... (a browser navigation). */
export async function authorize(r: AuthRequest): Promise<void> {
  const out = await startUrl(r);
  const asJson = r.query('skip_http_redirect') === 'true';
  if (out.error) {
    if (asJson) throw validationFailed(out.error);
    return r.redirect(
      withParams(out.target, { error: 'invalid_request', error_code: 'validation_failed', error_description: out.error }, 'hash'),
      302,
    );
  }
  if (asJson) return r.json(200, { url: out.url });
  r.redirect(out.url as string, 302);
}

/** GET /user/identities/authorize (bearer): supabase-js linkIdentity; answers {url}. */
export async function authorizeLink(r: AuthRequest): Promise<void> {
  const { user } = await r.requireUser();
  const out = await startUrl(r, user.id);
  if (out.error) throw validationFailed(out.error);
  r.json(200, { url: out.url });
}

interface Profile {
  id: string;
  email?: string;
  name?: string;
  first_name?: string;
  last_name?: string;
  picture?: { data?: { url?: string } };
}

async function fetchJson(url: string, init?: RequestInit): Promise<Record<string, unknown>> {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
  const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok)
    throw new Error(
      typeof (body.error as { message?: string })?.message === 'string'
        ? (body.error as { message: string }).message
        : `HTTP ${res.status}`,
    );
  return body;
}

async function exchange(r: AuthRequest, p: ProviderConfig, code: string): Promise<{ accessToken: string; profile: Profile }> {
  const form = new URLSearchParams({
    client_id: p.clientId,
    client_secret: p.secret,
    redirect_uri: callbackUrl(r),
    code,
    grant_type: 'authorization_code',
  });
  const tokens = await fetchJson(p.tokenUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
    body: form,
  });
  const accessToken = typeof tokens.access_token === 'string' ? tokens.access_token : '';
  if (!accessToken) throw new Error('no access token in the provider answer');
  const profile = (await fetchJson(
    `${p.profileUrl}?${new URLSearchParams({ fields: 'id,name,email,first_name,last_name,picture', access_token: accessToken })}`,
  )) as unknown as Profile;
  if (!profile || (typeof profile.id !== 'string' && typeof profile.id !== 'number')) throw new Error('no user id in the provider profile');
  return { accessToken, profile: { ...profile, id: String(profile.id) } };
}

function identityData(p: Profile, issuer: string) {
  const avatar = p.picture?.data?.url;
  return {
    iss: issuer,
    sub: p.id,
    provider_id: p.id,
    name: p.name,
    full_name: p.name,
    first_name: p.first_name,
    last_name: p.last_name,
    email: p.email?.toLowerCase(),
    email_verified: !!p.email,
    phone_verified: false,
    avatar_url: avatar,
    picture: avatar,
  };
}

async function addProvider(tx: Queryable, user: UserRow, provider: string, now: string): Promise<void> {
  const app = user.raw_app_meta_data ?? {};
  const providers = Array.isArray(app.providers) ? (app.providers as string[]) : [];
  if (!providers.includes(provider))
    await tx.query('update auth.users set raw_app_meta_data = $2, updated_at = $3 where id = $1', [
      user.id,
      JSON.stringify({ ...app, providers: [...providers, provider] }),
      now,
    ]);
}

/** Finds, links or creates the user behind a provider profile. */
async function resolveUser(
  tx: Queryable,
  provider: string,
  issuer: string,
  profile: Profile,
  linkingTargetId: string | undefined,
  now: string,
): Promise<UserRow> {
  const data = identityData(profile, issuer);
  const existing = await tx.query<{ user_id: string }>('select user_id from auth.identities where provider = $1 and provider_id = $2', [
    provider,
    profile.id,
  ]);
  const identityUserId = existing.rows[0]?.user_id;
  if (linkingTargetId) {
    if (identityUserId && identityUserId !== linkingTargetId)
      throw unprocessable('identity_already_exists', 'Identity is already linked to another user');
    const target = await findUserById(tx, linkingTargetId);
    if (!target) throw badRequest('user_not_found', 'User not found');
    if (!identityUserId)
      await tx.query(
        'insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at) values ($1, $2, $3, $4, $5, $5, $5)',
        [profile.id, target.id, JSON.stringify(data), provider, now],
      );
    await addProvider(tx, target, provider, now);
    return target;
  }
  if (identityUserId) {
    await tx.query(
      'update auth.identities set identity_data = $3, last_sign_in_at = $4, updated_at = $4 where provider = $1 and provider_id = $2',
      [provider, profile.id, JSON.stringify(data), now],
    );
    return (await findUserById(tx, identityUserId)) as UserRow;
  }
  const email = data.email;
  if (!email) throw badRequest('provider_email_needs_verification', 'Error getting user email from external provider');
  const byEmail = await findUserByEmail(tx, email);
  if (byEmail) {
    // Automatic linking by a provider-verified address. An unconfirmed account's password was never
    // proven to belong to this address's owner, so it is dropped before the address is confirmed.
    if (!byEmail.email_confirmed_at)
      await tx.query(
        'update auth.users set encrypted_password = null, email_confirmed_at = $2, confirmation_token = null, updated_at = $2 where id = $1',
        [byEmail.id, now],
      );
    await tx.query(
      'insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at) values ($1, $2, $3, $4, $5, $5, $5)',
      [profile.id, byEmail.id, JSON.stringify(data), provider, now],
    );
    await addProvider(tx, byEmail, provider, now);
    return byEmail;
  }
  return insertUser(
    tx,
    {
      email,
      passwordHash: null,
      userMetadata: data,
      appMetadata: { provider, providers: [provider] },
      confirmedAt: now,
      provider,
      providerId: profile.id,
      identityData: data,
    },
    now,
  );
}

/** GET /callback?code&state: the provider sends the browser back here. */
export async function callback(r: AuthRequest): Promise<void> {
  let state: OAuthState;
  try {
    state = verifyJwt(r.query('state') ?? '', stateKey(r.config.jwtSecret), r.now()) as unknown as OAuthState;
  } catch {
    return r.redirect(
      withParams(
        r.config.siteUrl,
        { error: 'invalid_request', error_code: 'bad_oauth_state', error_description: 'OAuth state is invalid or has expired' },
        'hash',
      ),
      302,
    );
  }
  // Re-checked: the allow list may have changed since the state was signed.
  const target = resolveRedirect(state.redirect_to, r.config);
  const fail = (error: string, code: string, description: string) =>
    r.redirect(withParams(target, { error, error_code: code, error_description: description }, 'hash'), 302);
  const provider = providerConfig(state.provider);
  if (!provider) return fail('invalid_request', 'validation_failed', 'Unsupported provider: Provider is not enabled');
  const providerError = r.query('error');
  if (providerError)
    return fail(providerError, 'oauth_provider_error', r.query('error_description') ?? r.query('error_reason') ?? providerError);
  const code = r.query('code');
  if (!code) return fail('invalid_request', 'bad_oauth_callback', 'OAuth callback with missing authorization code');
  let exchanged: Awaited<ReturnType<typeof exchange>>;
  try {
    exchanged = await exchange(r, provider, code);
  } catch (e) {
    return fail('server_error', 'unexpected_failure', `Unable to exchange external code: ${(e as Error).message}`);
  }
  try {
    const now = nowIso(r.config.now);
    const out = await r.db.transaction(async (tx) => {
      const user = await resolveUser(tx, provider.name, provider.profileUrl, exchanged.profile, state.linking_target_id, now);
      if (isBanned(user, r.now())) throw badRequest('user_banned', 'User is banned');
      if (state.flow_state_id) {
        await tx.query('update auth.flow_state set provider_access_token = $2 where id = $1', [state.flow_state_id, exchanged.accessToken]);
        return { code: await issueAuthCode(tx, { flowId: state.flow_state_id, userId: user.id, authMethod: 'oauth' }, now) };
      }
      return { session: await createSession(tx, r.config, user.id, 'oauth', { userAgent: r.userAgent(), ip: r.ip() }) };
    });
    if ('code' in out) {
      if (!out.code) return fail('invalid_request', 'flow_state_not_found', 'invalid flow state, no valid flow state found');
      return r.redirect(withParams(target, { code: out.code }, 'query'), 302);
    }
    const s = out.session;
    r.redirect(
      withParams(
        target,
        {
          access_token: s.access_token,
          expires_at: String(s.expires_at),
          expires_in: String(s.expires_in),
          provider_token: exchanged.accessToken,
          refresh_token: s.refresh_token,
          token_type: 'bearer',
        },
        'hash',
      ),
      302,
    );
  } catch (e) {
    const body = (e as { body?: { error_code?: string; msg?: string } }).body;
    if (body?.msg) return fail('server_error', body.error_code ?? 'unexpected_failure', body.msg);
    r.ctx.log(`auth: oauth callback failed: ${(e as Error).message}`);
    return fail('server_error', 'unexpected_failure', 'Database error saving new user');
  }
}

/** DELETE /user/identities/{id}: unlink a provider; the last identity cannot go. */
export async function unlinkIdentity(r: AuthRequest, identityId: string): Promise<void> {
  const { user } = await r.requireUser();
  const identities = await identitiesOf(r.db, user.id);
  const identity = identities.find((i) => i.id === identityId);
  if (!identity) throw unprocessable('identity_not_found', "Identity doesn't exist");
  if (identities.length <= 1) throw unprocessable('single_identity_not_deletable', 'User must have at least 1 identity after unlinking');
  const now = nowIso(r.config.now);
  await r.db.transaction(async (tx) => {
    await tx.query('delete from auth.identities where id = $1 and user_id = $2', [identityId, user.id]);
    const remaining = identities.filter((i) => i.id !== identityId).map((i) => i.provider);
    const app = { ...(user.raw_app_meta_data ?? {}), providers: [...new Set(remaining)] };
    await tx.query('update auth.users set raw_app_meta_data = $2, updated_at = $3 where id = $1', [user.id, JSON.stringify(app), now]);
  });
  r.json(200, {});
}
