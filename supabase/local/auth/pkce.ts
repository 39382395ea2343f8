import { createHash, randomUUID } from 'node:crypto';
import type { Queryable } from '../db/index.ts';
import { authError, badRequest, notFound, validationFailed } from './errors.ts';
import { sameToken } from './otp.ts';

/** A PKCE flow state lives this long after its auth code is handed out (GoTrue: 5 minutes). */
const FLOW_STATE_LIFETIME_MS = 5 * 60_000;

export interface PkceParams {
  codeChallenge: string;
  method: 's256' | 'plain';
}

/** supabase-js sends code_challenge(+_method) when its flowType is 'pkce'; both or neither. */
export function readPkce(challenge: unknown, method: unknown): PkceParams | undefined {
  const c = typeof challenge === 'string' && challenge ? challenge : undefined;
  const m = typeof method === 'string' && method ? method.toLowerCase() : undefined;
  if (!c && !m) return undefined;
  if (!c || !m) throw validationFailed('PKCE flow requires code_challenge_method and code_challenge');
  if (m !== 's256' && m !== 'plain') throw validationFailed(`code challenge method not supported: ${m}`);
  if (c.length < 43 || c.length > 128) throw validationFailed('code challenge has to be between 43 and 128 characters');
  return { codeChallenge: c, method: m };
}

export async function createFlowState(
  tx: Queryable,
  p: PkceParams,
  opts: { userId?: string; providerType: string; authMethod: string; now: string },
): Promise<string> {
  const id = randomUUID();
  await tx.query(
    `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type, authentication_method, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $8)`,
    [id, opts.userId ?? null, randomUUID(), p.method, p.codeChallenge, opts.providerType, opts.authMethod, opts.now],
  );
  return id;
}

/** Marks the user's latest flow of this kind as ready and returns its auth code (for `?code=`). */
export async function issueAuthCode(
  tx: Queryable,
  where: { flowId?: string; userId: string; authMethod: string },
  now: string,
): Promise<string | undefined> {
  const r = where.flowId
    ? await tx.query<{ auth_code: string }>(
        'update auth.flow_state set user_id = $2, auth_code_issued_at = $3, updated_at = $3 where id = $1 returning auth_code',
        [where.flowId, where.userId, now],
      )
    : await tx.query<{ auth_code: string }>(
        `update auth.flow_state set auth_code_issued_at = $3, updated_at = $3 where id = (
           select id from auth.flow_state where user_id = $1 and authentication_method = $2 order by created_at desc limit 1) returning auth_code`,
        [where.userId, where.authMethod, now],
      );
  return r.rows[0]?.auth_code;
}

interface FlowRow {
  id: string;
  user_id: string | null;
  code_challenge_method: string;
  code_challenge: string;
  authentication_method: string;
  auth_code_issued_at: Date | null;
  provider_access_token: string | null;
}

/** /token?grant_type=pkce: checks the verifier against the stored challenge and consumes the flow. */
export async function consumeAuthCode(
  tx: Queryable,
  authCode: string,
  verifier: string,
  nowMs: number,
): Promise<{ userId: string; authMethod: string; providerToken?: string }> {
  if (!authCode || !verifier) throw validationFailed('invalid request: both auth code and code verifier should be non-empty');
  const r = await tx.query<FlowRow>('delete from auth.flow_state where auth_code = $1 returning *', [authCode]);
  const flow = r.rows[0];
  if (!flow || !flow.user_id || !flow.auth_code_issued_at)
    throw notFound('flow_state_not_found', 'invalid flow state, no valid flow state found');
  if (nowMs - new Date(flow.auth_code_issued_at).getTime() > FLOW_STATE_LIFETIME_MS)
    throw authError(400, 'flow_state_expired', 'invalid flow state, flow state has expired');
  const computed = flow.code_challenge_method === 's256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
  if (!sameToken(computed, flow.code_challenge))
    throw badRequest('bad_code_verifier', 'code challenge does not match previously saved code verifier');
  return { userId: flow.user_id, authMethod: flow.authentication_method, providerToken: flow.provider_access_token ?? undefined };
}
