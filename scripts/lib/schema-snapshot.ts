import path from 'node:path';
import type { Database, Queryable } from '../../supabase/local/db/index.ts';

/**
 * supabase/schema.sql: the one live definition of what the migrations build, read from the
 * catalogue of a freshly migrated database (scripts/lib/fresh-database.ts). Deterministic: every
 * list is sorted by code point here (never by the server's collation), and nothing is printed that
 * changes from one database to the next (OIDs, owners, timestamps).
 *
 * Expressions are Postgres's own deparse (pg_get_functiondef, pg_get_viewdef, pg_get_triggerdef,
 * pg_get_indexdef, pg_get_constraintdef, pg_get_expr), read with an empty search_path so that
 * every name outside pg_catalog is schema-qualified however the session is set up. Objects the
 * renderer has no form for fail the generation rather than go missing from the snapshot.
 */

export const SCHEMA_FILE = path.resolve(import.meta.dirname, '..', '..', 'supabase', 'schema.sql');

/** Identities ("kind:qualified name") of what exists before the migrations run: bootstrap.sql's objects. */
export type Baseline = Set<string>;

const SYSTEM_SCHEMA = (nsp: string) => `${nsp} not in ('pg_catalog', 'information_schema') and ${nsp} !~ '^pg_(toast|temp)'`;
const NOT_EXTENSION_MEMBER = (classid: string, objid: string) =>
  `not exists (select 1 from pg_depend dep where dep.classid = '${classid}'::regclass and dep.objid = ${objid} and dep.deptype = 'e')`;

/** Runs catalogue reads with an empty search_path: names in deparsed text are qualified the same way every time. */
async function withCatalogue<T>(db: Database, fn: (q: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query("select pg_catalog.set_config('search_path', '', true)");
    return fn(tx);
  });
}

const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const sorted = <T>(items: T[], key: (item: T) => string) => [...items].sort((a, b) => byCodePoint(key(a), key(b)));

const IDENTITIES_SQL = `
select 'relation:' || c.oid::regclass::text as id
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
 where ${SYSTEM_SCHEMA('n.nspname')} and c.relkind not in ('i', 'I', 't')
union all
select 'index:' || c.oid::regclass::text
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
 where ${SYSTEM_SCHEMA('n.nspname')} and c.relkind in ('i', 'I')
union all
select 'constraint:' || con.conrelid::regclass::text || ' ' || quote_ident(con.conname)
  from pg_constraint con join pg_namespace n on n.oid = con.connamespace
 where ${SYSTEM_SCHEMA('n.nspname')} and con.conrelid <> 0
union all
select 'function:' || p.oid::regprocedure::text
  from pg_proc p join pg_namespace n on n.oid = p.pronamespace
 where ${SYSTEM_SCHEMA('n.nspname')}
union all
select 'trigger:' || t.tgrelid::regclass::text || ' ' || quote_ident(t.tgname)
  from pg_trigger t where not t.tgisinternal
union all
select 'policy:' || pol.polrelid::regclass::text || ' ' || quote_ident(pol.polname)
  from pg_policy pol
union all
select 'extension:' || quote_ident(e.extname) from pg_extension e
union all
select 'type:' || t.oid::regtype::text
  from pg_type t join pg_namespace n on n.oid = t.typnamespace
 where ${SYSTEM_SCHEMA('n.nspname')}
union all
select 'schema:' || quote_ident(n.nspname) from pg_namespace n where ${SYSTEM_SCHEMA('n.nspname')}
`;

async function identities(q: Queryable): Promise<Set<string>> {
  const ids = new Set((await q.query<{ id: string }>(IDENTITIES_SQL)).rows.map((r) => r.id));
  for (const id of await bucketIds(q)) ids.add(`bucket:${id}`);
  return ids;
}

async function bucketIds(q: Queryable): Promise<string[]> {
  const exists = (await q.query<{ ok: boolean }>("select to_regclass('storage.buckets') is not null as ok")).rows[0].ok;
  if (!exists) return [];
  return (await q.query<{ id: string }>('select id from storage.buckets')).rows.map((r) => r.id);
}

