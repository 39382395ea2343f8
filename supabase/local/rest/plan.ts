// Turns one HTTP request into one SQL statement (text + bound values) and how to answer with its result.
import { PgrstError, SchemaMissError } from './errors.ts';
import { OPERATORS, parseSelect, type Preferences } from './parse.ts';
import {
  Aliases,
  applyQueryParams,
  buildReadTree,
  checkAggregates,
  plannedCountStatement,
  readOutputNames,
  readStatement,
  type ReadNode,
} from './read.ts';
import { closestMatch } from './fuzzy.ts';
import { callSql, resolveFunction, resolveRawBodyFunction } from './rpc.ts';
import { type Column, type Relation, type SchemaCache } from './schema.ts';
import { ident, Params, qualified } from './sql.ts';
import { deleteSql, insertSql, payloadColumns, payloadRows, updateSql } from './write.ts';

export type Route = { kind: 'table'; name: string } | { kind: 'rpc'; name: string };

/** Types of a single unnamed parameter PostgREST fills with a non-JSON body. */
export type RawParamType = 'text' | 'xml' | 'bytea';

export interface RequestShape {
  method: 'GET' | 'HEAD' | 'POST' | 'PATCH' | 'DELETE';
  route: Route;
  search: URLSearchParams;
  prefs: Preferences;
  /** Range header already parsed: rows [from, to] (to undefined = open). */
  range?: { from: number; to?: number };
  stripNulls: boolean;
  body: unknown;
  /** The body's JSON text as received (bound as is, so numbers keep their precision). */
  rawBody?: string;
  /**
   * A function call's body sent as text/plain, text/xml or application/octet-stream: the type of
   * the single unnamed parameter that receives it (rawBody holds it; bytea as `\\x` hex).
   */
  rawType?: RawParamType;
  /** max_rows and the embed depth cap; none when absent. */
  limits?: ReadLimits;
  /** Accept: text/csv. */
  csv?: boolean;
}

export interface ReadLimits {
  maxRows: number;
  maxEmbedDepth: number;
}

export interface Plan {
  sql: string;
  params: unknown[];
  /** 'rows': the body is a JSON array; 'object': a one-row composite result; 'scalar': any JSON value; 'void': no body. */
  result: 'rows' | 'object' | 'scalar' | 'void';
  /** The body is wanted (GET, return=representation, rpc). */
  returnsBody: boolean;
  offset: number;
  counted: boolean;
  mutation: boolean;
  /** A plain table read: no side effects, so nothing ever needs rolling back. */
  readOnly: boolean;
  /** GET/HEAD of a function: runs in a read-only transaction, as PostgREST does. */
  readOnlyTx?: boolean;
  /** A function call (max-affected counts the rows it returns). */
  rpc?: boolean;
  /** An upsert: the result row carries `inserted` (merge-duplicates: 201 when a row was inserted, else 200). */
  upsert?: 'merge-duplicates' | 'ignore-duplicates';
  /** count=planned / count=estimated past `estimatedCap` rows: EXPLAIN this for the total. */
  plannedCount?: { sql: string; params: unknown[] };
  /** count=estimated: the exact count is used up to this many rows. */
  estimatedCap?: number;
  /** Accept: text/csv: the header row (the body holds the records). */
  csvHeader?: string;
}

const MINIMAL_TAIL = 'SELECT NULL::text AS total, count(*)::int AS page_count, NULL::text AS body';
const INSERTED = '(SELECT count(*) FROM pgrst_mut WHERE pgrst_inserted)::int AS inserted';

/** PostgREST suggests a table only in schemas of fewer than 500 tables (its fuzzy index is costly). */
const MAX_TABLES_FOR_HINT = 500;

function tableOf(cache: SchemaCache, name: string): Relation {
  const table = cache.relations.get(name);
  if (!table) {
    const other = cache.relations.size < MAX_TABLES_FOR_HINT ? closestMatch(cache.relations.keys(), name, 0.75) : undefined;
    const hint = other === undefined ? null : `Perhaps you meant the table '${cache.schema}.${other}'`;
    throw new SchemaMissError(404, 'PGRST205', `Could not find the table '${cache.schema}.${name}' in the schema cache`, null, hint);
  }
  return table;
}

