import type { Database } from '../../supabase/local/db/index.ts';

/** Every table the spec (and the server) needs; the catalogue check also fails on a missing one. */
const EXPECTED_TABLES = [
  'profiles',
  'login_activity',
  'links',
  'categories',
  'shared_links',
  'user_backgrounds',
  'user_roles',
  'ai_chat_history',
  'username_change_history',
  'blocked_senders',
  'user_appearance_settings',
  'user_preferences',
  'notification_settings',
  'notification_outbox',
  'api_tokens',
  'api_request_log',
  'user_privacy_settings',
  'webpage_settings',
  'password_history',
  'email_change_requests',
  'public_page_members',
  'suppressed_shares',
  'tags',
  'link_tags',
  'link_notes',
  'link_search',
  'search_words',
  'page_featured_items',
  'public_folders',
];

/** Functions in public that anon may execute on purpose. */
const ANON_CALLABLE = [
  'get_public_page_by_slug',
  'get_public_page_links',
  'count_featured_open',
  'get_public_folder',
  'count_public_folder_open',
];
/** Functions only the server (service role) may execute. */
const SERVICE_ONLY = [
  'admin_grant',
  'admin_revoke',
  'admin_list',
  'create_email_change_request',
  'confirm_email_change_code',
  'check_email_change_code',
  'claim_email_change_undo',
  'register_storage_url',
  'take_ai_chat_slot',
  'name_is_held',
];

export interface CatalogueReport {
  problems: string[];
  tables: number;
  definerFunctions: number;
  summary: string;
}

/**
 * What the catalogue itself proves: RLS is on for every table in public (and storage.objects),
 * every security definer function pins search_path, and execute rights are as intended.
 */
export async function checkCatalogue(db: Database): Promise<CatalogueReport> {
  const problems: string[] = [];

  const tables = (
    await db.query<{ name: string; rls: boolean }>(
      `select c.relname as name, c.relrowsecurity as rls from pg_class c
        where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') order by 1`,
    )
  ).rows;
  for (const t of tables) if (!t.rls) problems.push(`table public.${t.name} has RLS disabled`);
  for (const name of EXPECTED_TABLES) if (!tables.some((t) => t.name === name)) problems.push(`table public.${name} is missing`);
  const storageRls = (
    await db.query<{ rls: boolean }>(`select relrowsecurity as rls from pg_class where oid = 'storage.objects'::regclass`)
  ).rows[0];
  if (!storageRls?.rls) problems.push('storage.objects has RLS disabled');

  const fns = (
    await db.query<{
      name: string;
      args: string;
      definer: boolean;
      config: string[] | null;
      anon: boolean;
      authenticated: boolean;
      public_exec: boolean;
    }>(
      `select p.proname as name, pg_get_function_identity_arguments(p.oid) as args, p.prosecdef as definer, p.proconfig as config,
              has_function_privilege('anon', p.oid, 'execute') as anon,
              has_function_privilege('authenticated', p.oid, 'execute') as authenticated,
              exists (select 1 from aclexplode(coalesce(p.proacl, acldefault('f', p.proowner))) a where a.grantee = 0 and a.privilege_type = 'EXECUTE') as public_exec
         from pg_proc p
        where p.pronamespace = 'public'::regnamespace
        order by 1`,
    )
  ).rows;
  const definers = fns.filter((f) => f.definer);
  for (const f of definers) {
    const sp = (f.config ?? []).find((c) => c.startsWith('search_path='));
    if (sp !== 'search_path=""') problems.push(`security definer ${f.name}(${f.args}) has search_path ${sp ?? 'unset'}`);
    if (f.public_exec) problems.push(`security definer ${f.name}(${f.args}) is executable by PUBLIC`);
  }
  for (const f of fns) {
    if (f.anon && !ANON_CALLABLE.includes(f.name)) problems.push(`${f.name}(${f.args}) is executable by anon`);
    if (f.authenticated && SERVICE_ONLY.includes(f.name)) problems.push(`${f.name}(${f.args}) is executable by authenticated`);
    if (f.name.startsWith('_') && f.authenticated) problems.push(`internal helper ${f.name}(${f.args}) is executable by authenticated`);
  }
  for (const name of ANON_CALLABLE) if (!fns.some((f) => f.name === name && f.anon)) problems.push(`${name} should be executable by anon`);

  // Policies on the big table call auth.uid() once per statement, `(select auth.uid())`, not once
  // per row: per row, a folder of thousands of links pays the call thousands of times
  // (20261128100000_links_policies_uid_once.sql).
  const perRow = (
    await db.query<{ name: string }>(
      `select policyname::text as name from pg_policies
        where schemaname = 'public' and tablename = 'links'
          and regexp_replace(coalesce(qual, '') || ' ' || coalesce(with_check, ''), '\\(\\s*select\\s+auth\\.uid\\(\\)(\\s+as\\s+uid)?\\s*\\)', '', 'gi') ~* 'auth\\.uid\\(\\)'`,
    )
  ).rows;
  for (const p of perRow) problems.push(`policy ${p.name} on public.links calls auth.uid() once per row (write (select auth.uid()))`);

  return {
    problems,
    tables: tables.length,
    definerFunctions: definers.length,
    summary: `Catalogue: ${tables.length} public tables with RLS on, ${definers.length} security definer functions with search_path='', ${fns.filter((f) => f.anon).length} anon-callable function(s); ${problems.length} problems`,
  };
}
