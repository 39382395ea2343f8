// The read side of a request: the select tree with its embedded resources, the query parameters
// spread over it, and the one SELECT statement PostgREST would run for it.
import { PgrstError, SchemaMissError } from './errors.ts';
import { parseCount, parseFilter, parseFilterKey, parseLogicTree, parseOrder, type Condition, type OrderTerm, type SelectItem } from './parse.ts';
import { SCHEMA, type Column, type Relationship, type SchemaCache } from './schema.ts';
import { castSql, conditionSql, fieldOutputName, fieldSql, ident, orderSql, qualified, type ColumnScope, type Params } from './sql.ts';

export interface ReadNode extends ColumnScope {
  /** The table/view whose foreign keys embeds follow; null for results without one (scalar rpc). */
  relation: string | null;
  items: SelectItem[];
  conditions: Condition[];
  order: OrderTerm[];
  limit?: number;
  offset?: number;
  embeds: EmbedNode[];
  embedsByName: Map<string, EmbedNode>;
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

export function buildReadTree(cache: SchemaCache, root: { relation: string | null; label: string; columns: Map<string, Column> }, items: SelectItem[], aliases: Aliases): ReadNode {
  const node: ReadNode = { ...root, alias: aliases.next(), items, conditions: [], order: [], embeds: [], embedsByName: new Map() };
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
    if (item.spread && !toOne) throw new PgrstError(400, 'PGRST119', `A spread operation on '${item.name}' is not possible`, "'" + (node.relation ?? node.label) + "' and '" + item.name + "' do not form a many-to-one or one-to-one relationship", null);
    const outputName = item.alias ?? item.name;
    const embed: EmbedNode = {
      relation: target.name,
      label: target.name,
      columns: target.columns,
      alias,
      items: item.items,
      conditions: [],
      order: [],
      embeds: [],
      embedsByName: new Map(),
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
  return r.fk.name === hint || single(r.fk.columns) || r.junction?.table === hint || r.junction?.targetFk.name === hint;
}

function resolveEmbed(cache: SchemaCache, parent: ReadNode, item: Extract<SelectItem, { kind: 'embed' }>): Relationship {
  const source = parent.relation ?? parent.label;
  let found: Relationship[] = [];
  if (parent.relation !== null) {
    found = cache.relations.has(item.name) ? cache.relationships(parent.relation, item.name) : cache.relationshipsByFkName(parent.relation, item.name);
    if (item.hint !== undefined) found = found.filter((r) => matchesHint(r, item.hint!));
  }
  if (found.length === 0) {
    throw new SchemaMissError(
      400,
      'PGRST200',
      `Could not find a relationship between '${source}' and '${item.name}' in the schema cache`,
      `Searched for a foreign key relationship between '${source}' and '${item.name}'${item.hint ? ` using the hint '${item.hint}'` : ''} in the schema '${SCHEMA}', but no matches were found.`,
      null,
    );
  }
  if (found.length > 1) {
    throw new PgrstError(
      300,
      'PGRST201',
      `Could not embed because more than one relationship was found for '${source}' and '${item.name}'`,
      found.map((r) => ({
        cardinality: r.cardinality,
        embedding: `${source} with ${r.target}`,
        relationship: `${r.fk.name} using ${r.fk.table}(${r.fk.columns.join(', ')}) and ${r.fk.refTable}(${r.fk.refColumns.join(', ')})`,
      })),
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
    if (!next) throw new PgrstError(400, 'PGRST108', `'${name}' is not an embedded resource in this request`, null, `Verify that '${name}' is included in the 'select' query parameter.`);
    node = next;
  }
  return node;
}

/** Spreads filters, logic trees, order, limit and offset (top-level or `embed.`-prefixed) over the tree. */
export function applyQueryParams(root: ReadNode, search: URLSearchParams, skip: (key: string) => boolean, opts: { allowRange: boolean }): void {
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
        throw new PgrstError(400, 'PGRST100', `"failed to parse filter (${value})"`, 'Only is.null or not.is.null can filter an embedded resource itself');
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
  tail: string;
}

function outputNames(node: ReadNode): string[] {
  const names: string[] = [];
  for (const item of node.items) {
    if (item.kind === 'star') names.push(...node.columns.keys());
    else if (item.kind === 'column') names.push(fieldOutputName(item.field, item.alias));
    else {
      const e = node.embedsByName.get(item.alias ?? item.name)!;
      if (item.spread) names.push(...outputNames(e));
      else if (item.items.length > 0) names.push(e.outputName);
    }
  }
  return names;
}

function presenceColumn(e: EmbedNode): string {
  return ident(`pgrst_present_${e.alias}`);
}

function core(node: ReadNode, params: Params): Core {
  const select: string[] = [];
  let joins = '';
  let whereJoins = '';
  const where: string[] = [];
  for (const item of node.items) {
    if (item.kind === 'star') select.push(`${node.alias}.*`);
    else if (item.kind === 'column') {
      const sql = fieldSql(node, item.field, params) + (item.cast ? castSql(item.cast) : '');
      select.push(`${sql} AS ${ident(fieldOutputName(item.field, item.alias))}`);
    }
  }
  for (const e of node.embeds) {
    const join = embedJoin(node, e, params);
    joins += join;
    let presence: string;
    if (e.item.spread) {
      for (const name of outputNames(e)) select.push(`${e.lateral}.${ident(name)}`);
      presence = `${e.lateral}.${presenceColumn(e)}`;
    } else {
      if (e.items.length > 0) select.push(e.toOne ? `${e.lateral}.body AS ${ident(e.outputName)}` : `COALESCE(${e.lateral}.body, '[]'::json) AS ${ident(e.outputName)}`);
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
  return { select, joins, whereJoins, where, tail };
}

function embedJoin(parent: ReadNode, e: EmbedNode, params: Params): string {
  const r = e.relationship;
  let from = `${qualified(SCHEMA, r.target)} AS ${e.alias}`;
  const link: string[] = [];
  const pa = parent.alias;
  if (r.cardinality === 'many-to-one') r.fk.columns.forEach((c, i) => link.push(`${e.alias}.${ident(r.fk.refColumns[i])} = ${pa}.${ident(c)}`));
  else if (r.cardinality === 'many-to-many' && r.junction) {
    const j = `${e.alias}_j`;
    const tfk = r.junction.targetFk;
    from += ` JOIN ${qualified(SCHEMA, r.junction.table)} AS ${j} ON ${tfk.columns.map((c, i) => `${j}.${ident(c)} = ${e.alias}.${ident(tfk.refColumns[i])}`).join(' AND ')}`;
    r.fk.columns.forEach((c, i) => link.push(`${j}.${ident(c)} = ${pa}.${ident(r.fk.refColumns[i])}`));
  } else r.fk.columns.forEach((c, i) => link.push(`${e.alias}.${ident(c)} = ${pa}.${ident(r.fk.refColumns[i])}`));
  const c = core(e, params);
  const select = [...c.select];
  if (e.item.spread) select.push(`true AS ${presenceColumn(e)}`);
  const inner = `SELECT ${select.join(', ')} FROM ${from}${c.joins} WHERE ${[...link, ...c.where].join(' AND ')}${c.tail}`;
  if (e.item.spread) return ` LEFT JOIN LATERAL (${inner}) AS ${e.lateral} ON TRUE`;
  const row = `${e.alias}_r`;
  const agg = e.toOne ? `row_to_json(${row})` : `json_agg(${row})`;
  // Every row an embed emits passes the request guard (rows built, time spent: bootstrap.sql).
  return ` LEFT JOIN LATERAL (SELECT ${agg} AS body FROM (${inner}) AS ${row} WHERE ${ROW_GUARD}) AS ${e.lateral} ON TRUE`;
}

/** Counts each row a read builds and stops the statement past the request's row or time limit. */
const ROW_GUARD = 'pgrst_local.row_guard()';

export interface ReadStatementOptions {
  /** FROM items ending in the root's alias, e.g. `"public"."links" AS t0`. */
  from: string;
  /** Prepended WITH clause (mutations read back from their CTE). */
  with?: string;
  count: boolean;
  stripNulls: boolean;
  /** setof-scalar rpc results: aggregate this column's values, not row objects. */
  scalarColumn?: string;
}

/** `SELECT total, page_count, body` where body is the JSON array text Postgres built. */
export function readStatement(root: ReadNode, params: Params, opts: ReadStatementOptions): string {
  const c = core(root, params);
  const where = c.where.length > 0 ? ` WHERE ${c.where.join(' AND ')}` : '';
  const total = opts.count ? `(SELECT count(*) FROM ${opts.from}${c.whereJoins}${where})::text` : 'NULL::text';
  const agg = opts.scalarColumn ? `json_agg(_r.${ident(opts.scalarColumn)})` : 'json_agg(_r)';
  const body = `COALESCE(${opts.stripNulls ? `json_strip_nulls(${agg})` : agg}, '[]'::json)::text`;
  const select = c.select.length > 0 ? c.select.join(', ') : '';
  return `${opts.with ?? ''}SELECT ${total} AS total, count(*)::int AS page_count, ${body} AS body FROM (SELECT ${select} FROM ${opts.from}${c.joins}${where}${c.tail}) AS _r WHERE ${ROW_GUARD}`;
}