function selectItems(search: URLSearchParams) {
  return parseSelect(search.get('select') ?? '*');
}

/** The Range header applies when neither limit nor offset is in the query string. */
function applyRange(root: ReadNode, range: RequestShape['range']): void {
  if (!range || root.limit !== undefined || root.offset !== undefined) return;
  root.offset = range.from;
  if (range.to !== undefined) root.limit = Math.max(0, range.to - range.from + 1);
}

export function buildPlan(cache: SchemaCache, r: RequestShape): Plan {
  return r.route.kind === 'rpc' ? planRpc(cache, r, r.route.name) : planTable(cache, r, tableOf(cache, r.route.name));
}

/** How the total is counted for Prefer: count=exact|planned|estimated (PostgREST's three). */
function countMode(
  r: RequestShape,
  root: ReadNode,
  from: string,
): Pick<Plan, 'plannedCount' | 'estimatedCap'> & { count: boolean | number } {
  const mode = r.prefs.count;
  if (mode === 'planned') return { count: false, plannedCount: plannedCountStatement(root, from) };
  if (mode === 'estimated') {
    const cap = r.limits?.maxRows || 1000;
    return { count: cap, estimatedCap: cap, plannedCount: plannedCountStatement(root, from) };
  }
  return { count: mode === 'exact' };
}

function planTable(cache: SchemaCache, r: RequestShape, table: Relation): Plan {
  const params = new Params();
  const aliases = new Aliases();
  const root = buildReadTree(cache, { relation: table.name, label: table.name, columns: table.columns }, selectItems(r.search), aliases);
  const counted = r.prefs.count !== undefined;
  if (r.method === 'GET' || r.method === 'HEAD') {
    applyQueryParams(root, r.search, (k) => k === 'select', { allowRange: true });
    checkAggregates(cache, root);
    applyRange(root, r.range);
    capReadTree(root, r.limits, true);
    const from = `${qualified(cache.schema, table.name)} AS ${root.alias}`;
    const { count, ...countPlan } = countMode(r, root, from);
    const sql = readStatement(root, params, { from, count, stripNulls: r.stripNulls, csv: r.csv });
    return {
      sql,
      params: params.values,
      result: 'rows',
      returnsBody: r.method === 'GET',
      offset: root.offset ?? 0,
      counted,
      mutation: false,
      readOnly: true,
      ...countPlan,
      csvHeader: r.csv ? readOutputNames(root).join(',') : undefined,
    };
  }
  const skip = new Set(['select', 'columns', 'on_conflict']);
  applyQueryParams(root, r.search, (k) => skip.has(k), { allowRange: false });
  checkAggregates(cache, root);
  capReadTree(root, r.limits, false);
  const wantsBody = r.prefs.return === 'representation';
  const upsert = r.method === 'POST' ? r.prefs.resolution : undefined;
  const names = wantsBody ? returningList(root, table) : [];
  // Every column comes back: the CTE's rows are cast to the table's row type for computed fields
  // and relationships.
  if (names === null) root.rowExpr = `ROW(${root.alias}.*)::${qualified(table.schema, table.name)}`;
  // An upsert also returns whether each row was inserted (xmax = 0), read back from a second CTE.
  const cols = names ?? [...table.columns.keys()];
  let returning = names === null && !upsert ? 't0.*' : cols.length > 0 ? cols.map((n) => `t0.${ident(n)}`).join(', ') : '1 AS pgrst_none';
  if (upsert) returning += ', (t0.xmax = 0) AS pgrst_inserted';
  let mutation: string;
  if (r.method === 'POST') {
    const rows = payloadRows(r.body);
    const payloadCols = payloadColumns(table, rows, r.search.get('columns'));
    const raw = r.rawBody ?? JSON.stringify(r.body);
    mutation = insertSql(
      table,
      rows,
      Array.isArray(r.body) ? raw : `[${raw}]`,
      payloadCols,
      r.prefs,
      r.search.get('on_conflict'),
      returning,
      params,
    );
  } else {
    // The top-level filters pick the rows changed; the select tree only shapes what comes back.
    const conditions = root.conditions;
    root.conditions = [];
    mutation =
      r.method === 'PATCH'
        ? updateSql(table, r.body, r.rawBody ?? JSON.stringify(r.body), r.search.get('columns'), conditions, returning, params)
        : deleteSql(table, conditions, returning, params);
  }
  const sourceCols = cols.length > 0 ? cols.map(ident).join(', ') : 'pgrst_none';
  const withClause = upsert
    ? `WITH pgrst_mut AS (${mutation}), pgrst_source AS (SELECT ${sourceCols} FROM pgrst_mut) `
    : `WITH pgrst_source AS (${mutation}) `;
  const extra = upsert ? INSERTED : undefined;
  const sql = wantsBody
    ? readStatement(root, params, {
        with: withClause,
        from: `pgrst_source AS ${root.alias}`,
        count: false,
        stripNulls: r.stripNulls,
        extra,
        csv: r.csv,
      })
    : `${withClause}${MINIMAL_TAIL}${extra ? `, ${extra}` : ''} FROM pgrst_source`;
  return {
    sql,
    params: params.values,
    result: 'rows',
    returnsBody: wantsBody,
    offset: 0,
    counted,
    mutation: true,
    readOnly: false,
    upsert,
    csvHeader: r.csv && wantsBody ? readOutputNames(root).join(',') : undefined,
  };
}

