// Parsers for PostgREST's query-string grammar: select, filters, logic trees (or/and), order.
// They only produce syntax trees; names are checked against the schema cache when SQL is built.
import { parseError } from './errors.ts';

export interface JsonStep {
  arrow: '->' | '->>';
  key: string;
}

export interface FieldRef {
  name: string;
  path: JsonStep[];
}

/** PostgREST's aggregate functions (`col.sum()`, `count()`), allowed only with db-aggregates-enabled. */
export type AggregateFunction = 'avg' | 'count' | 'max' | 'min' | 'sum';

export type SelectItem =
  | { kind: 'star' }
  | {
      kind: 'column';
      /** `count()` counts rows: its field is `*`. */
      field: FieldRef;
      alias?: string;
      cast?: string;
      aggregate?: AggregateFunction;
      /** `col.sum()::int`: a cast of the aggregate's result. */
      aggregateCast?: string;
    }
  | { kind: 'embed'; name: string; alias?: string; hint?: string; inner: boolean; spread: boolean; items: SelectItem[] };

export const OPERATORS = [
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
  'is',
  'isdistinct',
  'in',
  'cs',
  'cd',
  'ov',
  'sl',
  'sr',
  'nxr',
  'nxl',
  'adj',
  'fts',
  'plfts',
  'phfts',
  'wfts',
] as const;
export type Operator = (typeof OPERATORS)[number];
const QUANTIFIABLE = new Set<string>(['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch']);
const FTS = new Set<string>(['fts', 'plfts', 'phfts', 'wfts']);

export interface Filter {
  kind: 'filter';
  field: FieldRef;
  negate: boolean;
  op: Operator;
  quantifier?: 'any' | 'all';
  /** Text search configuration of fts operators, e.g. fts(english). */
  language?: string;
  /** A single value, or the list of `in.(...)` and `op(any).{...}`. */
  value: string | string[];
}

export interface LogicTree {
  kind: 'logic';
  op: 'and' | 'or';
  negate: boolean;
  children: Condition[];
}

export type Condition = Filter | LogicTree;

export interface OrderTerm {
  field: FieldRef;
  direction?: 'asc' | 'desc';
  nulls?: 'first' | 'last';
}

/** A tiny cursor over one parameter's text, so every parser reports where it stopped. */
class Cursor {
  pos = 0;
  constructor(
    readonly text: string,
    readonly what: string,
  ) {}
  get done(): boolean {
    return this.pos >= this.text.length;
  }
  peek(n = 1): string {
    return this.text.slice(this.pos, this.pos + n);
  }
  eat(s: string): boolean {
    if (this.text.startsWith(s, this.pos)) {
      this.pos += s.length;
      return true;
    }
    return false;
  }
  expect(s: string): void {
    if (!this.eat(s)) this.fail(`expecting "${s}"`);
  }
  fail(expecting: string): never {
    const found = this.done ? 'end of input' : `"${this.text[this.pos]}"`;
    throw parseError(this.what, this.text, `unexpected ${found} ${expecting} at column ${this.pos + 1}`);
  }
}

// Characters that end an unquoted name: PostgREST's reserved punctuation.
const NAME_STOP = new Set([',', '.', ':', '(', ')', '!', '"']);

function readQuoted(c: Cursor): string {
  c.expect('"');
  let out = '';
  while (!c.done) {
    const ch = c.text[c.pos++];
    if (ch === '\\' && !c.done) out += c.text[c.pos++];
    else if (ch === '"') return out;
    else out += ch;
  }
  return c.fail('expecting closing quote');
}

function readName(c: Cursor): string {
  if (c.peek() === '"') return readQuoted(c);
  const start = c.pos;
  while (!c.done) {
    const ch = c.text[c.pos];
    if (NAME_STOP.has(ch) || (ch === '-' && c.peek(2) === '->')) break;
    c.pos++;
  }
  const name = c.text.slice(start, c.pos).trim();
  if (!name) c.fail('expecting a name');
  return name;
}

function readField(c: Cursor): FieldRef {
  const name = readName(c);
  const path: JsonStep[] = [];
  while (c.peek(2) === '->') {
    const arrow = c.eat('->>') ? '->>' : (c.eat('->'), '->');
    path.push({ arrow, key: readName(c) });
  }
  return { name, path };
}