/** What the database holds now (call it right after bootstrap.sql, before any migration). */
export function captureBaseline(db: Database): Promise<Baseline> {
  return withCatalogue(db, identities);
}

interface RelationRow {
  id: string;
  name: string;
  schema: string;
  kind: string;
  rls: boolean;
  force_rls: boolean;
  persistence: string;
  options: string[] | null;
  viewdef: string | null;
  owned_by_column: boolean;
}
interface ColumnRow {
  rel: string;
  name: string;
  type: string;
  not_null: boolean;
  identity: string;
  generated: string;
  default_expr: string | null;
  collation: string | null;
}
interface NamedDef {
  rel: string;
  name: string;
  def: string;
}
interface ConstraintRow extends NamedDef {
  kind: string;
}
interface TriggerRow extends NamedDef {
  enabled: string;
}
export interface PolicyRow {
  rel: string;
  name: string;
  cmd: string;
  permissive: boolean;
  roles: string[];
  qual: string | null;
  with_check: string | null;
}
interface AclRow {
  target: string;
  grantee: string;
  privilege: string;
  owner: boolean;
}
interface ColumnAclRow {
  rel: string;
  attnum: number;
  column: string;
  grantee: string;
  privilege: string;
}
interface FunctionRow {
  id: string;
  schema: string;
  kind: string;
  def: string | null;
}
interface TypeRow {
  id: string;
  kind: string;
  enum_labels: string[] | null;
  domain_base: string | null;
  domain_not_null: boolean;
  domain_default: string | null;
  domain_checks: string[] | null;
  composite_rel: string | null;
}

const GRANTEE = (oid: string) => `case when ${oid} = 0 then 'public' else quote_ident(pg_get_userbyid(${oid})) end`;

const RELATIONS_SQL = `
select c.oid::regclass::text as id, c.relname as name, n.nspname as schema, c.relkind::text as kind,
       c.relrowsecurity as rls, c.relforcerowsecurity as force_rls, c.relpersistence::text as persistence,
       c.reloptions as options,
       case when c.relkind in ('v', 'm') then pg_get_viewdef(c.oid, true) end as viewdef,
       exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid
                and d.refclassid = 'pg_class'::regclass and d.deptype in ('a', 'i')) as owned_by_column
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
 where ${SYSTEM_SCHEMA('n.nspname')} and c.relkind not in ('i', 'I', 't') and ${NOT_EXTENSION_MEMBER('pg_class', 'c.oid')}`;

const COLUMNS_SQL = `
select a.attrelid::regclass::text as rel, quote_ident(a.attname) as name, format_type(a.atttypid, a.atttypmod) as type,
       a.attnotnull as not_null, a.attidentity::text as identity, a.attgenerated::text as generated,
       pg_get_expr(ad.adbin, ad.adrelid) as default_expr,
       case when a.attcollation <> t.typcollation then a.attcollation::regcollation::text end as collation
  from pg_attribute a
  join pg_class c on c.oid = a.attrelid
  join pg_namespace n on n.oid = c.relnamespace
  join pg_type t on t.oid = a.atttypid
  left join pg_attrdef ad on ad.adrelid = a.attrelid and ad.adnum = a.attnum
 where ${SYSTEM_SCHEMA('n.nspname')} and c.relkind in ('r', 'p', 'v', 'm', 'c', 'f') and a.attnum > 0 and not a.attisdropped
 order by a.attrelid::regclass::text, a.attnum`;

// contype 'n' (NOT NULL, catalogued as constraints since PostgreSQL 18) is printed with its column.
const CONSTRAINTS_SQL = `
select con.conrelid::regclass::text as rel, quote_ident(con.conname) as name, con.contype::text as kind,
       pg_get_constraintdef(con.oid, true) as def
  from pg_constraint con join pg_namespace n on n.oid = con.connamespace
 where ${SYSTEM_SCHEMA('n.nspname')} and con.conrelid <> 0 and con.contype <> 'n'`;

// Indexes that back a primary key, unique or exclusion constraint are printed as that constraint.
const INDEXES_SQL = `
select i.indrelid::regclass::text as rel, i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def
  from pg_index i join pg_class c on c.oid = i.indexrelid join pg_namespace n on n.oid = c.relnamespace
 where ${SYSTEM_SCHEMA('n.nspname')}
   and not exists (select 1 from pg_constraint con where con.conrelid = i.indrelid and con.conindid = i.indexrelid and con.contype in ('p', 'u', 'x'))`;

