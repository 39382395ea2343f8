// PostgREST-compatible REST service mounted at /rest/v1: each request is authenticated, planned
// into ONE SQL statement and run inside asRole() (role + JWT claims set locally), so the RLS
// policies of the migrations decide what a caller may see and change.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Service, StackContext } from '../types.ts';
import { asRole, type RequestRole } from '../db/index.ts';
import { AuthError, BodyTooLargeError, authenticate, bearerToken, readBody, type RequestAuth } from '../http.ts';
import { PgrstError, SchemaMissError, invalidJson, responseTooLarge, singleObjectError, toPgrstError } from './errors.ts';
import { parsePrefer, type Preferences } from './parse.ts';
import { buildPlan, type Plan, type RawParamType, type RequestShape, type Route } from './plan.ts';
import { SchemaCache, schemaFingerprint } from './schema.ts';
import { exposedSchemas } from './profiles.ts';
import { PlanCache } from './plan-cache.ts';

export interface RestService extends Service {
  /** Re-reads the schema cache (after migrations), like PostgREST's `NOTIFY pgrst, 'reload schema'`. */
  reload(): Promise<void>;
}

interface ResultRow {
  total: string | null;
  page_count: number;
  body: string | null;
  /** Upserts: how many rows were inserted (not merged). */
  inserted?: number;
}

/** Thrown inside the transaction to roll it back while still answering (Prefer: tx=rollback). */
class RollbackWith extends Error {
  constructor(readonly row: ResultRow) {
    super('rolled back on request (Prefer: tx=rollback)');
    this.name = 'RollbackWith';
  }
}

type Negotiated = { single: boolean; csv: boolean; stripNulls: boolean };

const JSON_TYPE = 'application/json; charset=utf-8';
const OBJECT_TYPE = 'application/vnd.pgrst.object+json; charset=utf-8';

const PLAIN: Negotiated = Object.freeze({ single: false, csv: false, stripNulls: false });
// Clients send a handful of Accept strings: each is negotiated once (bounded).
const negotiated = new Map<string, Negotiated>();

function negotiate(accept: string | undefined): Negotiated {
  if (!accept) return PLAIN;
  let hit = negotiated.get(accept);
  if (hit === undefined) {
    hit = negotiateOnce(accept);
    if (negotiated.size >= 100) negotiated.clear();
    negotiated.set(accept, hit);
  }
  return hit;
}

function negotiateOnce(accept: string): Negotiated {
  const out: Negotiated = { single: false, csv: false, stripNulls: false };
  const types = accept.split(',').map((t) => t.trim().toLowerCase());
  for (const t of types) {
    const [media, ...paramsPart] = t.split(';').map((s) => s.trim());
    const stripped = paramsPart.includes('nulls=stripped');
    if (media === 'application/vnd.pgrst.object+json' || media === 'application/vnd.pgrst.object')
      return { single: true, csv: false, stripNulls: stripped };
    if (media === 'application/vnd.pgrst.array+json') return { ...out, stripNulls: stripped };
    if (media === 'text/csv') return { ...out, csv: true };
    if (media === 'application/json' || media === '*/*' || media === 'application/*' || media === '') return out;
  }
  throw new PgrstError(406, 'PGRST107', `None of these media types are available: ${accept}`);
}

function parseRoute(path: string): Route | 'root' {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    throw new PgrstError(400, 'PGRST100', 'The request path is not valid percent-encoding');
  }
  const parts = decoded.split('/').filter(Boolean);
  if (parts.length === 0) return 'root';
  if (parts.length === 1) return { kind: 'table', name: parts[0] };
  if (parts.length === 2 && parts[0] === 'rpc') return { kind: 'rpc', name: parts[1] };
  throw new PgrstError(404, 'PGRST125', `Invalid path specified in request URL`);
}

function parseRange(header: string | undefined): RequestShape['range'] {
  const m = header ? /^\s*(?:items=)?(\d{1,15})-(\d{0,15})\s*$/.exec(header) : null;
  if (!m) return undefined;
  const from = Number(m[1]);
  const to = m[2] === '' ? undefined : Number(m[2]);
  if (to !== undefined && to < from) return undefined;
  return { from, to };
}

function authError(e: AuthError): PgrstError {
  if (e.reason === 'missing')
    return new PgrstError(401, 'PGRST302', 'No API key found in request', null, 'No `apikey` request header or url param was found.');
  if (e.reason === 'role') return new PgrstError(401, '22023', e.message);
  return new PgrstError(401, 'PGRST301', e.reason === 'expired' ? 'JWT expired' : e.message);
}