/** `[not.]op[(modifier)].value`: a filter, not a function argument (PostgREST's pOpExpr). */
const OPERATOR_EXPRESSION = new RegExp(`^(not\\.)?(${OPERATORS.join('|')})(\\([^)]*\\))?\\.`);
const RESERVED_PARAMS = new Set(['select', 'order', 'limit', 'offset', 'or', 'and', 'not.or', 'not.and', 'columns', 'on_conflict']);

function isReservedParam(key: string): boolean {
  if (RESERVED_PARAMS.has(key)) return true;
  return ['order', 'limit', 'offset', 'or', 'and'].some((s) => key.endsWith(`.${s}`));
}

function planRpc(cache: SchemaCache, r: RequestShape, name: string): Plan {
  const params = new Params();
  const isRead = r.method === 'GET' || r.method === 'HEAD';
  if (r.method !== 'POST' && !isRead) throw new PgrstError(405, 'PGRST101', 'Only GET, HEAD or POST requests are allowed for functions');
  // GET passes the arguments in the query string, as PostgREST reads it: every parameter that is
  // not a reserved word and whose value is not an operator expression (`eq.1`) is an argument.
  const argNames = new Set<string>();
  let args: unknown = r.body ?? {};
  let rawArgs = r.body === undefined ? '{}' : (r.rawBody ?? JSON.stringify(r.body));
  if (isRead) {
    const fromQuery: Record<string, string> = {};
    for (const [k, v] of r.search) {
      if (isReservedParam(k) || OPERATOR_EXPRESSION.test(v)) continue;
      fromQuery[k] = v;
      argNames.add(k);
    }
    args = fromQuery;
    rawArgs = JSON.stringify(fromQuery);
  }
  const call = r.rawType && !isRead ? resolveRawBodyFunction(cache, name, r.rawType) : resolveFunction(cache, name, args, !isRead);
  if (r.rawType && !isRead) rawArgs = r.rawBody ?? '';
  const { argsFrom, call: callExpr } = callSql(call, rawArgs, params);
  const fn = call.fn;
  // A function's result is counted exactly whatever count= asks (its rows exist only once it ran).
  const counted = r.prefs.count !== undefined;
  const returnsBody = r.method !== 'HEAD';
  if (fn.returnKind === 'void' || (fn.returnKind === 'scalar' && !fn.returnsSet)) {
    const sql = `SELECT ${counted ? "'1'" : 'NULL::text'} AS total, 1 AS page_count, to_json(${callExpr})::text AS body FROM ${argsFrom}`;
    return {
      sql,
      params: params.values,
      result: fn.returnKind === 'void' ? 'void' : 'scalar',
      returnsBody,
      offset: 0,
      counted,
      mutation: false,
      readOnly: false,
      readOnlyTx: isRead,
      rpc: true,
    };
  }
  const skip = (k: string) => k === 'select' || (isRead && argNames.has(k));
  const aliases = new Aliases();
  let root: ReadNode;
  let from: string;
  let scalarColumn: string | undefined;
  if (fn.returnKind === 'composite') {
    root = buildReadTree(
      cache,
      {
        relation: fn.returnRelation,
        label: fn.name,
        columns: fn.returnColumns,
        computed: fn.returnRelation ? cache.computed.get(fn.returnRelation) : undefined,
      },
      selectItems(r.search),
      aliases,
    );
    from = `${argsFrom} CROSS JOIN LATERAL ${callExpr} AS ${root.alias}`;
  } else {
    // setof scalar: one column named after the function, answered as an array of values.
    const columns = new Map<string, Column>([[fn.name, { name: fn.name, type: fn.returnType, notNull: false, defaultExpr: null }]]);
    const select = r.search.get('select');
    root = buildReadTree(cache, { relation: null, label: fn.name, columns }, selectItems(r.search), aliases);
    from = `${argsFrom} CROSS JOIN LATERAL ${callExpr} AS ${root.alias}(${ident(fn.name)})`;
    if (select === null || select === '*') scalarColumn = fn.name;
  }
  applyQueryParams(root, r.search, skip, { allowRange: true });
  checkAggregates(cache, root);
  applyRange(root, r.range);
  capReadTree(root, r.limits, fn.returnsSet);
  const csv = r.csv && fn.returnsSet && !scalarColumn;
  const sql = readStatement(root, params, { from, count: counted, stripNulls: r.stripNulls, scalarColumn, csv });
  return {
    sql,
    params: params.values,
    result: fn.returnsSet ? 'rows' : 'object',
    returnsBody,
    offset: root.offset ?? 0,
    counted,
    mutation: false,
    readOnly: false,
    readOnlyTx: isRead,
    rpc: true,
    csvHeader: csv ? readOutputNames(root).join(',') : undefined,
  };
}

