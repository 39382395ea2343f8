// The PGlite side of Database (supabase/local/db/index.ts), in plain JavaScript so the same code runs
// in the calling thread and in the database worker (pglite-worker.mjs), which Node starts without a
// TypeScript loader (tsx, vitest). Types: pglite-engine.d.mts.
import fs from 'node:fs';

/** PGlite's results in Database's shape. */
function result(r) {
  return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length, fields: r.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })) };
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
  const { PGlite, protocol } = await import('@electric-sql/pglite');
  const { pgcrypto } = await import('@electric-sql/pglite/contrib/pgcrypto');
  fs.mkdirSync(dataDir, { recursive: true });
  const pg = new PGlite(dataDir, { extensions: { pgcrypto } });
  await pg.waitReady;
  const top = wrap(pg);
  // The pipelined path needs PGlite's transaction lock (an internal method); should a PGlite
  // release drop it, fall back to a plain transaction rather than risk interleaving.
  const pipelined = typeof pg._runExclusiveTransaction === 'function' ? pipelinedRoleQuery(pg, protocol.serialize, roleSettingsSql) : null;
  const queryAsRole =
    pipelined?.one ??
    ((settings, sql, params = []) =>
      pg.transaction(async (tx) => {
        await tx.query(roleSettingsSql, settings);
        return result(await tx.query(sql, params));
      }));
  return {
    query: top.query,
    exec: top.exec,
    queryAsRole,
    // Several requests in one exchange (see pipelinedRoleQuery), else one after the other.
    queryAsRoleMany: pipelined?.many ?? ((items) => settleEach(items, (it) => queryAsRole(it.settings, it.sql, it.params, it.prepare))),
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    close: () => pg.close(),
  };
}

/**
 * queryAsRole for PGlite in ONE exchange with the database: the role settings (a named statement,
 * parsed once) and the statement are pipelined in the extended protocol before a single Sync, so
 * they share one implicit transaction that commits at Sync or rolls back on error. A plain
 * `transaction()` costs about 16 exchanges (BEGIN, parse/describe/bind/execute/sync per query,
 * COMMIT), which doubled the cost of a short request. Values stay bound parameters.
 */
function pipelinedRoleQuery(pg, serialize, roleSettingsSql) {
  const SETTINGS = 'stack_role_settings';
  let prepared = false;
  // Prepared statements by SQL text (prepare): the next request of the same shape skips parse and plan.
  const statements = new Map();
  let counter = 0;
  const MAX_STATEMENTS = 200;
  const exchange = (parts, throwOnError = true) => {
    const message = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    let offset = 0;
    for (const p of parts) {
      message.set(p, offset);
      offset += p.length;
    }
    return pg.execProtocolStream(message, { syncToFs: false, throwOnError });
  };
  const prepareSettings = async () => {
    if (!prepared) {
      await exchange([serialize.parse({ name: SETTINGS, text: roleSettingsSql }), serialize.sync()]);
      prepared = true;
    }
  };
  async function one(settings, sql, params = [], prepare = false) {
    // PGlite's transaction lock keeps other callers' explicit transactions from interleaving with ours.
    const messages = await pg._runExclusiveTransaction(() =>
      pg.runExclusive(async () => {
        await prepareSettings();
        let name = prepare ? statements.get(sql) : undefined;
        let fresh;
        const parts = [serialize.bind({ statement: SETTINGS, values: settings }), serialize.execute({})];
        if (name === undefined) {
          if (prepare) fresh = name = `stack_q${counter++}`;
          parts.push(serialize.parse({ name, text: sql }));
        }
        parts.push(serialize.bind({ statement: name, values: params.map(textParam) }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync());
        let out;
        try {
          out = await exchange(parts);
        } catch (e) {
          // The statement may have been parsed before the error: drop it (closing an unknown name is fine).
          if (fresh) await exchange([serialize.close({ type: 'S', name: fresh }), serialize.sync()]).catch(() => undefined);
          throw e;
        }
        if (fresh) {
          if (statements.size >= MAX_STATEMENTS) {
            await exchange([...[...statements.values()].map((n) => serialize.close({ type: 'S', name: n })), serialize.sync()]);
            statements.clear();
          }
          statements.set(sql, fresh);
        }
        await pg.syncToFs();
        return out;
      }),
    );
    return decode(messages);
  }

  /**
   * Several requests in ONE exchange, each its own implicit transaction (its own Sync): after an
   * error Postgres skips to that request's Sync and goes on with the next, so each request commits
   * or fails alone, as if sent one by one. Answers in order: { ok, result } or { ok: false, error }.
   * A statement seen for the first time goes alone (one()), so it is parsed and kept once.
   */
  async function many(items) {
    const out = [];
    let batch = [];
    const flush = async () => {
      if (batch.length === 0) return;
      const group = batch;
      batch = [];
      try {
        out.push(...(await runBatch(group)));
      } catch (error) {
        for (let i = 0; i < group.length; i++) out.push({ ok: false, error });
      }
    };
    for (const it of items) {
      if (it.prepare && !statements.has(it.sql)) {
        await flush();
        try {
          out.push({ ok: true, result: await one(it.settings, it.sql, it.params, it.prepare) });
        } catch (error) {
          out.push({ ok: false, error });
        }
      } else batch.push(it);
    }
    await flush();
    return out;
  }

  function runBatch(items) {
    return pg._runExclusiveTransaction(() =>
      pg.runExclusive(async () => {
        await prepareSettings();
        const parts = [];
        for (const it of items) {
          // A prepared statement dropped since (MAX_STATEMENTS) runs unnamed, parsed again.
          const name = it.prepare ? statements.get(it.sql) : undefined;
          parts.push(serialize.bind({ statement: SETTINGS, values: it.settings }), serialize.execute({}));
          if (name === undefined) parts.push(serialize.parse({ text: it.sql }));
          parts.push(serialize.bind({ statement: name, values: (it.params ?? []).map(textParam) }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync());
        }
        const messages = await exchange(parts, false);
        await pg.syncToFs();
        const answers = [];
        let group = [];
        for (const m of messages) {
          if (m.name !== 'readyForQuery') {
            group.push(m);
            continue;
          }
          const error = group.find((g) => g instanceof Error);
          answers.push(error ? { ok: false, error } : { ok: true, result: decode(group) });
          group = [];
        }
        while (answers.length < items.length) answers.push({ ok: false, error: new Error('the database did not answer this request') });
        return answers;
      }),
    );
  }

  /** The statement's rows follow its RowDescription (the settings row has none). */
  function decode(messages) {
    let fields = [];
    const rows = [];
    let rowCount = 0;
    for (const m of messages) {
      if (m.name === 'rowDescription') fields = m.fields;
      else if (m.name === 'dataRow' && fields.length > 0) {
        const values = m.fields;
        const row = {};
        for (let i = 0; i < fields.length; i++) {
          const f = fields[i];
          const raw = values[i];
          const parse = pg.parsers[f.dataTypeID];
          row[f.name] = raw === null ? null : parse ? parse(raw, f.dataTypeID) : raw;
        }
        rows.push(row);
      } else if (m.name === 'commandComplete') rowCount = Number(/(\d+)$/.exec(m.text ?? '')?.[1] ?? 0);
    }
    return { rows, rowCount: rowCount || rows.length, fields: fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })) };
  }

  return { one, many };
}