// ---------------------------------------------------------------- select

export function parseSelect(text: string): SelectItem[] {
  const c = new Cursor(text, 'select parameter');
  if (text === '') return [];
  const items = readSelectItems(c, 0);
  if (!c.done) c.fail('expecting "," or end of input');
  return items;
}

function readSelectItems(c: Cursor, depth: number): SelectItem[] {
  if (depth > 16) c.fail('embedding too deep');
  const items: SelectItem[] = [];
  do {
    if (depth > 0 && c.peek() === ')' && items.length === 0) break;
    items.push(readSelectItem(c, depth));
  } while (c.eat(','));
  return items;
}

function readSelectItem(c: Cursor, depth: number): SelectItem {
  if (c.eat('*')) return { kind: 'star' };
  if (c.eat('...')) {
    const embed = readEmbedTail(c, readName(c), depth);
    if (!embed) c.fail('expecting "(" after a spread relation');
    return { ...embed, spread: true };
  }
  let alias: string | undefined;
  let field = readField(c);
  if (field.path.length === 0 && c.peek() === ':' && c.peek(2) !== '::') {
    c.pos++;
    alias = field.name;
    if (c.eat('...')) c.fail('expecting a name (a spread cannot have an alias)');
    field = readField(c);
  }
  // `count()` is the row count, never an embed (PostgREST does not embed a relation named count).
  if (field.path.length === 0 && field.name === 'count' && c.peek() === '(') {
    c.expect('()');
    return { kind: 'column', field: { name: '*', path: [] }, alias, aggregate: 'count', aggregateCast: readCast(c) };
  }
  if (field.path.length === 0) {
    const embed = readEmbedTail(c, field.name, depth);
    if (embed) return { ...embed, alias };
  }
  const cast = readCast(c);
  let aggregate: AggregateFunction | undefined;
  let aggregateCast: string | undefined;
  const m = /^\.(sum|avg|count|max|min)\(\)/.exec(c.text.slice(c.pos));
  if (m) {
    c.pos += m[0].length;
    aggregate = m[1] as AggregateFunction;
    aggregateCast = readCast(c);
  }
  return { kind: 'column', field, alias, cast, aggregate, aggregateCast };
}

/** An optional `::type` (one type name, possibly an array). */
function readCast(c: Cursor): string | undefined {
  if (!c.eat('::')) return undefined;
  const start = c.pos;
  while (!c.done && /[A-Za-z0-9_ [\]]/.test(c.text[c.pos])) c.pos++;
  const cast = c.text.slice(start, c.pos).trim();
  if (!cast) c.fail('expecting a type name');
  return cast;
}

/** `name[!hint][!inner|!left](items)`; undefined when no embed follows the name. */
function readEmbedTail(c: Cursor, name: string, depth: number): Extract<SelectItem, { kind: 'embed' }> | undefined {
  if (c.peek() !== '!' && c.peek() !== '(') return undefined;
  let hint: string | undefined;
  let inner = false;
  while (c.eat('!')) {
    const word = readName(c);
    if (word === 'inner') inner = true;
    else if (word === 'left') inner = false;
    else if (hint === undefined) hint = word;
    else c.fail('expecting "inner" or "left"');
  }
  c.expect('(');
  const items = readSelectItems(c, depth + 1);
  c.expect(')');
  return { kind: 'embed', name, hint, inner, spread: false, items };
}

// ---------------------------------------------------------------- filters

/** The value side of a filter parameter: `[not.]op[(any|all)|(config)].value`. */
export function parseFilter(field: FieldRef, text: string, what = 'filter'): Filter {
  const c = new Cursor(text, what);
  const f = readOperator(c, field);
  f.value = readTopLevelValue(c, f);
  return f;
}