const TRIGGERS_SQL = `
select t.tgrelid::regclass::text as rel, quote_ident(t.tgname) as name, pg_get_triggerdef(t.oid, true) as def, t.tgenabled::text as enabled
  from pg_trigger t where not t.tgisinternal`;

const POLICIES_SQL = `
select pol.polrelid::regclass::text as rel, quote_ident(pol.polname) as name, pol.polcmd::text as cmd, pol.polpermissive as permissive,
       array(select ${GRANTEE('r')} from unnest(pol.polroles) r) as roles,
       pg_get_expr(pol.polqual, pol.polrelid) as qual, pg_get_expr(pol.polwithcheck, pol.polrelid) as with_check
  from pg_policy pol`;

const RELATION_ACL_SQL = `
select c.oid::regclass::text as target, ${GRANTEE('a.grantee')} as grantee, a.privilege_type as privilege, a.grantee = c.relowner as owner
  from pg_class c join pg_namespace n on n.oid = c.relnamespace,
       aclexplode(coalesce(c.relacl, acldefault(case when c.relkind = 'S' then 's'::"char" else 'r'::"char" end, c.relowner))) a
 where ${SYSTEM_SCHEMA('n.nspname')} and c.relkind not in ('i', 'I', 't', 'c')`;

/** What the owner of a relation may do: the privileges `GRANT ALL` gives on this server version. */
const ALL_RELATION_PRIVILEGES_SQL = `
select a.privilege_type as privilege from aclexplode(acldefault('r', 10)) a where a.grantee = 10`;

const COLUMN_ACL_SQL = `
select att.attrelid::regclass::text as rel, att.attnum, quote_ident(att.attname) as column, ${GRANTEE('a.grantee')} as grantee, a.privilege_type as privilege
  from pg_attribute att join pg_class c on c.oid = att.attrelid join pg_namespace n on n.oid = c.relnamespace,
       aclexplode(att.attacl) a
 where ${SYSTEM_SCHEMA('n.nspname')} and att.attacl is not null and not att.attisdropped`;

const FUNCTIONS_SQL = `
select p.oid::regprocedure::text as id, n.nspname as schema, p.prokind::text as kind,
       case when p.prokind in ('f', 'p') then pg_get_functiondef(p.oid) end as def
  from pg_proc p join pg_namespace n on n.oid = p.pronamespace
 where ${SYSTEM_SCHEMA('n.nspname')} and ${NOT_EXTENSION_MEMBER('pg_proc', 'p.oid')}`;

const FUNCTION_ACL_SQL = `
select p.oid::regprocedure::text as target, ${GRANTEE('a.grantee')} as grantee, a.privilege_type as privilege, a.grantee = p.proowner as owner
  from pg_proc p join pg_namespace n on n.oid = p.pronamespace,
       aclexplode(coalesce(p.proacl, acldefault('f', p.proowner))) a
 where ${SYSTEM_SCHEMA('n.nspname')}`;

// Row types of tables and views, and array types, come with their relation or element type.
const TYPES_SQL = `
select t.oid::regtype::text as id, t.typtype::text as kind,
       case when t.typtype = 'e' then array(select quote_literal(e.enumlabel) from pg_enum e where e.enumtypid = t.oid order by e.enumsortorder) end as enum_labels,
       case when t.typtype = 'd' then format_type(t.typbasetype, t.typtypmod) end as domain_base,
       t.typnotnull as domain_not_null,
       case when t.typtype = 'd' then t.typdefault end as domain_default,
       case when t.typtype = 'd' then array(select quote_ident(con.conname) || ' ' || pg_get_constraintdef(con.oid, true)
                                              from pg_constraint con where con.contypid = t.oid and con.contype = 'c') end as domain_checks,
       case when t.typtype = 'c' then t.typrelid::regclass::text end as composite_rel
  from pg_type t join pg_namespace n on n.oid = t.typnamespace
 where ${SYSTEM_SCHEMA('n.nspname')} and ${NOT_EXTENSION_MEMBER('pg_type', 't.oid')}
   and not (t.typtype = 'c' and (select c.relkind from pg_class c where c.oid = t.typrelid) <> 'c')
   and not (t.typcategory = 'A' and t.typelem <> 0)`;

