// The database worker (node:worker_threads): owns the PGlite instance, so Postgres (WASM) runs on a
// core of its own while the stack's thread does HTTP. Started by openDatabase (db/index.ts), which
// speaks to it with messages:
//   { id, op: 'query' | 'exec' | 'begin' | 'txQuery' | 'txExec' | 'end' | 'close', ... }
// answered by { id, ok: true, result } or { id, ok: false, error }; REST requests (queryAsRole)
// and their answers are flat arrays (role-messages.mjs). A transaction is the callback of
// PGlite's own transaction() here, fed by the caller's 'txQuery' / 'txExec' messages until its
// 'end' (commit or roll back), so it holds PGlite's transaction lock exactly as in one thread.
import { parentPort, workerData } from 'node:worker_threads';
import { openEngine } from './pglite-engine.mjs';
import { decodeRoleRequest, encodeReplies } from './role-messages.mjs';

const port = parentPort;
const ROLLBACK = Symbol('rollback');

/** Errors cross threads as plain objects: message, name, stack and the primitive fields (code, detail, hint...). */
function plainError(e) {
  if (!(e instanceof Error)) return { message: String(e) };
  const out = { name: e.name, message: e.message, stack: e.stack };
  for (const key of Object.keys(e)) {
    const v = e[key];
    if (v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') out[key] = v;
  }
  return out;
}

const ok = (id, result) => port.postMessage({ id, ok: true, result });
const fail = (id, e) => port.postMessage({ id, ok: false, error: plainError(e) });

let engine;
try {
  engine = await openEngine(workerData.dataDir, workerData.roleSettingsSql);
} catch (e) {
  port.postMessage({ id: 0, ok: false, error: plainError(e) });
  process.exit(1);
}

/** Open transactions by the id of their 'begin' message: the messages waiting for them. */
const transactions = new Map();

function begin(id) {
  const queue = [];
  let wake = null;
  const channel = {
    push(m) {
      queue.push(m);
      wake?.();
    },
  };
  transactions.set(id, channel);
  let started = false;
  let endId;
  engine
    .transaction(async (tx) => {
      started = true;
      ok(id, null);
      for (;;) {
        while (queue.length === 0) await new Promise((r) => (wake = r));
        wake = null;
        const m = queue.shift();
        if (m.op === 'end') {
          endId = m.id;
          if (m.commit) return;
          throw ROLLBACK;
        }
        try {
          ok(m.id, m.op === 'txQuery' ? await tx.query(m.sql, m.params) : await tx.exec(m.sql));
        } catch (e) {
          fail(m.id, e);
        }
      }
    })
    .then(
      () => ok(endId, null),
      (e) => {
        if (!started) fail(id, e);
        else if (e === ROLLBACK) ok(endId, null);
        else fail(endId, e);
      },
    )
    .finally(() => transactions.delete(id));
}

async function answer(m) {
  try {
    switch (m.op) {
      case 'query':
        return ok(m.id, await engine.query(m.sql, m.params));
      case 'exec':
        await engine.exec(m.sql);
        return ok(m.id, null);
      case 'close':
        await engine.close();
        return ok(m.id, null);
      default:
        throw new Error(`unknown operation ${m.op}`);
    }
  } catch (e) {
    fail(m.id, e);
  }
}

/**
 * REST requests ('role') that arrive while the database is busy wait here and then run together:
 * one exchange with PGlite (each request still its own transaction) and one reply message holding
 * every answer: with 8 requests in flight (about 5 per batch) this took roughly a third off the CPU
 * time of a request on each thread in back-to-back runs of the bench.
 */
const roleQueue = [];
let draining = false;

async function drainRoles() {
  draining = true;
  try {
    // Let every message already delivered to this thread join the batch.
    await new Promise((r) => setImmediate(r));
    while (roleQueue.length > 0) {
      const batch = roleQueue.splice(0, 32);
      let answers;
      try {
        answers = await engine.queryAsRoleMany(batch, true);
      } catch (e) {
        answers = batch.map(() => ({ ok: false, error: e }));
      }
      port.postMessage(
        encodeReplies(
          batch.map((m, i) =>
            answers[i].ok
              ? { id: m.id, ok: true, result: answers[i].result }
              : { id: m.id, ok: false, error: plainError(answers[i].error) },
          ),
        ),
      );
    }
  } finally {
    draining = false;
  }
}

// Statement texts by the number the stack's thread gave them (it sends a text once).
const statementTexts = new Map();

port.on('message', (m) => {
  // REST requests come as flat arrays (role-messages.mjs).
  if (Array.isArray(m)) {
    const r = decodeRoleRequest(m);
    if (r.forget) statementTexts.clear();
    if (r.sql !== null) statementTexts.set(r.sid, r.sql);
    else r.sql = statementTexts.get(r.sid);
    roleQueue.push(r);
    if (!draining) void drainRoles();
    return;
  }
  if (m.op === 'begin') return begin(m.id);
  if (m.op === 'txQuery' || m.op === 'txExec' || m.op === 'end') {
    const tx = transactions.get(m.tx);
    if (tx) tx.push(m);
    else fail(m.id, new Error('Transaction is closed'));
    return;
  }
  void answer(m);
});
port.postMessage({ id: 0, ok: true, result: 'ready' });
