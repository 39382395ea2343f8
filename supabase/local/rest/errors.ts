import { isPgError } from '../db/index.ts';
import type { RequestRole } from '../db/index.ts';

/** An error in PostgREST's JSON shape, with the HTTP status PostgREST gives it. */
export class PgrstError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: unknown = null,
    readonly hint: string | null = null,
  ) {
    super(message);
  }

  toJSON(): Record<string, unknown> {
    return { code: this.code, details: this.details, hint: this.hint, message: this.message };
  }
}

/** A name the schema cache does not know: the handler reloads the cache once and retries. */
export class SchemaMissError extends PgrstError {}

/** PGRST100: a query parameter PostgREST cannot parse. */
export function parseError(what: string, input: string, details: string): PgrstError {
  return new PgrstError(400, 'PGRST100', `"failed to parse ${what} (${input})"`, details);
}

export function unknownColumn(table: string, column: string): PgrstError {
  return new SchemaMissError(400, '42703', `column ${table}.${column} does not exist`);
}

export function invalidJson(details: string | null = null): PgrstError {
  return new PgrstError(400, 'PGRST102', 'Empty or invalid json', details);
}

/** PostgREST's SingularityError (the text of PostgREST 12 and later). */
export function singleObjectError(rows: number): PgrstError {
  return new PgrstError(406, 'PGRST116', 'Cannot coerce the result to a single JSON object', `The result contains ${rows} rows`);
}

/**
 * PGRST123: aggregate functions are off by default (hosted Supabase too). A miss, so a request that
 * uses them re-reads the configuration once (it may have been switched on since).
 */
export function aggregatesNotAllowed(): PgrstError {
  return new SchemaMissError(400, 'PGRST123', 'Use of aggregate functions is not allowed');
}

/**
 * Two embeds under one parent with the same name (or alias) get the same join alias in PostgREST's
 * SQL (`<parent>_<alias or name>_<depth>`), which Postgres refuses with 42712.
 */
export function duplicateEmbed(joinAlias: string): PgrstError {
  return new PgrstError(400, '42712', `table name "${joinAlias}" specified more than once`);
}

/** A response over the request limits (rows built or bytes) is the caller's to narrow. */
export function responseTooLarge(details: string): PgrstError {
  return new PgrstError(413, 'PT413', 'The response is too large', details, 'Ask for fewer rows (limit) or fewer embedded resources.');
}

/**
 * The status PostgREST answers a Postgres error with (its `pgErrorStatus`): client mistakes are 4xx,
 * permission problems 401 for anonymous callers and 403 for signed-in ones.
 */
function pgErrorStatus(code: string, role: RequestRole): number {
  if (code === '42501') return role === 'anon' ? 401 : 403;
  if (/^PT\d{3}$/.test(code)) return Number(code.slice(2));
  switch (code) {
    case '23503':
    case '23505':
    case '23P01':
      return 409;
    case '25006':
      return 405;
    case '42883':
    case '42P01':
      return 404;
    case '42P17':
      return 500;
    case '57014':
      return 504;
    case 'P0001':
      return 400;
  }
  switch (code.slice(0, 2)) {
    case '08':
    case '53':
      return 503;
    case '28':
    case '0L':
    case '0P':
      return 403;
    case '09':
    case '25':
    case '2D':
    case '38':
    case '39':
    case '3B':
    case '40':
    case '54':
    case '55':
    case '57':
    case '58':
    case 'F0':
    case 'HV':
    case 'P0':
    case 'XX':
      return 500;
  }
  return 400;
}

/** Turns anything thrown while serving a request into a PostgREST error (unknown errors become a bare 500). */
export function toPgrstError(e: unknown, role: RequestRole): PgrstError {
  if (e instanceof PgrstError) return e;
  if (isPgError(e)) {
    const code = e.code as string;
    // The database ran out of memory building an answer: never print its allocation message.
    if (code === '53200') return responseTooLarge('The database could not build a response this large');
    return new PgrstError(pgErrorStatus(code, role), code, e.message, e.detail ?? null, e.hint ?? null);
  }
  return new PgrstError(500, 'PGRST000', 'Internal server error');
}
