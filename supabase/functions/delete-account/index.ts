import { createClient } from '@supabase/supabase-js';
import { DELETE_ACCOUNT_MESSAGES, deleteAccountBodySchema } from '~shared/schemas/delete-account.ts';
import { adminClient, requireUser } from '../_shared/clients.ts';
import { requireEnv } from '../_shared/env.ts';
import { handle, HttpError, json, parseWith, readJsonBody } from '../_shared/http.ts';

/** Storage removes at most this many paths per call (Supabase's limit is 1000). */
const REMOVE_BATCH = 100;

/**
 * Deletes the caller's account (/settings/privacy 'Delete my account'): the typed
 * confirmation and the password again, then every stored object under {user_id}/ in every bucket
 * (through the Storage API, so the bytes go too), then the auth user, whose deletion cascades to
 * every row of the user (all user tables reference auth.users on delete cascade).
 */
Deno.serve(
  handle(async (req) => {
    const { user } = await requireUser(req);
    const { password } = parseWith(deleteAccountBodySchema, await readJsonBody(req));
    if (!user.email) throw new HttpError(400, 'no_email', 'This account has no e-mail address to check the password against.');

    // Re-authenticate: a stolen session alone must not be able to delete the account.
    const anon = createClient(requireEnv('SUPABASE_URL'), requireEnv('SUPABASE_ANON_KEY'), {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    });
    const { data: signIn, error: signInError } = await anon.auth.signInWithPassword({ email: user.email, password });
    if (signInError || signIn.user?.id !== user.id) throw new HttpError(403, 'wrong_password', DELETE_ACCOUNT_MESSAGES.wrongPassword);

    const admin = adminClient();
    const { data: objects, error: listError } = await admin.rpc('account_storage_objects', { target_user_id: user.id });
    if (listError) throw new Error(`cannot list stored files: ${listError.message}`);
    const byBucket = new Map<string, string[]>();
    for (const o of (objects ?? []) as Array<{ bucket_id: string; name: string }>) {
      byBucket.set(o.bucket_id, [...(byBucket.get(o.bucket_id) ?? []), o.name]);
    }
    let removedFiles = 0;
    for (const [bucket, paths] of byBucket) {
      for (let i = 0; i < paths.length; i += REMOVE_BATCH) {
        const { data, error } = await admin.storage.from(bucket).remove(paths.slice(i, i + REMOVE_BATCH));
        if (error) throw new Error(`cannot remove stored files: ${error.message}`);
        removedFiles += data?.length ?? 0;
      }
    }

    const { error: deleteError } = await admin.auth.admin.deleteUser(user.id);
    if (deleteError) throw new Error(`cannot delete user: ${deleteError.message}`);
    return json({ success: true, removed_files: removedFiles });
  }),
);
