import type { Queryable } from '../db/index.ts';

const SCHEMA = 'public';

export interface Column {
  name: string;
  /** SQL spelling of the type from format_type(): safe to put after `::` (it comes from the catalogue). */
  type: string;
  notNull: boolean;
  /** pg_get_expr() of the default, from the catalogue. */
  defaultExpr: string | null;
}

export interface Relation {
  /** The schema it lives in (one cache per exposed schema, Accept-Profile / Content-Profile). */
  schema: string;
  name: string;
  kind: 'table' | 'view';
  columns: Map<string, Column>;
  primaryKey: string[];
  /** Column sets with a unique constraint or index (the primary key included). */
  uniqueKeys: string[][];
}

export interface ForeignKey {
  /** Derived for a view from its base table's key (never named directly, as in PostgREST). */
  viaView?: boolean;
  name: string;
  table: string;
  columns: string[];
  refTable: string;
  refColumns: string[];
}

export interface FunctionArg {
  name: string;
  type: string;
  hasDefault: boolean;
  variadic: boolean;
}

export interface SqlFunction {
  schema: string;
  name: string;
  args: FunctionArg[];
  returnsSet: boolean;
  /** SQL spelling of the return type. */
  returnType: string;
  /** 'scalar' for base/domain/enum types, 'composite' for row types, 'void' for void. */
  returnKind: 'scalar' | 'composite' | 'void';
  /** Columns of a row-type result (a table's or the OUT/TABLE parameters), otherwise empty. */
  returnColumns: Map<string, Column>;
  /** The relation a `returns [setof] some_table` function yields: its rows can embed like the table's. */
  returnRelation: string | null;
  volatile: boolean;
  /** pg_class oid of the row type of its only argument, when it is one: a computed field of that relation. */
  rowArgRelid: number;
  /**
   * Callable through /rpc (PostgREST's schema cache): every input argument named, or exactly one
   * unnamed argument of type bytea, json, jsonb, text or xml. Others (e.g. `f(some_table)`, a
   * computed field) are not functions of the API.
   */
  callable: boolean;
  /** The planner's row estimate (ROWS): a set-returning computed relationship with ROWS 1 is to-one. */
  rows: number;
}

export interface Relationship {
  cardinality: 'many-to-one' | 'one-to-many' | 'one-to-one' | 'many-to-many';
  /** A table that references itself (PostgREST's relIsSelf): embedding it by name means its children. */
  self?: boolean;
  /** The target is a view (its relationships come from its base table's keys). */
  targetIsView?: boolean;
  /** The FK that links the two (for many-to-many: source -> junction). */
  fk: ForeignKey;
  /** many-to-many only: the junction table and its FK to the target. */
  junction?: { table: string; targetFk: ForeignKey };
  target: string;
  /**
   * A computed relationship: a function taking the source's row type and returning the target's
   * rows (`setof target`, to-one with `rows 1` or without setof). `fk` then only carries the names.
   */
  computed?: SqlFunction;
}

interface RelRow {
  oid: number;
  name: string;
  kind: string;
}
interface ColRow {
  relid: number;
  name: string;
  type: string;
  not_null: boolean;
  default_expr: string | null;
}
interface KeyRow {
  relid: number;
  cols: string[];
  is_pk: boolean;
}
interface FkRow {
  name: string;
  table_name: string;
  cols: string[];
  ref_table: string;
  ref_cols: string[];
}
interface FnRow {
  name: string;
  arg_names: string[] | null;
  arg_types: string[];
  arg_modes: string[] | null;
  n_defaults: number;
  returns_set: boolean;
  return_type: string;
  return_typtype: string;
  return_relid: number;
  return_relname: string | null;
  volatile: boolean;
  row_arg_relid: number;
  n_args: number;
  rows: number;
}
interface ViewColRow {
  view_oid: number;
  table_oid: number;
  col: string;
}

const RELATIONS_SQL = `
select c.oid::int as oid, c.relname as name, c.relkind::text as kind
from pg_class c join pg_namespace n on n.oid = c.relnamespace
where n.nspname = $1 and c.relkind in ('r', 'v', 'm', 'p', 'f')`;

