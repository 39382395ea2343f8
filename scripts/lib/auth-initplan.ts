/**
 * Supabase's auth_rls_initplan rule (its database advisor): a policy calls auth.uid(), auth.jwt(),
 * auth.role() or auth.email() (and current_setting()) inside a scalar subquery, `(select
 * auth.uid())`, so Postgres evaluates it once per statement (an InitPlan) rather than once per row.
 * The value is the same: these functions are stable within a statement.
 *
 * Works on policy expressions as Postgres deparses them (pg_policies.qual / with_check), where the
 * subquery form reads `( SELECT auth.uid() AS uid)`.
 */
const AUTH_FUNCTIONS = ['uid', 'jwt', 'role', 'email'] as const;

const NAMES = AUTH_FUNCTIONS.join('|');
// A call already in a scalar subquery of its own (kept), or a bare call (reported / wrapped).
const WRAPPED_OR_BARE = new RegExp(
  `(\\(\\s*select\\s+(?:auth\\.(?:${NAMES})\\(\\)|current_setting\\([^()]*\\))(?:\\s+as\\s+\\w+)?\\s*\\))|auth\\.(${NAMES})\\(\\)|(current_setting\\([^()]*\\))`,
  'gi',
);

/** The calls in `expr` that run once per row: auth.*() or current_setting() outside a scalar subquery. */
export function bareAuthCalls(expr: string | null): string[] {
  if (!expr) return [];
  const out: string[] = [];
  for (const m of expr.matchAll(WRAPPED_OR_BARE)) if (!m[1]) out.push(m[0]);
  return out;
}

/** `expr` with each bare auth.*() call in a scalar subquery, written as Postgres deparses that form. */
export function wrapAuthCalls(expr: string): string {
  return expr.replace(WRAPPED_OR_BARE, (whole, wrapped: string | undefined, fn: string | undefined, setting: string | undefined) => {
    if (wrapped) return whole;
    if (fn) return `( SELECT auth.${fn}() AS ${fn})`;
    return `( SELECT ${setting} AS current_setting)`;
  });
}
