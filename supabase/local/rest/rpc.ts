// /rpc/<fn>: picking the function among its overloads by the argument names, as PostgREST's findProc
// does, and calling it with its arguments typed by Postgres from one bound JSON object
// (json_to_record), or with the whole body when it has a single unnamed parameter.
import { PgrstError, SchemaMissError } from './errors.ts';
import { closestMatch } from './fuzzy.ts';
import { type SchemaCache, type SqlFunction } from './schema.ts';
import { ident, qualified, type Params } from './sql.ts';

export interface ResolvedCall {
  fn: SqlFunction;
  /** The argument names passed (defaults apply to the others). */
  names: string[];
  /**
   * The function has a single unnamed parameter (PostgREST's OnePosParam): it receives the whole
   * body (POST) or the query arguments as one JSON object (GET), cast to the parameter's type.
   */
  wholeBody: boolean;
}

function isJsonType(t: string): boolean {
  return t === 'json' || t === 'jsonb';
}

/**
 * Required parameters (no default) must all be given; any other key must name an optional one.
 * A function without parameters takes no keys.
 */
function matchesParams(fn: SqlFunction, keys: Set<string>): boolean {
  const names = new Set(fn.args.map((a) => a.name));
  return fn.args.every((a) => a.hasDefault || keys.has(a.name)) && [...keys].every((k) => names.has(k));
}

/** PostgREST's order of overloads: fewer parameters first, then by the parameters' names and types. */
function compareOverloads(a: SqlFunction, b: SqlFunction): number {
  if (a.args.length !== b.args.length) return a.args.length - b.args.length;
  const cmp = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  for (let i = 0; i < a.args.length; i++) {
    const d = cmp(a.args[i].name, b.args[i].name) || cmp(a.args[i].type, b.args[i].type);
    if (d !== 0) return d;
  }
  return 0;
}

function signature(fn: SqlFunction): string {
  return `${fn.schema}.${fn.name}(${fn.args.map((a) => `${a.name} => ${a.type}`).join(', ')})`;
}

/** PGRST203, PostgREST's AmbiguousRpc. */
function ambiguous(fns: SqlFunction[]): PgrstError {
  return new PgrstError(
    300,
    'PGRST203',
    `Could not choose the best candidate function between: ${fns.map(signature).join(', ')}`,
    null,
    'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
  );
}

/** PGRST202, PostgREST's NoRpc: its message, details ('parameter' for one key) and fuzzy hint. */
function notFound(cache: SchemaCache, name: string, keys: string[], overloads: SqlFunction[], post: boolean): PgrstError {
  const func = `${cache.schema}.${name}`;
  const list = keys.join(', ');
  const withParams = keys.length === 0 ? ' without parameters' : ` with parameter${keys.length > 1 ? 's' : ''} ${list}`;
  const message = `Could not find the function ${func}${keys.length === 0 ? ' without parameters' : `(${list})`} in the schema cache`;
  const details = `Searched for the function ${func}${withParams}${post ? ' or with a single unnamed json/jsonb parameter' : ''}, but no matches were found in the schema cache.`;
  let hint: string | null = null;
  if (overloads.length === 0) {
    const callable = [...cache.functions.entries()].filter(([, fns]) => fns.some((f) => f.callable)).map(([n]) => n);
    const other = closestMatch(callable, name, 0.75);
    if (other !== undefined) hint = `Perhaps you meant to call the function ${cache.schema}.${other}`;
  } else {
    const asText = (names: string[]) => `(${[...names].sort().join(', ')})`;
    const params = closestMatch(
      overloads.map((f) => asText(f.args.map((a) => a.name))),
      asText(keys),
      0.33,
    );
    if (params !== undefined) hint = `Perhaps you meant to call the function ${func}${params}`;
  }
  return new SchemaMissError(404, 'PGRST202', message, details, hint);
}

