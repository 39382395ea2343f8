// SQL text helpers: identifiers are quoted (and only ever come from the schema cache or are aliases),
// values are always bound parameters.
import { PgrstError, unknownColumn } from './errors.ts';
import type { Column, SqlFunction } from './schema.ts';
import type { Condition, FieldRef, Filter, OrderTerm } from './parse.ts';

export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

export function ident(name: string): string {
  if (name.includes('\u0000')) throw new PgrstError(400, 'PGRST100', 'Names cannot contain NUL characters');
  return `"${name.replace(/"/g, '""')}"`;
}

export function qualified(schema: string, name: string): string {
  return `${ident(schema)}.${ident(name)}`;
}

/** The columns a field may name, and how errors should call the relation. */
export interface ColumnScope {
  label: string;
  alias: string;
  columns: Map<string, Column>;
  /** Computed fields of the relation: functions taking its row type, named like a column. */
  computed?: Map<string, SqlFunction>;
  /**
   * The row as a value of the relation's type, for computed fields and relationships (default: the
   * alias). A mutation's rows come from a CTE whose rows have no type, so they are cast.
   */
  rowExpr?: string;
}

function column(scope: ColumnScope, name: string): Column {
  const col = scope.columns.get(name);
  if (!col) throw unknownColumn(scope.label, name);
  return col;
}

/** `t0."data"->'a'->>'b'`, keys bound as parameters; array indexes when the key is a whole number. */
export function fieldSql(scope: ColumnScope, field: FieldRef, params: Params): string {
  // PostgREST writes `table.count`, which Postgres reads as count(table) when there is no such
  // column: the legacy `select=count`.
  if (field.name === 'count' && field.path.length === 0 && !scope.columns.has('count') && !scope.computed?.has('count'))
    return `count(${scope.rowExpr ?? scope.alias})`;
  const fn = scope.columns.has(field.name) ? undefined : scope.computed?.get(field.name);
  const col: Column = fn ? { name: fn.name, type: fn.returnType, notNull: false, defaultExpr: null } : column(scope, field.name);
  // A computed field is the function applied to the row (PostgREST: `fn(t0)`).
  let sql = fn ? `${qualified(fn.schema, fn.name)}(${scope.rowExpr ?? scope.alias})` : `${scope.alias}.${ident(col.name)}`;
  if (field.path.length > 0 && col.type !== 'json' && col.type !== 'jsonb') {
    throw new PgrstError(
      400,
      '42883',
      `operator does not exist: ${col.type} ${field.path[0].arrow} unknown`,
      null,
      'Only json and jsonb columns have a JSON path.',
    );
  }
  for (const step of field.path) {
    const key = /^-?\d+$/.test(step.key) ? `${params.add(step.key)}::int` : `${params.add(step.key)}::text`;
    sql += `${step.arrow}${key}`;
  }
  return sql;
}

/** The JSON key a selected field comes out as: its alias, else the last JSON key, else the column. */
export function fieldOutputName(field: FieldRef, alias?: string): string {
  if (alias) return alias;
  return field.path.length > 0 ? field.path[field.path.length - 1].key : field.name;
}

const COMPARISON: Record<string, string> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'LIKE',
  ilike: 'ILIKE',
  match: '~',
  imatch: '~*',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxr: '&<',
  nxl: '&>',
  adj: '-|-',
};
const TSQUERY: Record<string, string> = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
};
const IS: Record<string, string> = { null: 'IS NULL', not_null: 'IS NOT NULL', true: 'IS TRUE', false: 'IS FALSE', unknown: 'IS UNKNOWN' };

/** PostgREST's `*` wildcard of like/ilike is SQL's `%`. */
function likePattern(op: string, v: string): string {
  return op === 'like' || op === 'ilike' ? v.replace(/\*/g, '%') : v;
}

function filterSql(scope: ColumnScope, f: Filter, params: Params): string {
  const lhs = fieldSql(scope, f.field, params);
  let sql: string;
  if (f.op === 'is') sql = `${lhs} ${IS[f.value as string]}`;
  else if (f.op === 'isdistinct') sql = `${lhs} IS DISTINCT FROM ${params.add(f.value)}`;
  else if (f.op === 'in') {
    const list = f.value as string[];
    sql = list.length === 0 ? 'false' : `${lhs} IN (${list.map((v) => params.add(v)).join(', ')})`;
  } else if (f.op in TSQUERY) {
    const lang = f.language ? `${params.add(f.language)}::regconfig, ` : '';
    sql = `${lhs} @@ ${TSQUERY[f.op]}(${lang}${params.add(f.value)})`;
  } else if (f.quantifier) {
    const list = f.value as string[];
    const joiner = f.quantifier === 'any' ? ' OR ' : ' AND ';
    sql =
      list.length === 0
        ? f.quantifier === 'any'
          ? 'false'
          : 'true'
        : `(${list.map((v) => `${lhs} ${COMPARISON[f.op]} ${params.add(likePattern(f.op, v))}`).join(joiner)})`;
  } else sql = `${lhs} ${COMPARISON[f.op]} ${params.add(likePattern(f.op, f.value as string))}`;
  return f.negate ? `NOT (${sql})` : sql;
}

export function conditionSql(scope: ColumnScope, c: Condition, params: Params): string {
  if (c.kind === 'filter') return filterSql(scope, c, params);
  const inner = c.children.map((child) => conditionSql(scope, child, params)).join(c.op === 'and' ? ' AND ' : ' OR ');
  const sql = `(${inner})`;
  return c.negate ? `NOT ${sql}` : sql;
}

export function orderSql(scope: ColumnScope, terms: OrderTerm[], params: Params): string {
  if (terms.length === 0) return '';
  const parts = terms.map((t) => {
    let s = fieldSql(scope, t.field, params);
    if (t.direction) s += t.direction === 'asc' ? ' ASC' : ' DESC';
    if (t.nulls) s += t.nulls === 'first' ? ' NULLS FIRST' : ' NULLS LAST';
    return s;
  });
  return ` ORDER BY ${parts.join(', ')}`;
}

const CAST_ALIASES: Record<string, string> = {
  int: 'int4',
  integer: 'int4',
  bigint: 'int8',
  smallint: 'int2',
  boolean: 'bool',
  real: 'float4',
  float: 'float8',
  'double precision': 'float8',
  decimal: 'numeric',
  'character varying': 'varchar',
};

/** `::type` of a select item: one type name, quoted, optionally an array. */
export function castSql(cast: string): string {
  const m = /^([A-Za-z_][A-Za-z0-9_ ]*?)\s*(\[\])?$/.exec(cast.trim());
  if (!m) throw new PgrstError(400, 'PGRST100', `"failed to parse cast (${cast})"`);
  const base = CAST_ALIASES[m[1].toLowerCase()] ?? m[1];
  if (/\s/.test(base)) throw new PgrstError(400, 'PGRST100', `"failed to parse cast (${cast})"`);
  return `::${ident(base)}${m[2] ?? ''}`;
}