// Columns of the schema's relations and of any row type a function of the schema returns.
const COLUMNS_SQL = `
select a.attrelid::int as relid, a.attname as name, format_type(a.atttypid, a.atttypmod) as type,
       a.attnotnull as not_null, pg_get_expr(d.adbin, d.adrelid) as default_expr
from pg_attribute a
join pg_class c on c.oid = a.attrelid
join pg_namespace n on n.oid = c.relnamespace
left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
where a.attnum > 0 and not a.attisdropped
  and (n.nspname = $1 or c.oid in (select t.typrelid from pg_proc p join pg_namespace pn on pn.oid = p.pronamespace join pg_type t on t.oid = p.prorettype where pn.nspname = $1))
order by a.attrelid, a.attnum`;

const KEYS_SQL = `
select i.indrelid::int as relid, i.indisprimary as is_pk,
       array(select a.attname::text from unnest(i.indkey::int2[]) with ordinality k(attnum, ord)
             join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum order by k.ord) as cols
from pg_index i
join pg_class c on c.oid = i.indrelid
join pg_namespace n on n.oid = c.relnamespace
where n.nspname = $1 and i.indisunique and i.indpred is null and not (0 = any(i.indkey::int2[]))`;

const FKS_SQL = `
select con.conname as name, c.relname as table_name, rc.relname as ref_table,
       array(select a.attname::text from unnest(con.conkey) with ordinality k(attnum, ord)
             join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum order by k.ord) as cols,
       array(select a.attname::text from unnest(con.confkey) with ordinality k(attnum, ord)
             join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.attnum order by k.ord) as ref_cols
from pg_constraint con
join pg_class c on c.oid = con.conrelid
join pg_namespace n on n.oid = c.relnamespace
join pg_class rc on rc.oid = con.confrelid
join pg_namespace rn on rn.oid = rc.relnamespace
where con.contype = 'f' and n.nspname = $1 and rn.nspname = $1`;

const FUNCTIONS_SQL = `
select p.proname as name, p.proargnames::text[] as arg_names, p.proargmodes::text[] as arg_modes,
       array(select format_type(t, null) from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality u(t, ord) order by ord) as arg_types,
       p.pronargdefaults::int as n_defaults, p.proretset as returns_set,
       format_type(p.prorettype, null) as return_type, rt.typtype::text as return_typtype,
       rt.typrelid::int as return_relid,
       (select rc.relname from pg_class rc join pg_namespace rn on rn.oid = rc.relnamespace
         where rc.oid = rt.typrelid and rn.nspname = $1 and rc.relkind in ('r', 'v', 'm', 'p', 'f')) as return_relname,
       p.provolatile = 'v' as volatile, p.pronargs::int as n_args, p.prorows::float8 as rows,
       case when p.pronargs - p.pronargdefaults <= 1 and p.pronargs >= 1
            then coalesce((select t.typrelid::int from pg_type t where t.oid = p.proargtypes[0]), 0) else 0 end as row_arg_relid
from pg_proc p
join pg_namespace n on n.oid = p.pronamespace
join pg_type rt on rt.oid = p.prorettype
where n.nspname = $1 and p.prokind = 'f'
  and not exists (select 1 from unnest(p.proargtypes::oid[]) a where a in ('internal'::regtype, 'trigger'::regtype))
  and rt.oid not in ('trigger'::regtype, 'internal'::regtype, 'event_trigger'::regtype)`;

// The base-table columns each view of the schema reads (its rewrite rule's dependencies): a view
// column named like the base column it reads carries that column's keys, as PostgREST follows
// relationships through views. (Renamed view columns are not followed locally.)
const VIEW_COLUMNS_SQL = `
select distinct v.oid::int as view_oid, t.oid::int as table_oid, a.attname::text as col
from pg_rewrite r
join pg_class v on v.oid = r.ev_class
join pg_namespace n on n.oid = v.relnamespace
join pg_depend d on d.classid = 'pg_rewrite'::regclass and d.objid = r.oid and d.refclassid = 'pg_class'::regclass and d.refobjsubid > 0
join pg_class t on t.oid = d.refobjid and t.oid <> v.oid and t.relnamespace = n.oid
join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
join pg_attribute va on va.attrelid = v.oid and va.attname = a.attname and va.attnum > 0
where n.nspname = $1 and v.relkind in ('v', 'm')`;

