import type { Queryable, QueryResult, Row } from './index.ts';

export interface PgliteEngine extends Queryable {
  /**
   * One statement after the role settings (values for ROLE_SETTINGS_SQL) and the pre-request
   * statement `pre` if given, in one implicit transaction.
   */
  queryAsRole<T = Row>(settings: string[], sql: string, params?: unknown[], prepare?: boolean, pre?: string): Promise<QueryResult<T>>;
  /** Several queryAsRole calls in one exchange with the database, each its own transaction; answers in order. */
  /** `flat`: results may come as { rowCount, fields, values } (values row by row) instead of rows. */
  queryAsRoleMany(
    items: { settings: string[]; sql: string; params?: unknown[]; prepare?: boolean; pre?: string }[],
    flat?: boolean,
  ): Promise<
    (
      | { ok: true; result: QueryResult | { rowCount: number; fields: QueryResult['fields']; values: unknown[] } }
      | { ok: false; error: unknown }
    )[]
  >;
  transaction<T>(this: void, fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(this: void): Promise<void>;
}

export function openEngine(dataDir: string, roleSettingsSql: string): Promise<PgliteEngine>;
