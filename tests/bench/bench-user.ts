import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../shared/data/database.ts';

/** A confirmed, signed-in account for a benchmark (created with the service-role client `admin`). */
export async function benchUser(admin: SupabaseClient, url: string, anonKey: string, bench: string, tag: string) {
  const email = `bench-${bench}-${tag}-${Date.now()}@example.test`;
  const password = 'Sturdy-Passw0rd!';
  const created = await admin.auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    user_metadata: { first_name: 'Bench', last_name: tag },
  });
  if (created.error) throw created.error;
  // Typed as the data layer's client: the benchmarks call shared/data with it.
  const client = createClient<Database>(url, anonKey, { auth: { persistSession: false } });
  const { data, error } = await client.auth.signInWithPassword({ email, password });
  if (error || !data.session) throw error ?? new Error('no session');
  return { client, session: data.session, userId: data.user.id };
}
