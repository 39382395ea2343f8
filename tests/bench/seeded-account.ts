import { createClient, type Session, type SupabaseClient } from '@supabase/supabase-js';

/**
 * The account the first-load benchmarks use: `links` links, all in 'Recently Saved
 * Links' and spread over `folders` folders of its own ('Folder 01'...) as their second category,
 * newest first one second apart. Written through supabase-js as the user (setup, not measured).
 */
export interface SeededAccount {
  client: SupabaseClient;
  session: Session;
  userId: string;
  savedFolderId: string;
  /** The account's own folders, 'Folder 01' first. */
  folderIds: string[];
}

export async function createSeededAccount(
  stack: { url: string; anonKey: string; serviceRoleKey: string },
  links: number,
  folders: number,
  namePrefix = 'bench',
): Promise<SeededAccount> {
  const admin = createClient(stack.url, stack.serviceRoleKey, { auth: { persistSession: false } });
  const email = `${namePrefix}-${Date.now()}@example.test`;
  const password = 'Sturdy-Passw0rd!';
  const created = await admin.auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    user_metadata: { first_name: 'Bench', last_name: 'Mark' },
  });
  if (created.error) throw created.error;
  const client = createClient(stack.url, stack.anonKey, { auth: { persistSession: false } });
  const { data: signIn, error } = await client.auth.signInWithPassword({ email, password });
  if (error || !signIn.session) throw error ?? new Error('no session');
  const userId = signIn.user.id;

  const { data: saved, error: savedError } = await client.from('categories').select('id').eq('system_key', 'saved').single();
  if (savedError) throw savedError;
  const savedFolderId = saved.id as string;
  const folderIds: string[] = [];
  for (let i = 0; i < folders; i++) {
    const { data, error: insertError } = await client
      .from('categories')
      .insert({ user_id: userId, name: `Folder ${String(i + 1).padStart(2, '0')}` })
      .select('id')
      .single();
    if (insertError) throw insertError;
    folderIds.push(data.id as string);
  }
  const newest = Date.now() - 3600_000;
  for (let start = 0; start < links; start += 1000) {
    const rows = Array.from({ length: Math.min(1000, links - start) }, (_, j) => {
      const i = start + j;
      return {
        user_id: userId,
        title: `Link ${i} about topic ${i % 97}`,
        url: `https://example-${i % 500}.test/page/${i}`,
        category_id: savedFolderId,
        second_category_id: folderIds[i % folderIds.length],
        created_at: new Date(newest - i * 1000).toISOString(),
      };
    });
    const { error: insertError } = await client.from('links').insert(rows);
    if (insertError) throw insertError;
  }
  return { client, session: signIn.session, userId, savedFolderId, folderIds };
}
