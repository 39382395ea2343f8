// The read side of a request: the select tree with its embedded resources, the query parameters
// spread over it, and the one SELECT statement PostgREST would run for it.
import { aggregatesNotAllowed, duplicateEmbed, PgrstError, SchemaMissError } from './errors.ts';
import { fuzzyMatches } from './fuzzy.ts';
import {
  type AggregateFunction,
  parseCount,
  parseFilter,
  parseFilterKey,
  parseLogicTree,
  parseOrder,
  type Condition,
  type OrderTerm,
  type SelectItem,
} from './parse.ts';
import { type Column, type Relationship, type SchemaCache, type SqlFunction } from './schema.ts';
import { castSql, conditionSql, fieldOutputName, fieldSql, ident, orderSql, Params, qualified, type ColumnScope } from './sql.ts';

export interface ReadNode extends ColumnScope {
  /** The table/view whose foreign keys embeds follow; null for results without one (scalar rpc). */
  relation: string | null;
  schema: string;
  items: SelectItem[];
  conditions: Condition[];
  order: OrderTerm[];
  limit?: number;
  offset?: number;
  embeds: EmbedNode[];
  embedsByName: Map<string, EmbedNode>;
  /** 0 for the request's own relation, one more per embedding level (PostgREST's depth). */
  depth: number;
}

export interface EmbedNode extends ReadNode {
  relationship: Relationship;
  item: Extract<SelectItem, { kind: 'embed' }>;
  outputName: string;
  toOne: boolean;
  /** Alias of the LATERAL subquery that yields this embed's JSON. */
  lateral: string;
  nullFilter?: 'null' | 'not_null';
}

export class Aliases {
  private n = 0;
  next(): string {
    return `t${this.n++}`;
  }
}

export function buildReadTree(
  cache: SchemaCache,
  root: {
    relation: string | null;
    label: string;
    columns: Map<string, Column>;
    computed?: Map<string, SqlFunction>;
    rowExpr?: string;
  },
  items: SelectItem[],
  aliases: Aliases,
): ReadNode {
  const computed = root.computed ?? (root.relation !== null ? cache.computed.get(root.relation) : undefined);
  const node: ReadNode = {
    ...root,
    computed,
    schema: cache.schema,
    alias: aliases.next(),
    items,
    conditions: [],
    order: [],
    embeds: [],
    embedsByName: new Map(),
    depth: 0,
  };
  addEmbeds(cache, node, aliases);
  return node;
}

function addEmbeds(cache: SchemaCache, node: ReadNode, aliases: Aliases): void {
  for (const item of node.items) {
    if (item.kind !== 'embed') continue;
    const relationship = resolveEmbed(cache, node, item);
    const target = cache.relations.get(relationship.target)!;
    const alias = aliases.next();
    const toOne = relationship.cardinality === 'many-to-one' || relationship.cardinality === 'one-to-one';
    const outputName = item.alias ?? item.name;
    const embed: EmbedNode = {
      relation: target.name,
      schema: cache.schema,
      label: target.name,
      columns: target.columns,
      computed: cache.computed.get(target.name),
      alias,
      items: item.items,
      conditions: [],
      order: [],
      embeds: [],
      embedsByName: new Map(),
      depth: node.depth + 1,
      relationship,
      item,
      outputName,
      toOne,
      lateral: `${alias}_l`,
    };
    addEmbeds(cache, embed, aliases);
    node.embeds.push(embed);
    node.embedsByName.set(outputName, embed);
  }
}

function matchesHint(r: Relationship, hint: string): boolean {
  const single = (cols: string[]) => cols.length === 1 && cols[0] === hint;
  if (r.junction) return r.junction.table === hint || r.fk.name === hint || r.junction.targetFk.name === hint;
  return r.fk.name === hint || single(r.fk.columns) || single(r.fk.refColumns);
}

/** `name using origin(cols) and target(cols)`, sides in the embedding's direction, as PostgREST's compressedRel. */
function describeRelationship(source: string, r: Relationship): string {
  const cols = (c: string[]) => `(${c.join(', ')})`;
  if (r.junction)
    return `${r.junction.table} using ${r.fk.name}${cols(r.fk.columns)} and ${r.junction.targetFk.name}${cols(r.junction.targetFk.columns)}`;
  const [mine, theirs] = r.cardinality === 'many-to-one' ? [r.fk.columns, r.fk.refColumns] : [r.fk.refColumns, r.fk.columns];
  return `${r.fk.name} using ${source}${cols(mine)} and ${r.target}${cols(theirs)}`;
}