/**
 * PostgREST's findProc: the overloads whose parameters the keys match; when none does, a POST falls
 * back to the one with a single unnamed json/jsonb parameter. More than one candidate is 300 PGRST203
 * (never a guess), none is 404 PGRST202. The empty key names an unnamed parameter.
 */
export function resolveFunction(cache: SchemaCache, name: string, args: unknown, post: boolean): ResolvedCall {
  const overloads = (cache.functions.get(name) ?? []).filter((f) => f.callable).sort(compareOverloads);
  const isObject = typeof args === 'object' && args !== null && !Array.isArray(args);
  const keys = isObject ? Object.keys(args).sort() : [];
  const keySet = new Set(keys);
  const matches: SqlFunction[] = [];
  const fallbacks: SqlFunction[] = [];
  for (const fn of overloads) {
    if (matchesParams(fn, keySet)) matches.push(fn);
    else if (post && fn.args.length === 1 && fn.args[0].name === '' && isJsonType(fn.args[0].type)) fallbacks.push(fn);
  }
  const chosen = matches.length > 0 ? matches : fallbacks;
  if (chosen.length > 1) throw ambiguous(chosen);
  if (chosen.length === 0) throw notFound(cache, name, keys, overloads, post);
  const fn = chosen[0];
  if (fn.args.length === 1 && fn.args[0].name === '') return { fn, names: [], wholeBody: true };
  return { fn, names: keys, wholeBody: false };
}

/**
 * PostgREST's findProc for a text/plain, text/xml or application/octet-stream body: only a function
 * whose single parameter is unnamed and of the matching type (text, xml, bytea) takes it, whole.
 * None is 404 PGRST202 saying which parameter was searched for; several overloads cannot have the
 * same single type, so no ambiguity.
 */
export function resolveRawBodyFunction(cache: SchemaCache, name: string, type: 'text' | 'xml' | 'bytea'): ResolvedCall {
  const fn = (cache.functions.get(name) ?? []).find(
    (f) => f.callable && f.args.length === 1 && f.args[0].name === '' && f.args[0].type === type,
  );
  if (fn) return { fn, names: [], wholeBody: true };
  const func = `${cache.schema}.${name}`;
  let hint: string | null = null;
  if (!cache.functions.get(name)?.some((f) => f.callable)) {
    const callable = [...cache.functions.entries()].filter(([, fns]) => fns.some((f) => f.callable)).map(([n]) => n);
    const other = closestMatch(callable, name, 0.75);
    if (other !== undefined) hint = `Perhaps you meant to call the function ${cache.schema}.${other}`;
  }
  throw new SchemaMissError(
    404,
    'PGRST202',
    `Could not find the function ${func} in the schema cache`,
    `Searched for the function ${func} with a single unnamed ${type} parameter, but no matches were found in the schema cache.`,
    hint,
  );
}

/** `FROM` items binding the arguments (alias _args) and the call expression that uses them. */
export function callSql(call: ResolvedCall, rawArgs: string, params: Params): { argsFrom: string; call: string } {
  const fnName = qualified(call.fn.schema, call.fn.name);
  if (call.wholeBody) {
    const p = params.add(rawArgs);
    return { argsFrom: '(SELECT) AS _args', call: `${fnName}(${p}::${call.fn.args[0].type})` };
  }
  if (call.names.length === 0) return { argsFrom: '(SELECT) AS _args', call: `${fnName}()` };
  const byName = new Map(call.fn.args.map((a) => [a.name, a]));
  const defs = call.names.map((n) => `${ident(n)} ${byName.get(n)!.type}`).join(', ');
  const p = params.add(rawArgs);
  const passed = call.names.map((n) => `${byName.get(n)!.variadic ? 'VARIADIC ' : ''}${ident(n)} => _args.${ident(n)}`).join(', ');
  return { argsFrom: `json_to_record(${p}::json) AS _args(${defs})`, call: `${fnName}(${passed})` };
}
