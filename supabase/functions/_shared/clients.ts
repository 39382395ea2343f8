import { createClient, type SupabaseClient, type User } from '@supabase/supabase-js';
import { requireEnv } from './env.ts';
import { HttpError } from './http.ts';

const noSession = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } };

/** Service-role client: bypasses RLS, so every use must first check who the caller is. */
export function adminClient(): SupabaseClient {
  return createClient(requireEnv('SUPABASE_URL'), requireEnv('SUPABASE_SERVICE_ROLE_KEY'), noSession);
}

/** A client acting as the caller: RLS applies exactly as in the browser. */
export function userClient(token: string): SupabaseClient {
  return createClient(requireEnv('SUPABASE_URL'), requireEnv('SUPABASE_ANON_KEY'), {
    ...noSession,
    global: { headers: { Authorization: `Bearer ${token}` } },
  });
}

export function bearerToken(req: Request): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.get('authorization') ?? '');
  return match?.[1];
}

/** The signed-in caller (checked with the auth server), or 401 'Authentication required'. */
export async function requireUser(req: Request): Promise<{ user: User; token: string }> {
  const token = bearerToken(req);
  if (!token) throw new HttpError(401, 'unauthorized', 'Authentication required');
  const { data, error } = await adminClient().auth.getUser(token);
  if (error || !data.user) throw new HttpError(401, 'unauthorized', 'Authentication required');
  return { user: data.user, token };
}