/**
 * PostgREST's noRelBetweenHint: when the parent has relationships, the closest related table other
 * than the name itself; otherwise the closest table that has relationships, for the parent.
 */
function noRelationshipHint(cache: SchemaCache, parent: string, child: string): string | null {
  const related = cache.relatedTables();
  const children = related.get(parent);
  if (children) {
    const other = fuzzyMatches(children, child, 0.33).find(([score]) => score < 1)?.[1];
    return other === undefined ? null : `Perhaps you meant '${other}' instead of '${child}'.`;
  }
  const other = fuzzyMatches(related.keys(), parent, 0.33)[0]?.[1];
  return other === undefined ? null : `Perhaps you meant '${other}' instead of '${parent}'.`;
}

/**
 * PostgREST's findRel: the name is a table/view (then the hint picks among its relationships), a
 * foreign key's name (either side) or a FK column of the origin. A table that references itself
 * embeds its children by its own name and its parent by the FK column's name.
 */
function resolveEmbed(cache: SchemaCache, parent: ReadNode, item: Extract<SelectItem, { kind: 'embed' }>): Relationship {
  const source = parent.relation ?? parent.label;
  let found: Relationship[] = [];
  if (parent.relation !== null) {
    const origin = parent.relation;
    // A computed relationship named like a table replaces the foreign-key relationships to that
    // table (PostgREST's override); it is found by its name whatever the hint.
    const overridden = (table: string) => cache.computedRelationship(origin, table) !== undefined;
    const byTable = cache.relations.has(item.name) && !overridden(item.name) ? cache.relationships(origin, item.name) : [];
    const hint = item.hint;
    if (hint === undefined) {
      found = [
        ...byTable.filter((r) => !r.self || r.cardinality === 'one-to-many'),
        ...cache.relationshipsByFkName(origin, item.name).filter((r) => !overridden(r.target)),
      ];
    } else {
      found = byTable.filter((r) =>
        r.self ? r.cardinality === 'one-to-many' && r.fk.columns.length === 1 && r.fk.columns[0] === hint : matchesHint(r, hint),
      );
    }
    const computed = cache.computedRelationship(origin, item.name);
    if (computed) found.push(computed);
  }
  if (found.length === 0) {
    throw new SchemaMissError(
      400,
      'PGRST200',
      `Could not find a relationship between '${source}' and '${item.name}' in the schema cache`,
      `Searched for a foreign key relationship between '${source}' and '${item.name}'${item.hint ? ` using the hint '${item.hint}'` : ''} in the schema '${cache.schema}', but no matches were found.`,
      noRelationshipHint(cache, source, item.name),
    );
  }
  if (found.length > 1) {
    throw new PgrstError(
      300,
      'PGRST201',
      `Could not embed because more than one relationship was found for '${source}' and '${item.name}'`,
      found.map((r) =>
        r.computed
          ? {}
          : {
              cardinality: r.cardinality,
              embedding: `${source} with ${r.target}`,
              relationship: describeRelationship(source, r),
            },
      ),
      `Try changing '${item.name}' to one of the following: ${found.map((r) => `'${item.name}!${r.junction ? r.junction.table : r.fk.name}'`).join(', ')}. Find the desired relationship in the 'details' key.`,
    );
  }
  return found[0];
}

// ---------------------------------------------------------------- query parameters

const RESERVED_SUFFIXES = ['not.or', 'not.and', 'order', 'limit', 'offset', 'or', 'and'] as const;

function findNode(root: ReadNode, path: string[]): ReadNode {
  let node = root;
  for (const name of path) {
    const next = node.embedsByName.get(name);
    if (!next)
      throw new PgrstError(
        400,
        'PGRST108',
        `'${name}' is not an embedded resource in this request`,
        null,
        `Verify that '${name}' is included in the 'select' query parameter.`,
      );
    node = next;
  }
  return node;
}