function readOperator(c: Cursor, field: FieldRef): Filter {
  const negate = c.eat('not.');
  const start = c.pos;
  while (!c.done && /[a-z]/.test(c.text[c.pos])) c.pos++;
  const op = c.text.slice(start, c.pos);
  if (!(OPERATORS as readonly string[]).includes(op)) {
    c.pos = start;
    c.fail(`expecting an operator (${OPERATORS.join(', ')})`);
  }
  const f: Filter = { kind: 'filter', field, negate, op: op as Operator, value: '' };
  if (c.eat('(')) {
    const modStart = c.pos;
    while (!c.done && c.text[c.pos] !== ')') c.pos++;
    const mod = c.text.slice(modStart, c.pos);
    c.expect(')');
    if (QUANTIFIABLE.has(op) && (mod === 'any' || mod === 'all')) f.quantifier = mod;
    else if (FTS.has(op) && /^[A-Za-z0-9_]+$/.test(mod)) f.language = mod;
    else {
      c.pos = modStart;
      c.fail('expecting (any), (all) or a text search configuration');
    }
  }
  c.expect('.');
  return f;
}

function readTopLevelValue(c: Cursor, f: Filter): string | string[] {
  if (f.op === 'in') return readList(c, '(', ')', true);
  if (f.quantifier) return readList(c, '{', '}', true);
  const rest = c.text.slice(c.pos);
  c.pos = c.text.length;
  if (f.op === 'is') return checkIs(c, rest);
  return rest;
}

function checkIs(c: Cursor, v: string): string {
  const lower = v.toLowerCase();
  if (!['null', 'not_null', 'true', 'false', 'unknown'].includes(lower)) {
    c.pos -= v.length;
    c.fail('expecting null, true, false or unknown');
  }
  return lower;
}

/** `(a,"b,c",d)`: quoted items may hold the separators; `\` escapes inside quotes. */
function readList(c: Cursor, open: string, close: string, mustEnd: boolean): string[] {
  c.expect(open);
  const out: string[] = [];
  if (c.eat(close)) return out;
  for (;;) {
    if (c.peek() === '"') out.push(readQuoted(c));
    else {
      const start = c.pos;
      while (!c.done && c.text[c.pos] !== ',' && c.text[c.pos] !== close) c.pos++;
      out.push(c.text.slice(start, c.pos));
    }
    if (c.eat(close)) break;
    c.expect(',');
  }
  if (mustEnd && !c.done && c.text[c.pos] !== ',' && c.text[c.pos] !== ')') c.fail('expecting end of list');
  return out;
}

// ---------------------------------------------------------------- logic trees

/** The value of an `or=` / `and=` parameter: `(cond,cond,...)`, conditions possibly nested. */
export function parseLogicTree(op: 'and' | 'or', negate: boolean, text: string): LogicTree {
  const c = new Cursor(text, 'logic tree');
  const tree = readLogicBody(c, op, negate, 0);
  if (!c.done) c.fail('expecting end of input');
  return tree;
}

function readLogicBody(c: Cursor, op: 'and' | 'or', negate: boolean, depth: number): LogicTree {
  if (depth > 16) c.fail('nesting too deep');
  c.expect('(');
  const children: Condition[] = [];
  do {
    children.push(readCondition(c, depth));
  } while (c.eat(','));
  c.expect(')');
  return { kind: 'logic', op, negate, children };
}

function readCondition(c: Cursor, depth: number): Condition {
  for (const [prefix, op, negate] of [
    ['not.and(', 'and', true],
    ['not.or(', 'or', true],
    ['and(', 'and', false],
    ['or(', 'or', false],
  ] as const) {
    if (c.text.startsWith(prefix, c.pos)) {
      c.pos += prefix.length - 1;
      return readLogicBody(c, op, negate, depth + 1);
    }
  }
  const field = readField(c);
  c.expect('.');
  const f = readOperator(c, field);
  if (f.op === 'in') f.value = readList(c, '(', ')', false);
  else if (f.quantifier) f.value = readList(c, '{', '}', false);
  else f.value = readLogicValue(c);
  if (f.op === 'is') f.value = checkIs(c, f.value as string);
  return f;
}

/** A value inside a logic tree: quoted, a `{...}`/`(...)` literal, or anything up to `,` or `)`. */
function readLogicValue(c: Cursor): string {
  if (c.peek() === '"') return readQuoted(c);
  const start = c.pos;
  let depth = 0;
  while (!c.done) {
    const ch = c.text[c.pos];
    if (ch === '{' || ch === '[') depth++;
    else if ((ch === '}' || ch === ']') && depth > 0) depth--;
    else if (depth === 0 && (ch === ',' || ch === ')')) break;
    c.pos++;
  }
  return c.text.slice(start, c.pos);
}