/** The schema a request addresses: Accept-Profile (GET/HEAD) or Content-Profile (writes), else the first exposed one. */
function pickProfile(req: IncomingMessage, schemas: string[]): { schema: string; named: boolean } {
  const header = req.method === 'GET' || req.method === 'HEAD' ? req.headers['accept-profile'] : req.headers['content-profile'];
  if (typeof header !== 'string' || header === '') return { schema: schemas[0], named: false };
  if (!schemas.includes(header)) throw new PgrstError(406, 'PGRST106', `The schema must be one of the following: ${schemas.join(', ')}`);
  return { schema: header, named: true };
}

function maxAffectedError(n: number): PgrstError {
  return new PgrstError(400, 'PGRST124', 'Query result exceeds max-affected preference constraint', `The query affects ${n} rows`);
}

/** Prefer: handling=strict, max-affected=N applies to PATCH, DELETE and function calls (PostgREST 13). */
function maxAffected(prefs: Preferences, method: string, plan: Plan): number | undefined {
  if (prefs.handling !== 'strict' || prefs.maxAffected === undefined) return undefined;
  if (plan.rpc || method === 'PATCH' || method === 'DELETE') return prefs.maxAffected;
  return undefined;
}

/** PostgREST's non-JSON bodies for a function's single unnamed parameter, by Content-Type. */
const RAW_BODY_TYPES: Record<string, RawParamType> = {
  'text/plain': 'text',
  'text/xml': 'xml',
  'application/octet-stream': 'bytea',
};

/** The parameter type a function call's Content-Type asks for, when it is not JSON. */
function rawParamType(req: IncomingMessage, route: Route): RawParamType | undefined {
  if (route.kind !== 'rpc') return undefined;
  const media = String(req.headers['content-type'] ?? '')
    .split(';')[0]
    .trim()
    .toLowerCase();
  return RAW_BODY_TYPES[media];
}

async function readPayload(req: IncomingMessage, limit: number, rawType?: RawParamType): Promise<{ body: unknown; raw?: string }> {
  let buf: Buffer;
  try {
    buf = await readBody(req, limit);
  } catch (e) {
    if (e instanceof BodyTooLargeError)
      throw new PgrstError(413, 'PGRST413', 'Payload Too Large', `The request body exceeds the limit of ${limit} bytes`);
    throw e;
  }
  // A raw body is passed as it came: text as UTF-8, bytea as Postgres's hex input form.
  if (rawType) return { body: undefined, raw: rawType === 'bytea' ? `\\x${buf.toString('hex')}` : buf.toString('utf8') };
  if (buf.length === 0) return { body: undefined };
  const raw = buf.toString('utf8');
  try {
    return { body: JSON.parse(raw), raw };
  } catch (e) {
    throw invalidJson((e as Error).message);
  }
}

function contentRange(offset: number, n: number, total: number | null): string {
  const t = total === null ? '*' : String(total);
  return n > 0 ? `${offset}-${offset + n - 1}/${t}` : `*/${t}`;
}

