// /rpc/<fn>: picking the function (overloads by argument names, as PostgREST does) and calling it with
// its arguments typed by Postgres from one bound JSON object (json_to_record).
import { SchemaMissError } from './errors.ts';
import { type SchemaCache, type SqlFunction } from './schema.ts';
import { ident, qualified, type Params } from './sql.ts';

export interface ResolvedCall {
  fn: SqlFunction;
  /** The argument names passed (defaults apply to the others). */
  names: string[];
  /** A function of one unnamed json/jsonb argument receives the whole body. */
  wholeBody: boolean;
}

function isJsonType(t: string): boolean {
  return t === 'json' || t === 'jsonb';
}

export function resolveFunction(cache: SchemaCache, name: string, args: unknown): ResolvedCall {
  const candidates = cache.functions.get(name) ?? [];
  const isObject = typeof args === 'object' && args !== null && !Array.isArray(args);
  const keys = isObject ? Object.keys(args as object) : [];
  if (isObject) {
    const matches = candidates.filter((fn) => {
      const names = new Set(fn.args.map((a) => a.name));
      return keys.every((k) => names.has(k)) && fn.args.every((a) => a.hasDefault || keys.includes(a.name));
    });
    // Several overloads fit: prefer the one with the fewest unused (defaulted) arguments.
    matches.sort((a, b) => a.args.length - b.args.length);
    if (matches.length > 0) {
      return { fn: matches[0], names: keys, wholeBody: false };
    }
  }
  const single = candidates.find((fn) => fn.args.length === 1 && fn.args[0].name === '' && isJsonType(fn.args[0].type));
  if (single) return { fn: single, names: [], wholeBody: true };
  const list = [...keys].sort().join(', ');
  throw new SchemaMissError(
    404,
    'PGRST202',
    `Could not find the function ${cache.schema}.${name}${keys.length > 0 ? `(${list})` : ' without parameters'} in the schema cache`,
    `Searched for the function ${cache.schema}.${name} ${keys.length > 0 ? `with parameters ${list}` : 'without parameters'} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
    null,
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