// PostgREST's in-database configuration as hosted Supabase uses it: settings of the `authenticator`
// role (`alter role authenticator set pgrst.db_aggregates_enabled = 'true'`), a database-specific
// setting before a role-wide one.
const AUTHENTICATOR_SETTINGS = `
select s.setdatabase <> 0 as db_specific, s.setconfig
from pg_db_role_setting s join pg_roles r on r.oid = s.setrole
where r.rolname = 'authenticator' and s.setdatabase in (0, (select d.oid from pg_database d where d.datname = current_database()))`;

// Changes whenever DDL touches the schema's relations, constraints or functions (adding or dropping
// a column rewrites the table's pg_class row too): the newest row version (xmin) and the row count
// of each catalogue, in one cheap query. The in-database configuration is part of it.
const FINGERPRINT_SQL = `
select concat_ws(':',
  (select count(*) || '/' || coalesce(max(c.xmin::text::bigint), 0) from pg_class c where c.relnamespace = n.oid),
  (select count(*) || '/' || coalesce(max(k.xmin::text::bigint), 0) from pg_constraint k where k.connamespace = n.oid),
  (select count(*) || '/' || coalesce(max(p.xmin::text::bigint), 0) from pg_proc p where p.pronamespace = n.oid),
  (select string_agg(a.setconfig::text, ';' order by a.db_specific) from (${AUTHENTICATOR_SETTINGS}) a)
) as fp
from pg_namespace n where n.nspname = $1`;

/** PostgREST's boolean settings: true/false in any case, or a number (> 0 is true). */
export function pgrstBool(v: string | undefined): boolean | undefined {
  if (v === undefined) return undefined;
  const letters = v.replace(/[^A-Za-z]/g, '').toLowerCase();
  if (letters === 'true') return true;
  if (letters === 'false') return false;
  return /^-?\d+$/.test(v.trim()) ? Number(v) > 0 : undefined;
}

type SettingRows = { db_specific: boolean; setconfig: string[] | null }[];

/** One pgrst.* setting of the authenticator role, the database-specific one first. */
function authenticatorSetting(rows: SettingRows, name: string): string | undefined {
  for (const r of rows) {
    const entry = (r.setconfig ?? []).find((c) => c.startsWith(`${name}=`));
    if (entry !== undefined) return entry.slice(name.length + 1);
  }
  return undefined;
}

/**
 * db-aggregates-enabled: the in-database setting (as hosted Supabase enables it) wins over
 * PGRST_DB_AGGREGATES_ENABLED, as in PostgREST; off by default.
 */
function aggregatesSetting(rows: SettingRows, env: NodeJS.ProcessEnv): boolean {
  return pgrstBool(authenticatorSetting(rows, 'pgrst.db_aggregates_enabled')) ?? pgrstBool(env.PGRST_DB_AGGREGATES_ENABLED) ?? false;
}

/**
 * db-pre-request: the function PostgREST calls in every request's transaction after the role and
 * claims are set (`alter role authenticator set pgrst.db_pre_request = 'schema.fn'`, else
 * PGRST_DB_PRE_REQUEST), as the statement to run. Each part of the name is quoted, so a name that
 * names no function fails every request (closed) rather than being skipped.
 */
function preRequestStatement(rows: SettingRows, env: NodeJS.ProcessEnv): string | undefined {
  const name = (authenticatorSetting(rows, 'pgrst.db_pre_request') ?? env.PGRST_DB_PRE_REQUEST ?? '').trim();
  if (name === '') return undefined;
  const parts = name.split('.').map((p) => `"${p.replace(/"/g, '""')}"`);
  return `select ${parts.join('.')}()`;
}

export async function schemaFingerprint(db: Queryable, schema: string = SCHEMA): Promise<string> {
  const r = await db.query<{ fp: string }>(FINGERPRINT_SQL, [schema]);
  return r.rows[0]?.fp ?? '';
}

