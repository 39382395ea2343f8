// The PGlite side of Database (supabase/local/db/index.ts), in plain JavaScript so the same code runs
// in the calling thread and in the database worker (pglite-worker.mjs), which Node starts without a
// TypeScript loader (tsx, vitest). Types: pglite-engine.d.mts.
import fs from 'node:fs';
import { AnswerBuffer, MessageWriter, readAnswers } from './pg-wire.mjs';

/** PGlite's results in Database's shape. */
function result(r) {
  return {
    rows: r.rows,
    rowCount: r.affectedRows ?? r.rows.length,
    fields: r.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
  };
}

function wrap(q) {
  return {
    query: async (sql, params = []) => result(await q.query(sql, params)),
    exec: async (sql) => {
      await q.exec(sql);
    },
  };
}

/** Bound parameters go over the wire as text; the server infers their types from the statement. */
function textParam(value) {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

async function settleEach(items, run) {
  const out = [];
  for (const it of items) {
    try {
      out.push({ ok: true, result: await run(it) });
    } catch (error) {
      out.push({ ok: false, error });
    }
  }
  return out;
}

export async function openEngine(dataDir, roleSettingsSql) {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pgcrypto } = await import('@electric-sql/pglite/contrib/pgcrypto');
  // Search (migrations: link_search): trigram typo tolerance and accent folding, as on hosted.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { unaccent } = await import('@electric-sql/pglite/contrib/unaccent');
  fs.mkdirSync(dataDir, { recursive: true });
  const pg = new PGlite(dataDir, { extensions: { pgcrypto, pg_trgm, unaccent } });
  await pg.waitReady;
  const top = wrap(pg);
  // The pipelined path needs PGlite's transaction lock (an internal method); should a PGlite
  // release drop it, fall back to a plain transaction rather than risk interleaving.
  const pipelined =
    typeof pg._runExclusiveTransaction === 'function' && typeof pg.execProtocolRawStream === 'function'
      ? pipelinedRoleQuery(pg, roleSettingsSql)
      : null;
  const queryAsRole =
    pipelined?.one ??
    ((settings, sql, params = [], _prepare = false, pre = undefined) =>
      pg.transaction(async (tx) => {
        await tx.query(roleSettingsSql, settings);
        if (pre) await tx.query(pre);
        return result(await tx.query(sql, params));
      }));
  return {
    query: top.query,
    exec: top.exec,
    queryAsRole,
    // Several requests in one exchange (see pipelinedRoleQuery), else one after the other.
    queryAsRoleMany:
      pipelined?.many ?? ((items) => settleEach(items, (it) => queryAsRole(it.settings, it.sql, it.params, it.prepare, it.pre))),
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    close: () => pg.close(),
  };
}

/**
 * queryAsRole for PGlite in ONE exchange with the database: the role settings (a named statement,
 * parsed once), the pre-request statement if any (PostgREST's db-pre-request, also named) and the
 * statement are pipelined in the extended protocol before a single Sync, so
 * they share one implicit transaction that commits at Sync or rolls back on error. A plain
 * `transaction()` costs about 16 exchanges (BEGIN, parse/describe/bind/execute/sync per query,
 * COMMIT), which doubled the cost of a short request. Values stay bound parameters.
 *
 * The messages are written by pg-wire.mjs into one reused buffer and sent with PGlite's raw
 * streaming protocol call; the answer is read in place (PGlite's serializer and message parser
 * were about a quarter of the worker's time per request). Nothing here LISTENs, so the raw call
 * loses nothing PGlite's wrappers would have done (notifications, notices).
 */