const EXTENSIONS_SQL = `
select quote_ident(e.extname) as name, quote_ident(n.nspname) as schema
  from pg_extension e join pg_namespace n on n.oid = e.extnamespace`;

const RULES_SQL = `
select r.ev_class::regclass::text || ' ' || quote_ident(r.rulename) as id
  from pg_rewrite r join pg_class c on c.oid = r.ev_class join pg_namespace n on n.oid = c.relnamespace
 where ${SYSTEM_SCHEMA('n.nspname')} and r.rulename <> '_RETURN'`;

/** Every RLS policy of the database, expressions deparsed with names schema-qualified, sorted by table and name. */
export async function readPolicies(db: Database): Promise<PolicyRow[]> {
  const rows = await withCatalogue(db, async (q) => (await q.query<PolicyRow>(POLICIES_SQL)).rows);
  return sorted(rows, (p) => `${p.rel} ${p.name}`).map((p) => ({ ...p, roles: [...p.roles].sort(byCodePoint) }));
}

/** `expr` in parentheses, unless one pair already encloses all of it (quotes respected). */
function parenthesize(expr: string): string {
  if (!expr.startsWith('(')) return `(${expr})`;
  let depth = 0;
  let quote: string | null = null;
  for (let i = 0; i < expr.length; i++) {
    const c = expr[i];
    if (quote) {
      if (c === quote) quote = expr[i + 1] === quote ? (i++, quote) : null;
      continue;
    }
    if (c === "'" || c === '"') quote = c;
    else if (c === '(') depth++;
    else if (c === ')' && --depth === 0 && i < expr.length - 1) return `(${expr})`;
  }
  return expr;
}

const POLICY_COMMANDS: Record<string, string> = { r: 'SELECT', a: 'INSERT', w: 'UPDATE', d: 'DELETE', '*': 'ALL' };
const CONSTRAINT_ORDER = ['p', 'u', 'f', 'c', 'x', 't'];
const TRIGGER_STATE: Record<string, string> = { D: 'DISABLE', R: 'ENABLE REPLICA', A: 'ENABLE ALWAYS' };

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
}

function renderPolicy(p: PolicyRow): string {
  const lines = [`CREATE POLICY ${p.name} ON ${p.rel}`];
  if (!p.permissive) lines.push('  AS RESTRICTIVE');
  lines.push(`  FOR ${POLICY_COMMANDS[p.cmd] ?? p.cmd}`);
  lines.push(`  TO ${[...p.roles].sort(byCodePoint).join(', ')}`);
  if (p.qual !== null) lines.push(`  USING ${parenthesize(p.qual)}`);
  if (p.with_check !== null) lines.push(`  WITH CHECK ${parenthesize(p.with_check)}`);
  return `${lines.join('\n')};`;
}

/**
 * GRANT statements for one object's ACL, without its owner's (implicit) rights: grantees with the
 * same privileges share one statement; `all` when they hold everything the owner holds (`all`: the
 * owner's privileges on a relation). A function (`all` null) also says when PUBLIC lost the EXECUTE
 * every function starts with.
 */
function renderAcl(objectSql: string, rows: AclRow[], all: Set<string> | null): string[] {
  const onFunction = all === null;
  const byGrantee = groupBy(
    rows.filter((r) => !r.owner),
    (r) => r.grantee,
  );
  const bySet = new Map<string, string[]>();
  for (const [grantee, grants] of byGrantee) {
    const privileges = [...new Set(grants.map((g) => g.privilege.toLowerCase()))].sort(byCodePoint);
    const set = all && privileges.length === all.size && privileges.every((p) => all.has(p)) ? 'all' : privileges.join(', ');
    bySet.set(set, [...(bySet.get(set) ?? []), grantee]);
  }
  const out: string[] = [];
  if (onFunction && !byGrantee.has('public')) out.push(`REVOKE EXECUTE ON ${objectSql} FROM public;`);
  for (const set of [...bySet.keys()].sort(byCodePoint)) {
    out.push(`GRANT ${set.toUpperCase()} ON ${objectSql} TO ${bySet.get(set)!.sort(byCodePoint).join(', ')};`);
  }
  return out;
}