/** What PostgREST calls the schema cache: the catalogue of one schema, read once and on demand. */
export class SchemaCache {
  schema = SCHEMA;
  relations = new Map<string, Relation>();
  /** Computed fields: functions taking a relation's row type, by relation then function name. */
  computed = new Map<string, Map<string, SqlFunction>>();
  /** Computed relationships, by source relation then function name. */
  computedRels = new Map<string, Map<string, Relationship>>();
  /** db-aggregates-enabled (PGRST123 when off). */
  aggregatesEnabled = false;
  /** db-pre-request as a statement (`select "schema"."fn"()`), when configured. */
  preRequest: string | undefined = undefined;
  /** schemaFingerprint() when this cache was read. */
  fingerprint = '';
  foreignKeys: ForeignKey[] = [];
  functions = new Map<string, SqlFunction[]>();
  private relationshipMemo = new Map<string, Relationship[]>();

  static async load(db: Queryable, schema: string = SCHEMA, env: NodeJS.ProcessEnv = process.env): Promise<SchemaCache> {
    const cache = new SchemaCache();
    cache.schema = schema;
    cache.fingerprint = await schemaFingerprint(db, schema);
    const settings = (await db.query<SettingRows[number]>(AUTHENTICATOR_SETTINGS)).rows;
    settings.sort((a, b) => Number(b.db_specific) - Number(a.db_specific));
    cache.aggregatesEnabled = aggregatesSetting(settings, env);
    cache.preRequest = preRequestStatement(settings, env);
    const [rels, cols, keys, fks, fns, viewCols] = [
      await db.query<RelRow>(RELATIONS_SQL, [schema]),
      await db.query<ColRow>(COLUMNS_SQL, [schema]),
      await db.query<KeyRow>(KEYS_SQL, [schema]),
      await db.query<FkRow>(FKS_SQL, [schema]),
      await db.query<FnRow>(FUNCTIONS_SQL, [schema]),
      await db.query<ViewColRow>(VIEW_COLUMNS_SQL, [schema]),
    ];
    const columnsByRel = new Map<number, Map<string, Column>>();
    for (const c of cols.rows) {
      let m = columnsByRel.get(c.relid);
      if (!m) columnsByRel.set(c.relid, (m = new Map<string, Column>()));
      m.set(c.name, { name: c.name, type: c.type, notNull: c.not_null, defaultExpr: c.default_expr });
    }
    const byOid = new Map<number, Relation>();
    for (const r of rels.rows) {
      const rel: Relation = {
        schema,
        name: r.name,
        kind: r.kind === 'v' || r.kind === 'm' ? 'view' : 'table',
        columns: columnsByRel.get(r.oid) ?? new Map<string, Column>(),
        primaryKey: [],
        uniqueKeys: [],
      };
      byOid.set(r.oid, rel);
      cache.relations.set(r.name, rel);
    }
    for (const k of keys.rows) {
      const rel = byOid.get(k.relid);
      if (!rel) continue;
      rel.uniqueKeys.push(k.cols);
      if (k.is_pk) rel.primaryKey = k.cols;
    }
    cache.foreignKeys = fks.rows.map((f) => ({
      name: f.name,
      table: f.table_name,
      columns: f.cols,
      refTable: f.ref_table,
      refColumns: f.ref_cols,
    }));
    cache.addViewKeys(viewCols.rows, byOid);
    for (const f of fns.rows) {
      const fn = toFunction(f, columnsByRel, schema);
      const list = cache.functions.get(fn.name) ?? [];
      list.push(fn);
      cache.functions.set(fn.name, list);
      const owner = fn.rowArgRelid !== 0 && !fn.returnsSet && fn.returnKind === 'scalar' ? byOid.get(fn.rowArgRelid) : undefined;
      if (owner) {
        let m = cache.computed.get(owner.name);
        if (!m) cache.computed.set(owner.name, (m = new Map<string, SqlFunction>()));
        m.set(fn.name, fn);
      }
      // PostgREST's computed relationships: exactly one argument, a relation's row type, returning
      // another (or the same) relation's rows; to-one unless it returns a set estimated above 1 row.
      const source = f.n_args === 1 && f.row_arg_relid !== 0 ? byOid.get(f.row_arg_relid) : undefined;
      const target = f.return_relid !== 0 ? byOid.get(f.return_relid) : undefined;
      if (source && target) {
        let m = cache.computedRels.get(source.name);
        if (!m) cache.computedRels.set(source.name, (m = new Map<string, Relationship>()));
        const toOne = !fn.returnsSet || fn.rows === 1;
        m.set(fn.name, {
          cardinality: toOne ? 'many-to-one' : 'one-to-many',
          fk: { name: fn.name, table: source.name, columns: [], refTable: target.name, refColumns: [] },
          target: target.name,
          targetIsView: target.kind === 'view',
          computed: fn,
        });
      }
    }
    return cache;
  }

