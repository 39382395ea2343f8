// The few Postgres wire-protocol (v3) messages the REST hot path sends to PGlite, and a reader of
// the answers that keeps only what a request needs, for speed: PGlite's own serializer and parser
// build an object per message, which cost about a quarter of the database worker's time per
// request. Writing into one reused buffer and reading the answer bytes in place does the same
// work for a fraction of that. Types: pg-wire.d.mts.
import { messages } from '@electric-sql/pglite';

const encoder = new TextEncoder();

// Constant messages, encoded once.
const EXECUTE = Uint8Array.of(0x45, 0, 0, 0, 9, 0, 0, 0, 0, 0); // Execute: unnamed portal, all rows
const SYNC = Uint8Array.of(0x53, 0, 0, 0, 4);
const DESCRIBE_PORTAL = Uint8Array.of(0x44, 0, 0, 0, 6, 0x50, 0); // Describe the unnamed portal

/** Frontend messages written one after the other into one growing buffer, sent as one exchange. */
export class MessageWriter {
  constructor(size = 8192) {
    this.buf = new Uint8Array(size);
    this.pos = 0;
  }

  reset() {
    this.pos = 0;
  }

  /** The messages written since reset(): a view of the buffer, valid until the next write. */
  message() {
    return this.buf.subarray(0, this.pos);
  }

  ensure(n) {
    if (this.pos + n <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.pos + n) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.pos));
    this.buf = next;
  }

  int32(v, at = this.pos) {
    const b = this.buf;
    b[at] = v >>> 24;
    b[at + 1] = (v >>> 16) & 0xff;
    b[at + 2] = (v >>> 8) & 0xff;
    b[at + 3] = v & 0xff;
    if (at === this.pos) this.pos += 4;
  }

  int16(v) {
    this.buf[this.pos++] = (v >>> 8) & 0xff;
    this.buf[this.pos++] = v & 0xff;
  }

  raw(bytes) {
    this.ensure(bytes.length);
    this.buf.set(bytes, this.pos);
    this.pos += bytes.length;
  }

  /** A string's UTF-8 bytes (no terminator); returns their length. */
  text(s) {
    this.ensure(s.length * 3);
    const { written } = encoder.encodeInto(s, this.buf.subarray(this.pos));
    this.pos += written;
    return written;
  }

  cstring(s) {
    if (s.length > 0) this.text(s);
    this.ensure(1);
    this.buf[this.pos++] = 0;
  }

  /** Starts a message of type `code`; end(start) fills in its length. */
  begin(code) {
    this.ensure(5);
    const start = this.pos;
    this.buf[this.pos] = code;
    this.pos += 5;
    return start;
  }

  end(start) {
    this.int32(this.pos - start - 1, start + 1);
  }

  /** Parse: a statement (name '' = unnamed), parameter types left to the server. */
  parse(name, sql) {
    const start = this.begin(0x50);
    this.cstring(name);
    this.cstring(sql);
    this.ensure(2);
    this.int16(0);
    this.end(start);
  }

  /** Bind the unnamed portal to `statement`, every value as text (null: SQL NULL), text results. */
  bind(statement, values) {
    const start = this.begin(0x42);
    this.ensure(1);
    this.buf[this.pos++] = 0; // unnamed portal
    this.cstring(statement);
    // Parameter formats: text for each (as PGlite's serializer writes them), then the values.
    this.ensure(4 + 2 * values.length);
    this.int16(values.length);
    for (let i = 0; i < values.length; i++) this.int16(0);
    this.int16(values.length);
    for (const v of values) {
      this.ensure(4);
      if (v === null || v === undefined) {
        this.int32(-1);
        continue;
      }
      const at = this.pos;
      this.pos += 4;
      this.int32(this.text(v), at);
    }
    this.ensure(2);
    this.int16(0); // result formats: all text
    this.end(start);
  }

  /** Close a named prepared statement. */
  closeStatement(name) {
    const start = this.begin(0x43);
    this.ensure(1);
    this.buf[this.pos++] = 0x53;
    this.cstring(name);
    this.end(start);
  }

  describePortal() {
    this.raw(DESCRIBE_PORTAL);
  }

  execute() {
    this.raw(EXECUTE);
  }

  sync() {
    this.raw(SYNC);
  }
}

/** The backend's answer, gathered from the chunks PGlite hands over (views of its memory: copied). */
export class AnswerBuffer {
  constructor(size = 16384) {
    this.buf = new Uint8Array(size);
    this.length = 0;
  }

  reset() {
    this.length = 0;
  }