/** Spreads filters, logic trees, order, limit and offset (top-level or `embed.`-prefixed) over the tree. */
export function applyQueryParams(
  root: ReadNode,
  search: URLSearchParams,
  skip: (key: string) => boolean,
  opts: { allowRange: boolean },
): void {
  for (const [key, value] of search) {
    if (skip(key)) continue;
    const suffix = RESERVED_SUFFIXES.find((s) => key === s || key.endsWith(`.${s}`));
    if (suffix) {
      const path = key === suffix ? [] : key.slice(0, -suffix.length - 1).split('.');
      const node = findNode(root, path);
      if (suffix === 'order') node.order.push(...parseOrder(value));
      else if (suffix === 'limit' || suffix === 'offset') {
        if (!opts.allowRange) continue;
        node[suffix] = parseCount(suffix, value);
      } else {
        const negate = suffix.startsWith('not.');
        node.conditions.push(parseLogicTree(negate ? (suffix.slice(4) as 'and' | 'or') : (suffix as 'and' | 'or'), negate, value));
      }
      continue;
    }
    const { embedPath, field } = parseFilterKey(key);
    const node = findNode(root, embedPath);
    const filter = parseFilter(field, value);
    const embed = field.path.length === 0 ? node.embedsByName.get(field.name) : undefined;
    if (embed && !node.columns.has(field.name)) {
      if (filter.op !== 'is' || (filter.value !== 'null' && filter.value !== 'not_null')) {
        throw new PgrstError(
          400,
          'PGRST100',
          `"failed to parse filter (${value})"`,
          'Only is.null or not.is.null can filter an embedded resource itself',
        );
      }
      const isNull = (filter.value === 'null') !== filter.negate;
      embed.nullFilter = isNull ? 'null' : 'not_null';
      continue;
    }
    node.conditions.push(filter);
  }
}

// ---------------------------------------------------------------- SQL

interface Core {
  select: string[];
  joins: string;
  /** Joins that WHERE refers to (!inner and null-filtered embeds): what a count needs. */
  whereJoins: string;
  where: string[];
  /** ` GROUP BY 1, 3` (select positions) when the node aggregates. */
  group: string;
  tail: string;
}

type ColumnItem = Extract<SelectItem, { kind: 'column' }>;

/** The JSON key of a selected column: its alias, else the aggregate's name (as Postgres names it), else the field's. */
function itemOutputName(item: ColumnItem): string {
  if (item.alias) return item.alias;
  if (item.aggregate) return item.aggregate;
  return fieldOutputName(item.field);
}

function isToOneSpread(node: ReadNode): boolean {
  const e = node as Partial<EmbedNode>;
  return e.item?.spread === true && e.toOne === true;
}

interface OutputColumn {
  name: string;
  /** An aggregate the parent applies: PostgREST hoists the aggregates of a to-one spread into its parent. */
  aggregate?: AggregateFunction;
  aggregateCast?: string;
}

/** The columns a node outputs, in order; a spread embed's columns take its place. */
function outputColumns(node: ReadNode): OutputColumn[] {
  const hoists = isToOneSpread(node);
  const out: OutputColumn[] = [];
  for (const item of node.items) {
    if (item.kind === 'star') for (const name of node.columns.keys()) out.push({ name });
    else if (item.kind === 'column') {
      const name = itemOutputName(item);
      out.push(hoists && item.aggregate ? { name, aggregate: item.aggregate, aggregateCast: item.aggregateCast } : { name });
    } else {
      const e = node.embedsByName.get(item.alias ?? item.name)!;
      if (item.spread) out.push(...outputColumns(e).map((c) => (hoists ? c : { name: c.name })));
      else if (item.items.length > 0) out.push({ name: e.outputName });
    }
  }
  return out;
}

function outputNames(node: ReadNode): string[] {
  return outputColumns(node).map((c) => c.name);
}

/** The node groups its rows: it has aggregates of its own, or hoisted from its to-one spreads. */
function aggregatesHere(node: ReadNode): boolean {
  if (isToOneSpread(node)) return false;
  if (node.items.some((i) => i.kind === 'column' && i.aggregate)) return true;
  return node.embeds.some((e) => e.item.spread && e.toOne && outputColumns(e).some((c) => c.aggregate));
}