  /**
   * The tables each relation has a relationship with (both directions of every foreign key, views'
   * too, and computed relationships): what PostgREST's PGRST200 hint chooses from. Relations without
   * any relationship are absent.
   */
  relatedTables(): Map<string, Set<string>> {
    const out = new Map<string, Set<string>>();
    const add = (from: string, to: string) => {
      let set = out.get(from);
      if (!set) out.set(from, (set = new Set()));
      set.add(to);
    };
    for (const fk of this.foreignKeys) {
      add(fk.table, fk.refTable);
      add(fk.refTable, fk.table);
    }
    // Many-to-many through a junction whose primary key holds both foreign keys.
    for (const a of this.foreignKeys) {
      const junction = this.relations.get(a.table);
      if (!junction || junction.primaryKey.length === 0) continue;
      const pk = new Set(junction.primaryKey);
      for (const b of this.foreignKeys)
        if (b !== a && b.table === a.table && [...a.columns, ...b.columns].every((c) => pk.has(c))) add(a.refTable, b.refTable);
    }
    for (const [source, rels] of this.computedRels) for (const r of rels.values()) add(source, r.target);
    return out;
  }

  /** The computed relationship `name` of `source`, if a function defines one. */
  computedRelationship(source: string, name: string): Relationship | undefined {
    return this.computedRels.get(source)?.get(name);
  }

  /** A view gets the keys of the base table columns it shows under the same name (PostgREST's view relationships). */
  private addViewKeys(rows: ViewColRow[], byOid: Map<number, Relation>): void {
    const byView = new Map<number, Map<string, Set<string>>>();
    for (const r of rows) {
      const table = byOid.get(r.table_oid);
      if (!table) continue;
      let m = byView.get(r.view_oid);
      if (!m) byView.set(r.view_oid, (m = new Map<string, Set<string>>()));
      let cols = m.get(table.name);
      if (!cols) m.set(table.name, (cols = new Set()));
      cols.add(r.col);
    }
    const base = [...this.foreignKeys];
    for (const [viewOid, tables] of byView) {
      const view = byOid.get(viewOid);
      if (!view) continue;
      for (const [tableName, cols] of tables) {
        const shows = (list: string[]) => list.every((c) => cols.has(c));
        const table = this.relations.get(tableName)!;
        if (view.primaryKey.length === 0 && table.primaryKey.length > 0 && shows(table.primaryKey)) view.primaryKey = table.primaryKey;
        for (const k of table.uniqueKeys) if (shows(k)) view.uniqueKeys.push(k);
        for (const fk of base) {
          if (fk.table === tableName && fk.refTable !== tableName && shows(fk.columns))
            this.foreignKeys.push({ ...fk, table: view.name, viaView: true });
          if (fk.refTable === tableName && fk.table !== tableName && shows(fk.refColumns))
            this.foreignKeys.push({ ...fk, refTable: view.name, viaView: true });
        }
      }
    }
  }