  push(chunk) {
    const need = this.length + chunk.length;
    if (need > this.buf.length) {
      let size = this.buf.length * 2;
      while (size < need) size *= 2;
      const next = new Uint8Array(size);
      next.set(this.buf.subarray(0, this.length));
      this.buf = next;
    }
    this.buf.set(chunk, this.length);
    this.length = need;
    return chunk.length;
  }

  /** A view valid until the next reset(). */
  bytes() {
    return this.buf.subarray(0, this.length);
  }
}

/**
 * One answer per Sync (ReadyForQuery), in order: the first error of that exchange if any, else
 * the last statement's rows and command tag (the role settings, ended by the first
 * CommandComplete, and a pre-request statement before it are never read), its RowDescription (when
 * the exchange described the portal); `parsed` says a Parse of that exchange succeeded.
 *
 * @param {Uint8Array} bytes the backend's answer
 * @returns {{ error: Error | null, fields: { name: string, dataTypeID: number }[] | null, rows: (string | null)[][], tag: string, parsed: boolean }[]}
 */
export function readAnswers(bytes) {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const answers = [];
  let answer = newAnswer();
  let completes = 0;
  // The rows of the statement running now; an answer keeps those of its last complete one.
  let rows = answer.rows;
  let pos = 0;
  while (pos + 5 <= buf.length) {
    const code = buf[pos];
    const length = buf.readInt32BE(pos + 1);
    const body = pos + 5;
    const next = pos + 1 + length;
    switch (code) {
      case 0x44: // DataRow
        if (completes > 0 && answer.error === null) rows.push(dataRow(buf, body));
        break;
      case 0x54: // RowDescription
        answer.fields = rowDescription(buf, body);
        break;
      case 0x43: // CommandComplete
        if (completes++ > 0) {
          answer.tag = buf.toString('utf8', body, next - 1);
          answer.rows = rows;
        }
        rows = [];
        break;
      case 0x31: // ParseComplete
        answer.parsed = true;
        break;
      case 0x45: // ErrorResponse: the first one counts, the server skips to Sync after it
        if (answer.error === null) answer.error = errorResponse(buf, body, next, length);
        break;
      case 0x5a: // ReadyForQuery
        answers.push(answer);
        answer = newAnswer();
        rows = answer.rows;
        completes = 0;
        break;
      default: // BindComplete, NoData, notices, parameter status...: nothing a request reads
        break;
    }
    pos = next;
  }
  return answers;
}

function newAnswer() {
  return { error: null, fields: null, rows: [], tag: '', parsed: false };
}

function cstringEnd(buf, at) {
  const end = buf.indexOf(0, at);
  return end < 0 ? buf.length : end;
}

function rowDescription(buf, at) {
  const n = buf.readInt16BE(at);
  let pos = at + 2;
  const fields = new Array(n);
  for (let i = 0; i < n; i++) {
    const end = cstringEnd(buf, pos);
    const name = buf.toString('utf8', pos, end);
    pos = end + 1;
    fields[i] = { name, dataTypeID: buf.readInt32BE(pos + 6) };
    pos += 18; // table oid, column number, type oid, type size, type modifier, format
  }
  return fields;
}

function dataRow(buf, at) {
  const n = buf.readInt16BE(at);
  let pos = at + 2;
  const values = new Array(n);
  for (let i = 0; i < n; i++) {
    const len = buf.readInt32BE(pos);
    pos += 4;
    if (len < 0) values[i] = null;
    else {
      values[i] = buf.toString('utf8', pos, pos + len);
      pos += len;
    }
  }
  return values;
}

// ErrorResponse field codes -> the properties PGlite's DatabaseError carries (as its parser sets them).
const ERROR_FIELDS = {
  S: 'severity',
  C: 'code',
  D: 'detail',
  H: 'hint',
  P: 'position',
  p: 'internalPosition',
  q: 'internalQuery',
  W: 'where',
  s: 'schema',
  t: 'table',
  c: 'column',
  d: 'dataType',
  n: 'constraint',
  F: 'file',
  L: 'line',
  R: 'routine',
};

/** The same DatabaseError PGlite's own parser builds, so callers see no difference. */
function errorResponse(buf, at, end, length) {
  const fields = {};
  let pos = at;
  while (pos < end && buf[pos] !== 0) {
    const type = String.fromCharCode(buf[pos]);
    const stop = cstringEnd(buf, pos + 1);
    fields[type] = buf.toString('utf8', pos + 1, stop);
    pos = stop + 1;
  }
  const error = new messages.DatabaseError(fields.M, length, 'error');
  for (const [code, prop] of Object.entries(ERROR_FIELDS)) error[prop] = fields[code];
  return error;
}