// ---------------------------------------------------------------- order

export function parseOrder(text: string): OrderTerm[] {
  const c = new Cursor(text, 'order');
  const terms: OrderTerm[] = [];
  do {
    const field = readField(c);
    if (c.peek() === '(') c.fail('ordering by an embedded resource is not supported');
    const term: OrderTerm = { field };
    while (c.eat('.')) {
      if (c.eat('asc')) term.direction = 'asc';
      else if (c.eat('desc')) term.direction = 'desc';
      else if (c.eat('nullsfirst')) term.nulls = 'first';
      else if (c.eat('nullslast')) term.nulls = 'last';
      else c.fail('expecting "asc", "desc", "nullsfirst" or "nullslast"');
    }
    terms.push(term);
  } while (c.eat(','));
  if (!c.done) c.fail('expecting "," or end of input');
  return terms;
}

/** `limit` / `offset`: a non-negative whole number. */
export function parseCount(name: string, text: string): number {
  if (!/^\d{1,15}$/.test(text)) throw parseError(name, text, 'expecting a non-negative whole number');
  return Number(text);
}

/** Fields of a query-string key: `embed.sub.col` -> path ['embed','sub'] and the field `col`. */
export function parseFilterKey(key: string): { embedPath: string[]; field: FieldRef } {
  const c = new Cursor(key, 'filter');
  const parts: string[] = [];
  let field = readField(c);
  while (field.path.length === 0 && c.eat('.')) {
    parts.push(field.name);
    field = readField(c);
  }
  if (!c.done) c.fail('expecting end of the column name');
  return { embedPath: parts, field };
}

/** The `columns` / `on_conflict` parameters: a comma list of (possibly quoted) names. */
export function parseNameList(what: string, text: string): string[] {
  const c = new Cursor(text, what);
  const names: string[] = [];
  do names.push(readName(c));
  while (c.eat(','));
  if (!c.done) c.fail('expecting "," or end of input');
  return names;
}

export interface Preferences {
  return?: 'representation' | 'minimal' | 'headers-only';
  count?: 'exact' | 'planned' | 'estimated';
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  missing?: 'default' | 'null';
  tx?: 'commit' | 'rollback';
  handling?: 'strict' | 'lenient';
  /** max-affected=N: with handling=strict, a write touching more rows is refused and rolled back. */
  maxAffected?: number;
}

const NO_PREFERENCES: Preferences = Object.freeze({});
const preferCache = new Map<string, Preferences>();

/** The Prefer header(s): unknown preferences are ignored, as PostgREST's lenient handling does. */
export function parsePrefer(header: string | string[] | undefined): Preferences {
  if (header === undefined || header === '') return NO_PREFERENCES;
  const all = Array.isArray(header) ? header.join(',') : header;
  // A handful of distinct Prefer strings in practice: each is parsed once (bounded; results are never mutated).
  let hit = preferCache.get(all);
  if (hit === undefined) {
    hit = Object.freeze(parsePreferOnce(all));
    if (preferCache.size >= 200) preferCache.clear();
    preferCache.set(all, hit);
  }
  return hit;
}

function parsePreferOnce(all: string): Preferences {
  const out: Preferences = {};
  for (const raw of all.split(',')) {
    const [k, v] = raw
      .trim()
      .split('=')
      .map((s) => s.trim());
    if (k === 'return' && (v === 'representation' || v === 'minimal' || v === 'headers-only')) out.return = v;
    else if (k === 'count' && (v === 'exact' || v === 'planned' || v === 'estimated')) out.count = v;
    else if (k === 'handling' && (v === 'strict' || v === 'lenient')) out.handling = v;
    else if (k === 'max-affected' && v !== undefined && /^\d{1,15}$/.test(v)) out.maxAffected = Number(v);
    else if (k === 'resolution' && (v === 'merge-duplicates' || v === 'ignore-duplicates')) out.resolution = v;
    else if (k === 'missing' && (v === 'default' || v === 'null')) out.missing = v;
    else if (k === 'tx' && (v === 'commit' || v === 'rollback')) out.tx = v;
  }
  return out;
}
