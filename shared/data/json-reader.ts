import { CLIENT_ERROR_CODES, DataError } from './errors.ts';

/**
 * Small typed readers for the JSON an RPC returns (`Json` to the generated types): each checks one
 * value and returns it typed, or throws a DataError ('unexpected_response') that says where the
 * answer differs from what the data layer reads, instead of a cast that lets a wrong shape through
 * to the screen. Decoders for each RPC are built from these beside their entity (links/decode.ts,
 * categories/decode.ts, incoming/decode.ts, import-export/decode.ts), and
 * tests/integration/data-rpc-json.test.ts runs them on what the migrated SQL functions really send.
 *
 * Not zod: list_links and get_folder are read on a first load, whose chunk loads no zod; these
 * readers are a few hundred bytes and read a 10,000-link list in a few milliseconds.
 */

/**
 * Reads one JSON value as T. `at` (and `key`, when the value is a member of a bigger one) only name
 * the place in an error message. Invariant in T, so an object reader for a row type must read each
 * column exactly as the row type says: `string` is not accepted where a column is `string | null`.
 */
export interface Reader<in out T> {
  (value: unknown, at: string, key?: string | number): T;
}

/** The place a value has in the answer: `save_link.link.title`, `list_links[3]`. */
function placeOf(at: string, key: string | number | undefined): string {
  if (key === undefined) return at;
  return typeof key === 'number' ? `${at}[${key}]` : `${at}.${key}`;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'missing';
  if (Array.isArray(value)) return `an array of ${value.length} values`;
  return typeof value === 'string' ? JSON.stringify(value.slice(0, 40)) : typeof value;
}

/** Throws the 'unexpected_response' DataError: the value at this place is not what was expected. */
export function fail(at: string, key: string | number | undefined, expected: string, value: unknown): never {
  throw new DataError(`Unexpected answer from the server: ${placeOf(at, key)} should be ${expected}, not ${describe(value)}.`, {
    code: CLIENT_ERROR_CODES.unexpectedResponse,
    source: 'client',
  });
}

export const string: Reader<string> = (value, at, key) => (typeof value === 'string' ? value : fail(at, key, 'a string', value));

export const number: Reader<number> = (value, at, key) =>
  typeof value === 'number' && Number.isFinite(value) ? value : fail(at, key, 'a number', value);

export const boolean: Reader<boolean> = (value, at, key) => (typeof value === 'boolean' ? value : fail(at, key, 'true or false', value));

/** The value read by `read`, or null. */
export function nullable<T>(read: Reader<T>): Reader<T | null> {
  return (value, at, key) => (value === null ? null : read(value, at, key));
}

/** One of the given strings (a CHECK-constrained column, an outcome). */
export function oneOf<const T extends readonly string[]>(values: T): Reader<T[number]> {
  const allowed: readonly unknown[] = values;
  const isAllowed = (value: unknown): value is T[number] => allowed.includes(value);
  return (value, at, key) => (isAllowed(value) ? value : fail(at, key, `one of ${values.join(', ')}`, value));
}

/** An array whose every item `read` reads. */
export function arrayOf<T>(read: Reader<T>): Reader<T[]> {
  return (value, at, key) => {
    if (!Array.isArray(value)) return fail(at, key, 'an array', value);
    const place = placeOf(at, key);
    return value.map((item, index) => read(item, place, index));
  };
}

/** A JSON object, for readers that pick its members. */
function record(value: unknown, at: string, key?: string | number): Readonly<Record<string, unknown>> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : fail(at, key, 'an object', value);
}

/**
 * An object with exactly T's keys, each read by its reader; members T does not have are left out
 * (a newer server may send more). The readers are typed by T's keys, so a column added to a row
 * type (after `npm run db:types`) is a compile error here until it is read.
 */
export function object<T extends object>(readers: { readonly [K in keyof T]-?: Reader<T[K]> }): Reader<T> {
  const keys = Object.keys(readers) as Array<keyof T & string>;
  return (value, at, key) => {
    const source = record(value, at, key);
    const place = placeOf(at, key);
    // Filled below with every key of T: `readers` has one reader per key.
    const out = {} as T;
    for (const name of keys) out[name] = readers[name](source[name], place, name);
    return out;
  };
}

/**
 * A positional array (a row as `json_build_array(...)` sends it) of at least `length` values; a
 * server that appends a column stays readable by an older client.
 */
export function positional(value: unknown, at: string, key: string | number | undefined, length: number): readonly unknown[] {
  if (!Array.isArray(value) || value.length < length) return fail(at, key, `an array of ${length} values`, value);
  return value;
}
