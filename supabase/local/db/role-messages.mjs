// The messages between the stack's thread and the database worker for REST requests
// (Database.queryAsRole), as flat arrays, for speed: structured cloning an object costs a property
// name per field on both sides, so a request and its answer as nested objects cost about four
// times what the same values in one array cost (7.3 vs 1.8 µs per message measured here).
// Types: role-messages.d.mts.

/**
 * A request: [id, sid, sql or null, forget, prepare, params, pre or null, ...settings]. `sid` numbers
 * the statement's text, which is sent only the first time (sql) after the numbers were reset
 * (forget); `pre` is the pre-request statement (db-pre-request), if one is configured.
 */
export function encodeRoleRequest(id, sid, sql, forget, prepare, params, settings, pre = null) {
  return [id, sid, sql, forget ? 1 : 0, prepare ? 1 : 0, params, pre, ...settings];
}

export function decodeRoleRequest(m) {
  return {
    id: m[0],
    sid: m[1],
    sql: m[2],
    forget: m[3] === 1,
    prepare: m[4] === 1,
    params: m[5],
    pre: m[6] ?? undefined,
    settings: m.slice(7),
  };
}

/**
 * Answers, one after the other in one array:
 *   ok:    id, rowCount, n (fields), n names, n type ids, rows, rows * n values (row by row)
 *   error: -id, the error as a plain object
 * A result is either { rowCount, fields, values } (values row by row) or a QueryResult.
 */
export function encodeReplies(answers) {
  const out = [];
  for (const a of answers) {
    if (!a.ok) {
      out.push(-a.id, a.error);
      continue;
    }
    const r = a.result;
    const fields = r.fields;
    const n = fields.length;
    out.push(a.id, r.rowCount, n);
    for (let i = 0; i < n; i++) out.push(fields[i].name);
    for (let i = 0; i < n; i++) out.push(fields[i].dataTypeID);
    if (r.values) {
      out.push(n === 0 ? 0 : r.values.length / n);
      for (const v of r.values) out.push(v);
    } else {
      out.push(r.rows.length);
      for (const row of r.rows) for (let i = 0; i < n; i++) out.push(row[fields[i].name]);
    }
  }
  return out;
}

/** Calls settle(id, true, QueryResult) or settle(id, false, plainError) for each answer. */
export function decodeReplies(flat, settle) {
  let p = 0;
  while (p < flat.length) {
    const id = flat[p++];
    if (id < 0) {
      settle(-id, false, flat[p++]);
      continue;
    }
    const rowCount = flat[p++];
    const n = flat[p++];
    const fields = new Array(n);
    for (let i = 0; i < n; i++) fields[i] = { name: flat[p + i], dataTypeID: flat[p + n + i] };
    p += 2 * n;
    const count = flat[p++];
    const rows = new Array(count);
    for (let r = 0; r < count; r++) {
      const row = {};
      for (let i = 0; i < n; i++) row[fields[i].name] = flat[p++];
      rows[r] = row;
    }
    settle(id, true, { rows, rowCount, fields });
  }
}