/**
 * What a mutation returns for `return=representation`: only the columns the select tree reads
 * (its columns, the keys its embeds join on, the order terms), as PostgREST does, so a column the
 * role may not read (column privileges, e.g. shared_links.recipient_user_id) does not fail a
 * `.delete().select('id')`. null: a star (every column), also what a computed field or computed
 * relationship needs (the whole row).
 */
function returningList(root: ReadNode, table: Relation): string[] | null {
  const names = new Set<string>();
  for (const item of root.items) {
    if (item.kind === 'star') return null;
    if (item.kind === 'column' && item.field.name !== '*' && !table.columns.has(item.field.name)) return null;
    if (item.kind === 'column') names.add(item.field.name);
  }
  for (const embed of root.embeds) {
    const r = embed.relationship;
    if (r.computed) return null;
    for (const c of r.cardinality === 'many-to-one' ? r.fk.columns : r.fk.refColumns) names.add(c);
  }
  for (const term of root.order) names.add(term.field.name);
  return [...names].filter((n) => table.columns.has(n));
}

/**
 * max_rows (PostgREST's db-max-rows, from supabase/config.toml) caps the top level of a
 * read and, locally, every embedded list per parent row; embeds nest at most maxEmbedDepth deep.
 */
function capReadTree(root: ReadNode, limits: ReadLimits | undefined, capRoot: boolean): void {
  if (!limits) return;
  const clamp = (node: ReadNode) => {
    if (limits.maxRows > 0) node.limit = node.limit === undefined ? limits.maxRows : Math.min(node.limit, limits.maxRows);
  };
  if (capRoot) clamp(root);
  const walk = (node: ReadNode, depth: number) => {
    for (const embed of node.embeds) {
      if (limits.maxEmbedDepth > 0 && depth + 1 > limits.maxEmbedDepth) {
        throw new PgrstError(
          400,
          'PGRST100',
          `Embedded resources nest at most ${limits.maxEmbedDepth} levels deep`,
          `'${embed.outputName}' is at level ${depth + 1}`,
          'Ask for the deeper resources in a second request.',
        );
      }
      if (!embed.toOne) clamp(embed);
      walk(embed, depth + 1);
    }
  };
  walk(root, 0);
}