  /** Every way `target` can be embedded under `source`, as PostgREST discovers them from foreign keys. */
  relationships(source: string, target: string): Relationship[] {
    const key = `${source}\u0000${target}`;
    let out = this.relationshipMemo.get(key);
    if (out) return out;
    out = [];
    const self = source === target;
    const targetIsView = this.relations.get(target)?.kind === 'view';
    for (const fk of this.foreignKeys) {
      if (fk.table === source && fk.refTable === target) out.push({ cardinality: 'many-to-one', fk, target, self, targetIsView });
    }
    for (const fk of this.foreignKeys) {
      if (fk.table === target && fk.refTable === source) {
        const unique = this.relations.get(target)?.uniqueKeys.some((k) => sameSet(k, fk.columns)) ?? false;
        out.push({ cardinality: unique && !self ? 'one-to-one' : 'one-to-many', fk, target, self, targetIsView });
      }
    }
    // Many-to-many: a junction whose primary key holds both its FK to the source and its FK to the target.
    for (const toSource of this.foreignKeys) {
      if (toSource.refTable !== source || toSource.table === target) continue;
      const junction = this.relations.get(toSource.table);
      if (!junction || junction.primaryKey.length === 0) continue;
      for (const toTarget of this.foreignKeys) {
        if (toTarget === toSource || toTarget.table !== junction.name || toTarget.refTable !== target) continue;
        const pk = new Set(junction.primaryKey);
        if ([...toSource.columns, ...toTarget.columns].every((c) => pk.has(c))) {
          out.push({
            cardinality: 'many-to-many',
            fk: toSource,
            junction: { table: junction.name, targetFk: toTarget },
            target,
            targetIsView,
          });
        }
      }
    }
    this.relationshipMemo.set(key, out);
    return out;
  }

  /**
   * Relationships reached by naming a foreign key (from either side: to-one from the referencing
   * table, to-many from the referenced one) or a FK column of `source` instead of a table, with
   * PostgREST's rules (findRel): never to a view this way; a self-reference's column names its parent.
   */
  relationshipsByFkName(source: string, name: string): Relationship[] {
    const out: Relationship[] = [];
    for (const fk of this.foreignKeys) {
      if (fk.viaView) continue;
      const self = fk.table === fk.refTable;
      const byColumn = fk.columns.length === 1 && fk.columns[0] === name;
      if (fk.table === source && ((fk.name === name && !self) || byColumn))
        out.push({ cardinality: 'many-to-one', fk, target: fk.refTable, self });
      else if (fk.refTable === source && fk.name === name && !self) {
        const unique = this.relations.get(fk.table)?.uniqueKeys.some((k) => sameSet(k, fk.columns)) ?? false;
        out.push({ cardinality: unique ? 'one-to-one' : 'one-to-many', fk, target: fk.table, self });
      }
    }
    return out;
  }
}

const UNNAMED_CALLABLE = new Set(['bytea', 'json', 'jsonb', 'text', 'xml']);

function isCallable(inputs: FunctionArg[]): boolean {
  const unnamed = inputs.filter((a) => a.name === '');
  return unnamed.length === 0 || (unnamed.length === 1 && UNNAMED_CALLABLE.has(unnamed[0].type));
}

function sameSet(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((x) => b.includes(x));
}

function toFunction(f: FnRow, columnsByRel: Map<number, Map<string, Column>>, schema: string): SqlFunction {
  const modes = f.arg_modes ?? f.arg_types.map(() => 'i');
  const names = f.arg_names ?? [];
  const inputs: FunctionArg[] = [];
  const outColumns = new Map<string, Column>();
  f.arg_types.forEach((type, i) => {
    const mode = modes[i];
    const name = names[i] ?? '';
    if (mode === 'i' || mode === 'b' || mode === 'v') inputs.push({ name, type, hasDefault: false, variadic: mode === 'v' });
    if (mode === 'o' || mode === 'b' || mode === 't') outColumns.set(name, { name, type, notNull: false, defaultExpr: null });
  });
  for (let i = inputs.length - f.n_defaults; i < inputs.length; i++) if (i >= 0) inputs[i].hasDefault = true;
  let returnKind: SqlFunction['returnKind'] = 'scalar';
  let returnColumns = new Map<string, Column>();
  if (f.return_type === 'void') returnKind = 'void';
  else if (f.return_relid !== 0) {
    returnKind = 'composite';
    returnColumns = columnsByRel.get(f.return_relid) ?? new Map<string, Column>();
  } else if (f.return_type === 'record' && outColumns.size > 0) {
    returnKind = 'composite';
    returnColumns = outColumns;
  }
  return {
    schema,
    name: f.name,
    rowArgRelid: inputs.length >= 1 && inputs.slice(1).every((a) => a.hasDefault) ? f.row_arg_relid : 0,
    callable: isCallable(inputs),
    rows: f.rows,
    args: inputs,
    returnsSet: f.returns_set,
    returnType: f.return_type,
    returnKind,
    returnColumns,
    returnRelation: f.return_relname,
    volatile: f.volatile,
  };
}
