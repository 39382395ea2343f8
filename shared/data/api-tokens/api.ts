import type { ApiTokenScope } from '../../rules/api-tokens.ts';
import type { DataClient } from '../client.ts';
import { unwrap } from '../errors.ts';

/** A token as its owner sees it: never the token nor its hash, only the first characters. */
export interface ApiTokenRow {
  id: string;
  name: string;
  scope: ApiTokenScope;
  token_prefix: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

/** A token just made: `token` is shown once and stored nowhere but in its SHA-256. */
export interface CreatedApiToken extends Omit<ApiTokenRow, 'last_used_at' | 'revoked_at'> {
  token: string;
}

const COLUMNS = 'id,name,scope,token_prefix,created_at,last_used_at,revoked_at';

/** The user's tokens, newest first (revoked ones included, marked). */
export async function listApiTokens(client: DataClient, userId: string): Promise<ApiTokenRow[]> {
  const rows = unwrap(await client.from('api_tokens').select(COLUMNS).eq('user_id', userId).order('created_at', { ascending: false }));
  return (rows ?? []) as ApiTokenRow[];
}

/** Makes a token (the database generates it and keeps only its hash). */
export async function createApiToken(client: DataClient, input: { name: string; scope: ApiTokenScope }): Promise<CreatedApiToken> {
  const { createApiTokenSchema } = await import('../../schemas/api-token.ts');
  const values = createApiTokenSchema.parse(input);
  return unwrap(await client.rpc('create_api_token', { p_name: values.name, p_scope: values.scope })) as unknown as CreatedApiToken;
}

/** Revokes a token for good: the API refuses it from now on. */
export async function revokeApiToken(client: DataClient, id: string): Promise<void> {
  const rows = unwrap(await client.from('api_tokens').update({ revoked_at: new Date().toISOString() }).eq('id', id).select('id'));
  if (!rows?.length) throw new Error('Token not found.');
}