function pipelinedRoleQuery(pg, roleSettingsSql) {
  const SETTINGS = 'stack_role_settings';
  let prepared = false;
  // Prepared statements by SQL text (prepare): the next request of the same shape skips parse and
  // plan. `fields` is the statement's RowDescription once seen: a prepared statement's result
  // columns cannot change (Postgres refuses a plan whose result type changed), so later exchanges
  // skip describing the portal.
  const statements = new Map();
  let counter = 0;
  const MAX_STATEMENTS = 200;
  // Pre-request statements (one per configured function; a handful at most over a run) by text.
  const preStatements = new Map();
  const writer = new MessageWriter();

  // The answer's bytes, copied out of PGlite's memory as they come (execProtocolRaw would also
  // run every message through PGlite's parser and keep the parsed messages).
  const answer = new AnswerBuffer();
  const onRawData = (bytes) => answer.push(bytes);
  const send = async () => {
    answer.reset();
    await pg.execProtocolRawStream(writer.message(), { syncToFs: false, onRawData });
    return readAnswers(answer.bytes());
  };

  /** Setup exchanges (the settings statement, dropping statements): an error throws. */
  const setup = async () => {
    const answers = await send();
    const failed = answers.find((a) => a.error !== null);
    if (failed) throw failed.error;
  };

  async function beforeBatch(items) {
    if (!prepared) {
      writer.reset();
      writer.parse(SETTINGS, roleSettingsSql);
      writer.sync();
      await setup();
      prepared = true;
    }
    // A pre-request statement is parsed on its own first: should it not parse (its function is
    // missing), every request of the batch fails with that error, as PostgREST's would.
    for (const it of items) {
      if (!it.pre || preStatements.has(it.pre)) continue;
      if (preStatements.size >= 8) {
        writer.reset();
        for (const name of preStatements.values()) writer.closeStatement(name);
        writer.sync();
        preStatements.clear();
        await setup();
      }
      const name = `stack_pre${counter++}`;
      writer.reset();
      writer.parse(name, it.pre);
      writer.sync();
      await setup();
      preStatements.set(it.pre, name);
    }
    if (statements.size >= MAX_STATEMENTS) {
      writer.reset();
      for (const s of statements.values()) writer.closeStatement(s.name);
      writer.sync();
      statements.clear();
      await setup();
    }
  }

  /**
   * Several requests in ONE exchange, each its own implicit transaction (its own Sync): after an
   * error Postgres skips to that request's Sync and goes on with the next, so each request commits
   * or fails alone, as if sent one by one. Answers in order: { ok, result } or { ok: false, error }.
   * A statement seen for the first time is parsed under a new name in its own request's part of
   * the exchange and kept once its ParseComplete came back (a second request of the same new text
   * in the batch parses it unnamed, so its fate never depends on another request's).
   */
  function many(items, flat = false) {
    return pg._runExclusiveTransaction(() =>
      pg.runExclusive(async () => {
        await beforeBatch(items);
        writer.reset();
        const fresh = new Set();
        const plan = new Array(items.length);
        for (let i = 0; i < items.length; i++) {
          const it = items[i];
          writer.bind(SETTINGS, it.settings);
          writer.execute();
          if (it.pre) {
            writer.bind(preStatements.get(it.pre), []);
            writer.execute();
          }
          const known = it.prepare ? statements.get(it.sql) : undefined;
          let name = '';
          let freshName;
          if (known) name = known.name;
          else if (it.prepare && !fresh.has(it.sql)) {
            fresh.add(it.sql);
            name = freshName = `stack_q${counter++}`;
            writer.parse(name, it.sql);
          } else writer.parse('', it.sql);
          writer.bind(name, (it.params ?? []).map(textParam));
          if (!known?.fields) writer.describePortal();
          writer.execute();
          writer.sync();
          plan[i] = { known, freshName };
        }
        const answers = await send();
        await pg.syncToFs();
        const out = new Array(items.length);
        for (let i = 0; i < items.length; i++) {
          const a = answers[i];
          const { known, freshName } = plan[i];
          if (a === undefined) {
            out[i] = { ok: false, error: new Error('the database did not answer this request') };
            continue;
          }
          if (freshName !== undefined && a.parsed)
            statements.set(items[i].sql, { name: freshName, fields: a.error === null ? a.fields : null });
          else if (known && !known.fields && a.error === null) known.fields = a.fields;
          const fields = known?.fields ?? a.fields ?? [];
          out[i] =
            a.error !== null ? { ok: false, error: a.error } : { ok: true, result: flat ? decodeFlat(a, fields) : decode(a, fields) };
        }
        return out;
      }),
    );
  }

  async function one(settings, sql, params = [], prepare = false, pre = undefined) {
    const [answer] = await many([{ settings, sql, params, prepare, pre }]);
    if (!answer.ok) throw answer.error;
    return answer.result;
  }

  /** Values through PGlite's type parsers (as its own query() returns them), row by row. */
  function decodeFlat(answer, fields) {
    const n = fields.length;
    const values = new Array(answer.rows.length * n);
    let k = 0;
    for (const raw of answer.rows) {
      for (let i = 0; i < n; i++) {
        const v = raw[i];
        const parse = v === null ? undefined : pg.parsers[fields[i].dataTypeID];
        values[k++] = parse ? parse(v, fields[i].dataTypeID) : v;
      }
    }
    return {
      rowCount: rowCountOf(answer, answer.rows.length),
      fields: fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
      values,
    };
  }

  function rowCountOf(answer, rows) {
    return Number(/(\d+)$/.exec(answer.tag)?.[1] ?? 0) || rows;
  }

  /** Rows as objects, values through PGlite's type parsers (as its own query() returns them). */
  function decode(answer, fields) {
    const rows = new Array(answer.rows.length);
    for (let r = 0; r < answer.rows.length; r++) {
      const values = answer.rows[r];
      const row = {};
      for (let i = 0; i < fields.length; i++) {
        const f = fields[i];
        const raw = values[i];
        const parse = pg.parsers[f.dataTypeID];
        row[f.name] = raw === null ? null : parse ? parse(raw, f.dataTypeID) : raw;
      }
      rows[r] = row;
    }
    return { rows, rowCount: rowCountOf(answer, rows.length), fields: fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })) };
  }

  return { one, many };
}