function renderColumnAcl(rel: string, rows: ColumnAclRow[]): string[] {
  const statements = new Map<string, string[]>();
  for (const [key, grants] of groupBy(rows, (r) => `${r.privilege}\u0000${r.grantee}`)) {
    const [privilege] = key.split('\u0000');
    const columns = [...grants].sort((a, b) => a.attnum - b.attnum).map((g) => g.column);
    const head = `GRANT ${privilege} (${columns.join(', ')}) ON TABLE ${rel}`;
    statements.set(head, [...(statements.get(head) ?? []), grants[0].grantee]);
  }
  return [...statements.keys()].sort(byCodePoint).map((head) => `${head} TO ${statements.get(head)!.sort(byCodePoint).join(', ')};`);
}

function renderColumn(c: ColumnRow): string {
  let line = `  ${c.name} ${c.type}`;
  if (c.collation) line += ` COLLATE ${c.collation}`;
  if (c.generated === 's' || c.generated === 'v')
    line += ` GENERATED ALWAYS AS ${parenthesize(c.default_expr ?? '')}${c.generated === 's' ? ' STORED' : ''}`;
  else if (c.default_expr !== null) line += ` DEFAULT ${c.default_expr}`;
  if (c.identity === 'a') line += ' GENERATED ALWAYS AS IDENTITY';
  if (c.identity === 'd') line += ' GENERATED BY DEFAULT AS IDENTITY';
  if (c.not_null) line += ' NOT NULL';
  return line;
}

function renderType(t: TypeRow, columns: ColumnRow[]): string {
  if (t.kind === 'e') return `CREATE TYPE ${t.id} AS ENUM (${(t.enum_labels ?? []).join(', ')});`;
  if (t.kind === 'd') {
    let sql = `CREATE DOMAIN ${t.id} AS ${t.domain_base}`;
    if (t.domain_default !== null) sql += ` DEFAULT ${t.domain_default}`;
    if (t.domain_not_null) sql += ' NOT NULL';
    for (const check of sorted(t.domain_checks ?? [], (c) => c)) sql += `\n  CONSTRAINT ${check}`;
    return `${sql};`;
  }
  if (t.kind === 'c') {
    const attrs = columns.filter((c) => c.rel === t.composite_rel).map((c) => `  ${c.name} ${c.type}`);
    return `CREATE TYPE ${t.id} AS (\n${attrs.join(',\n')}\n);`;
  }
  throw new Error(`schema snapshot: type ${t.id} (typtype ${t.kind}) has no rendering yet: add one in scripts/lib/schema-snapshot.ts`);
}

/** A value of a bucket row as an SQL literal. */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'boolean' || typeof value === 'number') return String(value);
  if (Array.isArray(value)) return `ARRAY[${value.map(literal).join(', ')}]`;
  if (typeof value === 'string') return `'${value.replace(/'/g, "''")}'`;
  return `${literal(JSON.stringify(value))}::jsonb`;
}

const HEADER = `-- The schema the migrations build, generated by \`npm run db:schema\` (scripts/db-schema.ts): every
-- object that supabase/migrations creates, each in its final form (a function redefined by later
-- migrations appears once, as it is now), read from the catalogue of a fresh database that ran
-- supabase/local/db/bootstrap.sql (what hosted Supabase provides: left out here) and then every
-- migration, without seed.sql. Do not edit: change the schema with a new migration, then regenerate;
-- tests/db/generated-schema.test.ts fails when this file is stale.
-- A reference to read and diff, not a script to run: objects are sorted by name, not by dependency.`;