function aggregateSql(fn: AggregateFunction, expr: string, cast: string | undefined): string {
  return `${fn}(${expr})${cast ? castSql(cast) : ''}`;
}

/** PGRST123 unless db-aggregates-enabled is on: aggregates anywhere in the select tree. */
export function checkAggregates(cache: SchemaCache, root: ReadNode): void {
  if (cache.aggregatesEnabled) return;
  const uses = (node: ReadNode): boolean =>
    node.items.some((i) => i.kind === 'column' && i.aggregate !== undefined) || node.embeds.some(uses);
  if (uses(root)) throw aggregatesNotAllowed();
}

function presenceColumn(e: EmbedNode): string {
  return ident(`pgrst_present_${e.alias}`);
}

function core(node: ReadNode, params: Params): Core {
  const select: string[] = [];
  const groupBy: number[] = [];
  // PostgREST's automatic GROUP BY: every selected column and embed that is not aggregated.
  const aggregated = aggregatesHere(node);
  const hoisting = isToOneSpread(node);
  const grouped = (sql: string) => {
    select.push(sql);
    if (aggregated) groupBy.push(select.length);
  };
  let joins = '';
  let whereJoins = '';
  const where: string[] = [];
  for (const item of node.items) {
    if (item.kind === 'star') {
      if (aggregated) for (const name of node.columns.keys()) grouped(`${node.alias}.${ident(name)}`);
      else select.push(`${node.alias}.*`);
    } else if (item.kind === 'column') {
      const as = ident(itemOutputName(item));
      const countRows = item.aggregate === 'count' && item.field.name === '*';
      const value = countRows ? '*' : fieldSql(node, item.field, params) + (item.cast ? castSql(item.cast) : '');
      if (item.aggregate && !hoisting) select.push(`${aggregateSql(item.aggregate, value, item.aggregateCast)} AS ${as}`);
      // Hoisted: the plain value, aggregated by the parent (a row counts where the spread found one).
      else if (item.aggregate) select.push(`${countRows ? 'true' : value} AS ${as}`);
      else grouped(`${value} AS ${as}`);
    }
  }
  const names = new Set<string>();
  for (const e of node.embeds) {
    const name = e.item.alias ?? e.item.name;
    if (names.has(name)) throw duplicateEmbed(`${node.relation ?? node.label}_${name}_${e.depth}`);
    names.add(name);
    const join = embedJoin(node, e, params);
    joins += join;
    let presence: string;
    if (e.item.spread) {
      for (const col of outputColumns(e)) {
        const ref = `${e.lateral}.${ident(col.name)}`;
        if (col.aggregate && !hoisting) select.push(`${aggregateSql(col.aggregate, ref, col.aggregateCast)} AS ${ident(col.name)}`);
        else if (col.aggregate) select.push(ref);
        // A to-many spread's columns are json arrays: grouped as jsonb (json has no equality).
        else grouped(aggregated && !e.toOne ? `${ref}::jsonb AS ${ident(col.name)}` : ref);
      }
      presence = `${e.lateral}.${presenceColumn(e)}`;
    } else {
      if (e.items.length > 0) {
        const body = e.toOne ? `${e.lateral}.body` : `COALESCE(${e.lateral}.body, '[]'::json)`;
        grouped(`${aggregated ? `${body}::jsonb` : body} AS ${ident(e.outputName)}`);
      }
      presence = `${e.lateral}.body`;
    }
    const wants = e.item.inner ? 'not_null' : e.nullFilter;
    if (wants) {
      where.push(`${presence} ${wants === 'null' ? 'IS NULL' : 'IS NOT NULL'}`);
      whereJoins += join;
      if (e.item.inner && e.nullFilter === 'null') where.push('false');
    }
  }
  for (const c of node.conditions) where.push(conditionSql(node, c, params));
  let tail = orderSql(node, node.order, params);
  if (node.limit !== undefined) tail += ` LIMIT ${params.add(String(node.limit))}`;
  if (node.offset !== undefined && node.offset > 0) tail += ` OFFSET ${params.add(String(node.offset))}`;
  const group = aggregated && groupBy.length > 0 ? ` GROUP BY ${groupBy.join(', ')}` : '';
  return { select, joins, whereJoins, where, group, tail };
}