export async function createRestService(ctx: StackContext): Promise<RestService> {
  const schemas = exposedSchemas();
  const loadAll = async () => {
    const out = new Map<string, SchemaCache>();
    for (const schema of schemas) out.set(schema, await SchemaCache.load(ctx.db, schema));
    return out;
  };
  let caches = await loadAll();
  let reloading: Promise<void> | null = null;
  // Plans per request shape: a repeated request skips parsing and SQL building.
  const plans = new PlanCache();

  const reload = async () => {
    reloading ??= loadAll()
      .then((c) => {
        caches = c;
        plans.clear();
      })
      .finally(() => {
        reloading = null;
      });
    await reloading;
  };

  // An unknown name costs one cheap fingerprint query; the full reload runs only when DDL changed
  // the schema, so a flood of made-up names cannot turn into a flood of catalogue reads.
  async function reloadIfChanged(schema: string): Promise<void> {
    if (reloading) return reloading;
    if ((await schemaFingerprint(ctx.db, schema)) !== caches.get(schema)!.fingerprint) await reload();
  }

  /** A name the cache does not know may be new (a migration ran since): reload once and plan again. */
  async function planWithReload(schema: string, shape: RequestShape, key: string | null): Promise<Plan> {
    try {
      return plans.plan(key, shape, (s) => buildPlan(caches.get(schema)!, s));
    } catch (e) {
      if (!(e instanceof SchemaMissError)) throw e;
      await reloadIfChanged(schema);
      return plans.plan(key, shape, (s) => buildPlan(caches.get(schema)!, s));
    }
  }

  // Verified tokens, so the hot path skips the HMAC and JSON parsing of a token seen before (the same
  // string carries the same verified signature); expiry is still checked on every request.
  const verified = new Map<string, RequestAuth>();
  function authenticateCached(req: IncomingMessage): RequestAuth {
    const now = ctx.config.now();
    const token = bearerToken(req);
    const hit = token === undefined ? undefined : verified.get(token);
    if (hit && (typeof hit.claims.exp !== 'number' || hit.claims.exp * 1000 > now)) return hit;
    const auth = authenticate(req, ctx.config.jwtSecret, now);
    if (verified.size >= 1000) verified.clear();
    verified.set(auth.token, auth);
    return auth;
  }

  /** The planner's estimate of the filtered rows (count=planned, and count=estimated past its cap). */
  async function plannedTotal(auth: RequestAuth, plan: Plan, preRequest: string | undefined): Promise<number> {
    const q = plan.plannedCount!;
    const r = await ctx.db.queryAsRole<Record<string, unknown>>(auth.role, auth.claims, q.sql, q.params, { preRequest });
    const raw = r.rows[0]?.['QUERY PLAN'];
    const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: { 'Plan Rows': number } }[];
    return Math.round(parsed[0].Plan['Plan Rows']);
  }

  /**
   * One request's statement as its role. `preRequest` (db-pre-request, from the authenticator role's
   * settings) runs first in the same transaction, as PostgREST runs it: its error is the answer.
   */
  async function run(
    auth: RequestAuth,
    plan: Plan,
    single: boolean,
    rollback: boolean,
    maxAffectedRows: number | undefined,
    preRequest: string | undefined,
  ): Promise<ResultRow> {
    let row: ResultRow;
    // Nothing can need rolling back: one pipelined exchange with the database.
    if (!rollback && maxAffectedRows === undefined && !plan.readOnlyTx && (!single || plan.readOnly)) {
      // The result columns are always (total, page_count, body[, inserted]): safe to keep prepared.
      row = (await ctx.db.queryAsRole<ResultRow>(auth.role, auth.claims, plan.sql, plan.params, { prepare: true, preRequest })).rows[0];
      if (single && plan.result === 'rows' && row.page_count !== 1) throw singleObjectError(row.page_count);
    } else {
      try {
        row = await asRole(
          ctx.db,
          auth.role,
          auth.claims,
          async (tx) => {
            const out = (await tx.query<ResultRow>(plan.sql, plan.params)).rows[0];
            // PostgREST refuses (and rolls back) a singular request that did not touch exactly one row,
            // and a write past Prefer: max-affected with handling=strict.
            if (single && plan.result === 'rows' && out.page_count !== 1) throw singleObjectError(out.page_count);
            if (maxAffectedRows !== undefined && out.page_count > maxAffectedRows) throw maxAffectedError(out.page_count);
            if (rollback) throw new RollbackWith(out);
            return out;
          },
          // GET /rpc/<fn> cannot write, as in PostgREST (a write answers 25006 -> 405).
          { preRequest, readOnly: plan.readOnlyTx },
        );
      } catch (e) {
        if (!(e instanceof RollbackWith)) throw e;
        row = e.row;
      }
    }
    if (plan.plannedCount && (plan.estimatedCap === undefined || (row.total !== null && Number(row.total) > plan.estimatedCap))) {
      row = { ...row, total: String(await plannedTotal(auth, plan, preRequest)) };
    }
    return row;
  }

  function respond(
    req: IncomingMessage,
    res: ServerResponse,
    plan: Plan,
    neg: Negotiated,
    row: ResultRow,
    method: string,
    extraHeaders: Record<string, string>,
  ): void {
    const total = row.total === null ? (plan.counted && plan.mutation ? row.page_count : null) : Number(row.total);
    const n = row.page_count;
    const headers: Record<string, string> = { ...extraHeaders };
    if (plan.result === 'void') {
      res.writeHead(204, extraHeaders);
      res.end();
      return;
    }
    let status = 200;
    if (plan.result === 'rows' || plan.rpc) {
      headers['Content-Range'] = contentRange(plan.offset, n, total);
      // A merge-duplicates upsert that only merged existing rows created nothing: 200, as PostgREST
      // answers; any other insert is 201, an ignore-duplicates one that inserted nothing included.
      if (plan.mutation)
        status = method === 'POST' ? (plan.upsert === 'merge-duplicates' && row.inserted === 0 ? 200 : 201) : plan.returnsBody ? 200 : 204;
      else if (total !== null) {
        if (plan.offset > 0 && plan.offset > total) {
          throw new PgrstError(
            416,
            'PGRST103',
            'Requested range not satisfiable',
            `An offset of ${plan.offset} was requested, but there are only ${total} rows.`,
          );
        }
        if (n < total) status = 206;
      }
    }
    if (!plan.returnsBody || req.method === 'HEAD' || row.body === null) {
      res.writeHead(status, { 'Content-Type': JSON_TYPE, ...headers });
      res.end();
      return;
    }
    let body = row.body;
    let type = JSON_TYPE;
    if (plan.result === 'object') body = n === 1 ? body.slice(1, -1) : 'null';
    else if (plan.result === 'rows' && neg.single) {
      body = body.slice(1, -1);
      type = OBJECT_TYPE;
    } else if (plan.csvHeader !== undefined) {
      // PostgREST's CSV: the header (none for no rows), a newline, then the records as Postgres prints them.
      body = `${n > 0 ? plan.csvHeader : ''}\n${body}`;
      type = 'text/csv; charset=utf-8';
    }
    res.writeHead(status, { 'Content-Type': type, ...headers });
    res.end(body);
  }

  async function handle(req: IncomingMessage, res: ServerResponse, path: string, url: URL): Promise<void> {
    let role: RequestRole = 'anon';
    try {
      let auth: RequestAuth;
      try {
        auth = authenticateCached(req);
      } catch (e) {
        if (e instanceof AuthError) throw authError(e);
        throw e;
      }
      role = auth.role;
      const method = req.method ?? 'GET';
      if (!['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'].includes(method))
        throw new PgrstError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
      const profile = pickProfile(req, schemas);
      const cache = caches.get(profile.schema)!;
      const route = parseRoute(path);
      if (route === 'root') {
        const paths = Object.fromEntries(
          [...cache.relations.keys()]
            .map((n): [string, object] => [`/${n}`, {}])
            .concat(
              [...cache.functions.entries()]
                .filter(([, fns]) => fns.some((f) => f.callable))
                .map(([n]): [string, object] => [`/rpc/${n}`, {}]),
            ),
        );
        res.writeHead(200, { 'Content-Type': 'application/openapi+json; charset=utf-8' });
        res.end(
          JSON.stringify({ swagger: '2.0', info: { title: 'local PostgREST-compatible API', version: '12' }, basePath: '/rest/v1', paths }),
        );
        return;
      }
      const accept = typeof req.headers.accept === 'string' ? req.headers.accept : undefined;
      const neg = negotiate(accept);
      const prefs = parsePrefer(req.headers.prefer);
      const hasBody = method === 'POST' || method === 'PATCH';
      const rawType = method === 'POST' ? rawParamType(req, route) : undefined;
      const { body, raw } = hasBody ? await readPayload(req, ctx.config.maxJsonBody, rawType) : { body: undefined, raw: undefined };
      if (hasBody && body === undefined && route.kind === 'table') throw invalidJson();
      const rangeHeader = req.headers.range;
      // Only body-less table reads are cached: their plan depends on nothing but these strings.
      const key =
        !hasBody && route.kind === 'table'
          ? `${method}\u0000${profile.schema}\u0000${path}\u0000${String(req.headers.prefer ?? '')}\u0000${rangeHeader ?? ''}\u0000${accept ?? ''}`
          : null;
      const shape: RequestShape = {
        method: method as RequestShape['method'],
        route,
        search: url.searchParams,
        prefs,
        range: method === 'GET' || method === 'HEAD' ? parseRange(rangeHeader) : undefined,
        stripNulls: neg.stripNulls,
        body,
        rawBody: raw,
        rawType,
        limits: { maxRows: ctx.config.rest.maxRows, maxEmbedDepth: ctx.config.rest.maxEmbedDepth },
        csv: neg.csv,
      };
      const plan = await planWithReload(profile.schema, shape, key);
      const row = await run(auth, plan, neg.single, prefs.tx === 'rollback', maxAffected(prefs, method, plan), cache.preRequest);
      const limit = ctx.config.rest.maxResponseBytes;
      if (limit > 0 && row.body !== null && row.body.length > limit) throw responseTooLarge(`The response has more than ${limit} bytes`);
      respond(req, res, plan, neg, row, method, profile.named ? { 'Content-Profile': profile.schema } : {});
    } catch (e) {
      const err = toPgrstError(e, role);
      if (err.status >= 500 && !(e instanceof PgrstError))
        ctx.log(`rest: ${req.method} ${req.url} failed: ${(e as Error)?.stack ?? String(e)}`);
      if (res.headersSent) return;
      const headers: Record<string, string> = { 'Content-Type': JSON_TYPE };
      if (err.status === 401)
        headers['WWW-Authenticate'] = `Bearer error="invalid_token", error_description="${err.message.replace(/"/g, "'")}"`;
      res.writeHead(err.status, headers);
      res.end(req.method === 'HEAD' ? undefined : JSON.stringify(err.toJSON()));
    }
  }

  return { handle, reload };
}