/** Renders every object the migrations created (everything not in `baseline`). */
export async function renderSchemaSnapshot(db: Database, baseline: Baseline): Promise<string> {
  return withCatalogue(db, async (q) => {
    const rows = async <T>(sql: string) => (await q.query<T>(sql)).rows;
    const isNew = (kind: string, id: string) => !baseline.has(`${kind}:${id}`);

    const relations = await rows<RelationRow>(RELATIONS_SQL);
    const columns = await rows<ColumnRow>(COLUMNS_SQL);
    const constraints = (await rows<ConstraintRow>(CONSTRAINTS_SQL)).filter((c) => isNew('constraint', `${c.rel} ${c.name}`));
    const indexes = (await rows<NamedDef>(INDEXES_SQL)).filter((i) => isNew('index', i.name));
    const triggers = (await rows<TriggerRow>(TRIGGERS_SQL)).filter((t) => isNew('trigger', `${t.rel} ${t.name}`));
    const policies = (await rows<PolicyRow>(POLICIES_SQL)).filter((p) => isNew('policy', `${p.rel} ${p.name}`));
    const relationAcl = groupBy(await rows<AclRow>(RELATION_ACL_SQL), (r) => r.target);
    const columnAcl = groupBy(await rows<ColumnAclRow>(COLUMN_ACL_SQL), (r) => r.rel);
    const allRelation = new Set((await rows<{ privilege: string }>(ALL_RELATION_PRIVILEGES_SQL)).map((r) => r.privilege.toLowerCase()));
    const functions = (await rows<FunctionRow>(FUNCTIONS_SQL)).filter((f) => isNew('function', f.id));
    const functionAcl = groupBy(await rows<AclRow>(FUNCTION_ACL_SQL), (r) => r.target);
    const types = (await rows<TypeRow>(TYPES_SQL)).filter((t) => isNew('type', t.id));
    const extensions = (await rows<{ name: string; schema: string }>(EXTENSIONS_SQL)).filter((e) => isNew('extension', e.name));
    const rules = (await rows<{ id: string }>(RULES_SQL)).map((r) => r.id);
    const buckets = (await bucketIds(q)).filter((id) => isNew('bucket', id));

    const unsupported: string[] = rules.map((r) => `rule ${r}`);
    for (const f of functions) if (f.def === null) unsupported.push(`function ${f.id} (prokind ${f.kind})`);
    for (const r of relations) {
      if (!isNew('relation', r.id)) continue;
      if (['p', 'f'].includes(r.kind) || (r.kind === 'S' && !r.owned_by_column)) unsupported.push(`relation ${r.id} (relkind ${r.kind})`);
    }
    if (unsupported.length > 0)
      throw new Error(`schema snapshot: no rendering yet for ${unsupported.join(', ')}: add one in scripts/lib/schema-snapshot.ts`);

    const columnsOf = groupBy(columns, (c) => c.rel);
    const publicFirst = (schema: string, id: string) => `${schema === 'public' ? '0' : '1'} ${id}`;
    const sections: string[] = [HEADER];
    const section = (title: string, blocks: string[]) => {
      if (blocks.length > 0) sections.push(`-- ${title}\n\n${blocks.join('\n\n')}`);
    };

    section(
      'Extensions',
      sorted(extensions, (e) => e.name).map((e) => `CREATE EXTENSION IF NOT EXISTS ${e.name} WITH SCHEMA ${e.schema};`),
    );
    section(
      'Types',
      sorted(types, (t) => t.id).map((t) => renderType(t, columns)),
    );

    /** The parts of a table that live beside it: indexes, RLS, grants, policies, triggers. */
    const tableParts = (rel: RelationRow, isNewTable: boolean): string[] => {
      const of = <T extends { rel: string; name: string }>(items: T[]) =>
        sorted(
          items.filter((x) => x.rel === rel.id),
          (x) => x.name,
        );
      const out = of(indexes).map((i) => `${i.def};`);
      if (isNewTable) {
        if (rel.rls) out.push(`ALTER TABLE ${rel.id} ENABLE ROW LEVEL SECURITY;`);
        if (rel.force_rls) out.push(`ALTER TABLE ${rel.id} FORCE ROW LEVEL SECURITY;`);
        out.push(...renderAcl(`TABLE ${rel.id}`, relationAcl.get(rel.id) ?? [], allRelation));
        out.push(...renderColumnAcl(rel.id, columnAcl.get(rel.id) ?? []));
      } else {
        out.push(...of(constraints).map((c) => `ALTER TABLE ${rel.id} ADD CONSTRAINT ${c.name} ${c.def};`));
      }
      out.push(...of(policies).map(renderPolicy));
      for (const t of of(triggers)) {
        out.push(`${t.def};`);
        if (TRIGGER_STATE[t.enabled]) out.push(`ALTER TABLE ${rel.id} ${TRIGGER_STATE[t.enabled]} TRIGGER ${t.name};`);
      }
      return out;
    };

    const tables = sorted(
      relations.filter((r) => r.kind === 'r' && isNew('relation', r.id)),
      (r) => publicFirst(r.schema, r.id),
    );
    section(
      'Tables, with their indexes, row-level security, grants, policies and triggers',
      tables.map((t) => {
        const body = [
          ...(columnsOf.get(t.id) ?? []).map(renderColumn),
          ...[...constraints.filter((c) => c.rel === t.id)]
            .sort((a, b) => CONSTRAINT_ORDER.indexOf(a.kind) - CONSTRAINT_ORDER.indexOf(b.kind) || byCodePoint(a.name, b.name))
            .map((c) => `  CONSTRAINT ${c.name} ${c.def}`),
        ];
        const head = `CREATE ${t.persistence === 'u' ? 'UNLOGGED ' : ''}TABLE ${t.id} (\n${body.join(',\n')}\n)${t.options ? ` WITH (${t.options.join(', ')})` : ''};`;
        return [head, ...tableParts(t, true)].join('\n');
      }),
    );

    const views = sorted(
      relations.filter((r) => (r.kind === 'v' || r.kind === 'm') && isNew('relation', r.id)),
      (r) => publicFirst(r.schema, r.id),
    );
    section(
      'Views',
      views.map((v) => {
        const head = `CREATE ${v.kind === 'm' ? 'MATERIALIZED ' : ''}VIEW ${v.id}${v.options ? ` WITH (${v.options.join(', ')})` : ''} AS\n${(v.viewdef ?? '').trimEnd()}`;
        return [
          head.endsWith(';') ? head : `${head};`,
          ...indexes.filter((i) => i.rel === v.id).map((i) => `${i.def};`),
          ...renderAcl(`TABLE ${v.id}`, relationAcl.get(v.id) ?? [], allRelation),
          ...renderColumnAcl(v.id, columnAcl.get(v.id) ?? []),
          ...triggers.filter((t) => t.rel === v.id).map((t) => `${t.def};`),
        ].join('\n');
      }),
    );

    section(
      'Functions, each with who may execute it',
      sorted(functions, (f) => publicFirst(f.schema, f.id)).map((f) =>
        [`${(f.def ?? '').trimEnd()};`, ...renderAcl(`FUNCTION ${f.id}`, functionAcl.get(f.id) ?? [], null)].join('\n'),
      ),
    );

    // Tables the platform provides (auth.users, storage.objects, ...): only what the migrations added to them.
    const platformTables = sorted(
      relations.filter((r) => r.kind === 'r' && !isNew('relation', r.id)),
      (r) => r.id,
    );
    section(
      'Added by the migrations to tables the platform provides',
      platformTables.flatMap((t) => {
        const parts = tableParts(t, false);
        return parts.length > 0 ? [[`-- ${t.id}`, ...parts].join('\n')] : [];
      }),
    );

    if (buckets.length > 0) {
      const bucketRows = (
        await rows<{ id: string; row: Record<string, unknown> }>(
          "select id, to_jsonb(b) - 'created_at' - 'updated_at' as row from storage.buckets b",
        )
      ).filter((b) => buckets.includes(b.id));
      const bucketColumns = (columnsOf.get('storage.buckets') ?? [])
        .map((c) => c.name)
        .filter((c) => c !== 'created_at' && c !== 'updated_at');
      section('Storage buckets (rows of storage.buckets)', [
        `INSERT INTO storage.buckets (${bucketColumns.join(', ')}) VALUES\n${sorted(bucketRows, (b) => b.id)
          .map((b) => `  (${bucketColumns.map((c) => literal(b.row[c.replace(/"/g, '')])).join(', ')})`)
          .join(',\n')};`,
      ]);
    }

    return `${sections.join('\n\n')}\n`;
  });
}