/** `links(count)`: PostgREST's legacy aggregate of a to-many embed (when the target has no `count` column). */
function isCountAggregate(e: EmbedNode): boolean {
  if (e.toOne || e.items.length !== 1) return false;
  const only = e.items[0];
  return (
    only.kind === 'column' &&
    !only.aggregate &&
    only.field.name === 'count' &&
    only.field.path.length === 0 &&
    !e.columns.has('count') &&
    !e.computed?.has('count')
  );
}

function whereSql(conditions: string[]): string {
  return conditions.length > 0 ? ` WHERE ${conditions.join(' AND ')}` : '';
}

function embedJoin(parent: ReadNode, e: EmbedNode, params: Params): string {
  const r = e.relationship;
  let from = `${qualified(e.schema, r.target)} AS ${e.alias}`;
  const link: string[] = [];
  const pa = parent.alias;
  // A computed relationship is its function applied to the parent's row (PostgREST: `fn(parent)`).
  if (r.computed) from = `${qualified(r.computed.schema, r.computed.name)}(${parent.rowExpr ?? pa}) AS ${e.alias}`;
  else if (r.cardinality === 'many-to-one')
    r.fk.columns.forEach((c, i) => link.push(`${e.alias}.${ident(r.fk.refColumns[i])} = ${pa}.${ident(c)}`));
  else if (r.cardinality === 'many-to-many' && r.junction) {
    const j = `${e.alias}_j`;
    const tfk = r.junction.targetFk;
    from += ` JOIN ${qualified(e.schema, r.junction.table)} AS ${j} ON ${tfk.columns.map((c, i) => `${j}.${ident(c)} = ${e.alias}.${ident(tfk.refColumns[i])}`).join(' AND ')}`;
    r.fk.columns.forEach((c, i) => link.push(`${j}.${ident(c)} = ${pa}.${ident(r.fk.refColumns[i])}`));
  } else r.fk.columns.forEach((c, i) => link.push(`${e.alias}.${ident(c)} = ${pa}.${ident(r.fk.refColumns[i])}`));
  const row = `${e.alias}_r`;
  if (isCountAggregate(e)) {
    const only = e.items[0] as ColumnItem;
    const c = core({ ...e, items: [], order: [], limit: undefined, offset: undefined }, params);
    const inner = `SELECT count(*) AS ${ident(only.alias ?? 'count')} FROM ${from}${c.joins}${whereSql([...link, ...c.where])}`;
    return ` LEFT JOIN LATERAL (SELECT json_agg(${row}) AS body FROM (${inner}) AS ${row}) AS ${e.lateral} ON TRUE`;
  }
  const c = core(e, params);
  const select = [...c.select];
  if (e.item.spread && e.toOne) select.push(`true AS ${presenceColumn(e)}`);
  const inner = `SELECT ${select.join(', ')} FROM ${from}${c.joins}${whereSql([...link, ...c.where])}${c.group}${c.tail}${toOneFence(e)}`;
  if (e.item.spread && e.toOne) return ` LEFT JOIN LATERAL (${inner}) AS ${e.lateral} ON TRUE`;
  if (e.item.spread) {
    // Spread of a to-many embed (PostgREST 13): each column becomes an array of the children's values.
    const cols = outputNames(e).map((n) => `COALESCE(json_agg(${row}.${ident(n)}), '[]'::json) AS ${ident(n)}`);
    cols.push(`CASE WHEN count(*) > 0 THEN true END AS ${presenceColumn(e)}`);
    return ` LEFT JOIN LATERAL (SELECT ${cols.join(', ')} FROM (${inner}) AS ${row} WHERE ${ROW_GUARD}) AS ${e.lateral} ON TRUE`;
  }
  const agg = e.toOne ? `row_to_json(${row})` : `json_agg(${row})`;
  // Every row an embed emits passes the request guard (rows built, time spent: bootstrap.sql).
  return ` LEFT JOIN LATERAL (SELECT ${agg} AS body FROM (${inner}) AS ${row} WHERE ${ROW_GUARD}) AS ${e.lateral} ON TRUE`;
}

