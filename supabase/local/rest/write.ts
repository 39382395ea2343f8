// INSERT / UPDATE / DELETE statements: the payload travels as ONE bound JSON parameter that
// Postgres itself turns into typed rows (json_populate_recordset), as PostgREST does.
import { PgrstError, SchemaMissError, invalidJson } from './errors.ts';
import { parseNameList, type Condition, type Preferences } from './parse.ts';
import { type Relation } from './schema.ts';
import { conditionSql, ident, qualified, type ColumnScope, type Params } from './sql.ts';

type JsonObject = Record<string, unknown>;

function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function unknownPayloadColumn(table: string, column: string): PgrstError {
  return new SchemaMissError(400, 'PGRST204', `Could not find the '${column}' column of '${table}' in the schema cache`);
}

/** The rows of an insert body: one object or an array of objects. */
export function payloadRows(body: unknown): JsonObject[] {
  if (isObject(body)) return [body];
  if (Array.isArray(body) && body.every(isObject)) return body;
  throw invalidJson('The request body must be a JSON object or an array of objects');
}

/** The columns written: `columns=` when given, else the keys of the payload (identical in every row). */
export function payloadColumns(table: Relation, rows: JsonObject[], columnsParam: string | null): string[] {
  let cols: string[];
  if (columnsParam !== null) cols = [...new Set(parseNameList('columns', columnsParam))];
  else {
    cols = rows.length > 0 ? Object.keys(rows[0]) : [];
    const key = [...cols].sort().join('\u0000');
    for (const r of rows) {
      if (Object.keys(r).sort().join('\u0000') !== key) throw invalidJson('All object keys must match');
    }
  }
  for (const c of cols) if (!table.columns.has(c)) throw unknownPayloadColumn(table.name, c);
  return cols;
}

/** `rawRows`: the body's own JSON text as an array (never re-serialised: big numbers stay exact). */
export function insertSql(
  table: Relation,
  rows: JsonObject[],
  rawRows: string,
  cols: string[],
  prefs: Preferences,
  onConflictParam: string | null,
  returning: string,
  params: Params,
): string {
  const target = qualified(table.schema, table.name);
  const colList = cols.map(ident).join(', ');
  const payload = params.add(rawRows);
  let sql: string;
  if (cols.length === 0) {
    sql = `INSERT INTO ${target} AS t0 SELECT FROM json_array_elements(${payload}::json)`;
  } else if (prefs.missing === 'default') {
    // A key absent from an object takes the column default, so each cell is a value or DEFAULT.
    const values = rows.map(
      (r, i) =>
        `(${cols.map((c) => (Object.hasOwn(r, c) ? `(json_populate_record(NULL::${target}, ${payload}::json -> ${i})).${ident(c)}` : 'DEFAULT')).join(', ')})`,
    );
    sql = `INSERT INTO ${target} AS t0 (${colList}) VALUES ${values.join(', ')}`;
  } else {
    sql = `INSERT INTO ${target} AS t0 (${colList}) SELECT ${colList} FROM json_populate_recordset(NULL::${target}, ${payload}::json) AS _p`;
  }
  if (prefs.resolution) {
    const conflict = onConflictParam !== null ? parseNameList('on_conflict', onConflictParam) : table.primaryKey;
    for (const c of conflict)
      if (!table.columns.has(c)) throw new SchemaMissError(400, '42703', `column ${table.name}.${c} does not exist`);
    if (conflict.length === 0)
      throw new PgrstError(400, 'PGRST103', `Upsert on '${table.name}' needs on_conflict columns: the table has no primary key`);
    const conflictList = conflict.map(ident).join(', ');
    if (prefs.resolution === 'ignore-duplicates' || cols.length === 0) sql += ` ON CONFLICT (${conflictList}) DO NOTHING`;
    else sql += ` ON CONFLICT (${conflictList}) DO UPDATE SET ${cols.map((c) => `${ident(c)} = EXCLUDED.${ident(c)}`).join(', ')}`;
  }
  return `${sql} RETURNING ${returning}`;
}

function whereSql(scope: ColumnScope, conditions: Condition[], params: Params): string {
  const parts = conditions.map((c) => conditionSql(scope, c, params));
  return parts.length > 0 ? ` WHERE ${parts.join(' AND ')}` : '';
}

/** UPDATE with the body's keys; an empty body changes nothing (and so matches no row). */
export function updateSql(
  table: Relation,
  body: unknown,
  rawBody: string,
  columnsParam: string | null,
  conditions: Condition[],
  returning: string,
  params: Params,
): string {
  if (!isObject(body)) throw invalidJson('The request body must be a JSON object');
  const cols = payloadColumns(table, [body], columnsParam);
  const target = qualified(table.schema, table.name);
  const scope: ColumnScope = { label: table.name, alias: 't0', columns: table.columns };
  if (cols.length === 0) return `SELECT ${returning} FROM ${target} AS t0 WHERE false`;
  const payload = params.add(rawBody);
  const set = cols.map((c) => `${ident(c)} = _p.${ident(c)}`).join(', ');
  return `UPDATE ${target} AS t0 SET ${set} FROM json_populate_record(NULL::${target}, ${payload}::json) AS _p${whereSql(scope, conditions, params)} RETURNING ${returning}`;
}

export function deleteSql(table: Relation, conditions: Condition[], returning: string, params: Params): string {
  const scope: ColumnScope = { label: table.name, alias: 't0', columns: table.columns };
  return `DELETE FROM ${qualified(table.schema, table.name)} AS t0${whereSql(scope, conditions, params)} RETURNING ${returning}`;
}