/**
 * A to-one embed that embeds more (links -> folder -> the folder's links) is built once per parent
 * row: `OFFSET 0` keeps Postgres from pulling it up into a hash join that builds each folder once
 * and attaches it to every link. That plan is cheaper, but the row guard would then count 200 rows
 * for a response of 40,000, and whether a request answered 413 would depend on the table
 * statistics of the moment. A to-one embed without embeds adds one row per parent either way.
 */
function toOneFence(e: EmbedNode): string {
  return e.toOne && e.embeds.length > 0 && !(e.offset !== undefined && e.offset > 0) ? ' OFFSET 0' : '';
}

/** Counts each row a read builds and stops the statement past the request's row or time limit. */
const ROW_GUARD = 'pgrst_local.row_guard()';

export interface ReadStatementOptions {
  /** FROM items ending in the root's alias, e.g. `"public"."links" AS t0`. */
  from: string;
  /** Prepended WITH clause (mutations read back from their CTE). */
  with?: string;
  /** 'exact': count(*) of the filtered rows; a number: the same count stopped past that many rows (count=estimated). */
  count: boolean | number;
  stripNulls: boolean;
  /** setof-scalar rpc results: aggregate this column's values, not row objects. */
  scalarColumn?: string;
  /** Accept: text/csv: the body is the rows as Postgres prints records (PostgREST's CSV), not JSON. */
  csv?: boolean;
  /** Extra `expr AS name` columns of the result row (an upsert's inserted count). */
  extra?: string;
}

/** `SELECT total, page_count, body` where body is the JSON array text Postgres built. */
export function readStatement(root: ReadNode, params: Params, opts: ReadStatementOptions): string {
  const c = core(root, params);
  const where = c.where.length > 0 ? ` WHERE ${c.where.join(' AND ')}` : '';
  let total = 'NULL::text';
  if (opts.count === true) total = `(SELECT count(*) FROM ${opts.from}${c.whereJoins}${where})::text`;
  else if (typeof opts.count === 'number')
    total = `(SELECT count(*) FROM (SELECT 1 FROM ${opts.from}${c.whereJoins}${where} LIMIT ${opts.count + 1}) AS _c)::text`;
  let body: string;
  if (opts.csv) {
    // PostgREST's CSV: each row is the record's text output without its parentheses (quotes and
    // NULLs as Postgres writes them); the header is added by the handler from the column names.
    body = `COALESCE(string_agg(substring(_r::text, 2, length(_r::text) - 2), E'\\n'), '')`;
  } else {
    const agg = opts.scalarColumn ? `json_agg(_r.${ident(opts.scalarColumn)})` : 'json_agg(_r)';
    body = `COALESCE(${opts.stripNulls ? `json_strip_nulls(${agg})` : agg}, '[]'::json)::text`;
  }
  const select = c.select.length > 0 ? c.select.join(', ') : '';
  const extra = opts.extra ? `, ${opts.extra}` : '';
  return `${opts.with ?? ''}SELECT ${total} AS total, count(*)::int AS page_count, ${body} AS body${extra} FROM (SELECT ${select} FROM ${opts.from}${c.joins}${where}${c.group}${c.tail}) AS _r WHERE ${ROW_GUARD}`;
}

/** The column names a read returns, in order (the CSV header). */
export function readOutputNames(root: ReadNode): string[] {
  return outputNames(root);
}

/**
 * count=planned: the planner's row estimate of the filtered rows, as PostgREST reads it from
 * EXPLAIN. Only the filters (and the embeds they use) go in, so every bound value is used.
 */
export function plannedCountStatement(root: ReadNode, from: string): { sql: string; params: unknown[] } {
  const params = new Params();
  const filtered = root.embeds.filter((e) => e.item.inner || e.nullFilter);
  const node: ReadNode = { ...root, items: [], order: [], limit: undefined, offset: undefined, embeds: filtered };
  const c = core(node, params);
  const where = c.where.length > 0 ? ` WHERE ${c.where.join(' AND ')}` : '';
  return { sql: `EXPLAIN (FORMAT JSON) SELECT 1 FROM ${from}${c.whereJoins}${where}`, params: params.values };
}
