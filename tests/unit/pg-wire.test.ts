// The REST hot path writes its Postgres messages itself (pg-wire.mjs) and reads
// the answers in place. The messages must be byte for byte what PGlite's own serializer writes,
// and the reader must split answers per Sync and keep only the statement's rows and errors.
import { describe, expect, it } from 'vitest';
import { protocol } from '@electric-sql/pglite';
import { AnswerBuffer, MessageWriter, readAnswers } from '../../supabase/local/db/pg-wire.mjs';
import { decodeReplies, decodeRoleRequest, encodeReplies, encodeRoleRequest } from '../../supabase/local/db/role-messages.mjs';

const { serialize } = protocol;

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

// Backend messages, built by hand (type byte, int32 length, body).
const enc = new TextEncoder();
function msg(code: string, body: number[] | Uint8Array = []): Uint8Array {
  const b = body instanceof Uint8Array ? body : Uint8Array.from(body);
  const out = new Uint8Array(5 + b.length);
  out[0] = code.charCodeAt(0);
  new DataView(out.buffer).setInt32(1, 4 + b.length);
  out.set(b, 5);
  return out;
}
const cstr = (s: string) => [...enc.encode(s), 0];
const int16 = (v: number) => [(v >> 8) & 0xff, v & 0xff];
const int32 = (v: number) => {
  const b = new Uint8Array(4);
  new DataView(b.buffer).setInt32(0, v);
  return [...b];
};
const dataRow = (values: (string | null)[]) =>
  msg('D', [
    ...int16(values.length),
    ...values.flatMap((v) => (v === null ? int32(-1) : [...int32(enc.encode(v).length), ...enc.encode(v)])),
  ]);
const rowDescription = (fields: [string, number][]) =>
  msg('T', [
    ...int16(fields.length),
    ...fields.flatMap(([name, oid]) => [...cstr(name), ...int32(0), ...int16(0), ...int32(oid), ...int16(-1), ...int32(-1), ...int16(0)]),
  ]);
const complete = (tag: string) => msg('C', cstr(tag));
const ready = msg('Z', [0x49]);

describe('MessageWriter', () => {
  it('writes Parse, Bind, Describe, Execute, Close and Sync exactly as PGlite serializes them', () => {
    const w = new MessageWriter(16); // tiny, so every message makes it grow
    w.parse('stack_q1', 'select $1::text, $2::int');
    w.parse('', 'select 1');
    w.bind('stack_q1', ['héllo ✓ 𝄞', null]);
    w.bind('', []);
    w.describePortal();
    w.execute();
    w.closeStatement('stack_q1');
    w.sync();
    const expected = concat([
      serialize.parse({ name: 'stack_q1', text: 'select $1::text, $2::int' }),
      serialize.parse({ text: 'select 1' }),
      serialize.bind({ statement: 'stack_q1', values: ['héllo ✓ 𝄞', null] }),
      serialize.bind({ values: [] }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.close({ type: 'S', name: 'stack_q1' }),
      serialize.sync(),
    ]);
    expect([...w.message()]).toEqual([...expected]);
    w.reset();
    w.sync();
    expect([...w.message()]).toEqual([...serialize.sync()]);
  });
});

describe('readAnswers', () => {
  it('splits the answer per Sync: the statement rows after the settings, its tag, its description, ParseComplete', () => {
    const bytes = concat([
      // request 1: settings (bind, row, complete), parse, bind, describe, rows, complete
      msg('2'),
      dataRow(['authenticated', '{"sub":"x"}']),
      complete('SELECT 1'),
      msg('1'),
      msg('2'),
      rowDescription([
        ['total', 25],
        ['page_count', 23],
        ['body', 25],
      ]),
      dataRow([null, '1', '[{"id":1,"t":"é"}]']),
      complete('SELECT 1'),
      ready,
      // request 2: a prepared statement without Describe, an update's tag
      msg('2'),
      dataRow(['anon', '{}']),
      complete('SELECT 1'),
      msg('2'),
      complete('UPDATE 3'),
      ready,
    ]);
    const answers = readAnswers(bytes);
    expect(answers).toHaveLength(2);
    expect(answers[0]).toMatchObject({ error: null, parsed: true, tag: 'SELECT 1', rows: [[null, '1', '[{"id":1,"t":"é"}]']] });
    expect(answers[0].fields).toEqual([
      { name: 'total', dataTypeID: 25 },
      { name: 'page_count', dataTypeID: 23 },
      { name: 'body', dataTypeID: 25 },
    ]);
    expect(answers[1]).toMatchObject({ error: null, parsed: false, fields: null, rows: [], tag: 'UPDATE 3' });
  });

  it('reads the last statement after a pre-request statement (db-pre-request): its row is never the answer', () => {
    const answers = readAnswers(
      concat([
        msg('2'),
        dataRow(['authenticated', '{}']),
        complete('SELECT 1'),
        // the pre-request: select private.db_pre_request() (one void row)
        msg('2'),
        dataRow(['']),
        complete('SELECT 1'),
        msg('2'),
        complete('SELECT 0'),
        ready,
      ]),
    );
    expect(answers).toHaveLength(1);
    expect(answers[0]).toMatchObject({ error: null, rows: [], tag: 'SELECT 0' });
  });

  it('keeps the first error of an exchange as PGlite’s DatabaseError, with its fields', () => {
    const error = msg(
      'E',
      [...'SERROR\0']
        .map((c) => c.charCodeAt(0))
        .concat(
          cstr('C23514'),
          cstr('Mnew row violates check constraint "notes_body_check"'),
          cstr('tnotes'),
          cstr('nnotes_body_check'),
          [0],
        ),
    );
    const answers = readAnswers(
      concat([msg('2'), dataRow(['x']), complete('SELECT 1'), msg('1'), msg('2'), error, ready, complete('SELECT 1'), ready]),
    );
    expect(answers).toHaveLength(2);
    expect(answers[0].error).toBeInstanceOf(Error);
    expect(answers[0].error).toMatchObject({
      name: 'error',
      severity: 'ERROR',
      code: '23514',
      table: 'notes',
      constraint: 'notes_body_check',
      message: 'new row violates check constraint "notes_body_check"',
    });
    expect(answers[0].parsed).toBe(true);
    expect(answers[1].error).toBeNull();
  });

  it('gathers chunks in an AnswerBuffer that grows and is reused', () => {
    const a = new AnswerBuffer(4);
    a.push(Uint8Array.of(1, 2, 3));
    a.push(Uint8Array.of(4, 5, 6, 7, 8));
    expect([...a.bytes()]).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    a.reset();
    a.push(Uint8Array.of(9));
    expect([...a.bytes()]).toEqual([9]);
  });
});

describe('role messages between the threads', () => {
  it('round-trip a request and answers (rows, typed values, errors) through structured clone', () => {
    const req = structuredClone(
      encodeRoleRequest(7, 3, null, false, true, ['1', null], ['authenticated', '{"sub":"x"}', 'x', '8000', '20000']),
    );
    expect(decodeRoleRequest(req)).toEqual({
      id: 7,
      sid: 3,
      sql: null,
      forget: false,
      prepare: true,
      params: ['1', null],
      settings: ['authenticated', '{"sub":"x"}', 'x', '8000', '20000'],
    });
    const withPre = structuredClone(
      encodeRoleRequest(8, 4, 'select 1', true, false, [], ['anon', '{}'], 'select "private"."db_pre_request"()'),
    );
    expect(decodeRoleRequest(withPre)).toMatchObject({
      id: 8,
      sql: 'select 1',
      forget: true,
      pre: 'select "private"."db_pre_request"()',
      settings: ['anon', '{}'],
    });
    const when = new Date('2026-01-02T03:04:05Z');
    const flat = structuredClone(
      encodeReplies([
        {
          id: 1,
          ok: true,
          result: {
            rowCount: 2,
            fields: [
              { name: 'n', dataTypeID: 23 },
              { name: 't', dataTypeID: 1184 },
            ],
            values: [1, when, 2, null],
          },
        },
        { id: 2, ok: false, error: { message: 'boom', code: '22012' } },
        { id: 3, ok: true, result: { rows: [{ j: { k: [1] } }], rowCount: 1, fields: [{ name: 'j', dataTypeID: 3802 }] } },
        { id: 4, ok: true, result: { rowCount: 5, fields: [], values: [] } },
      ]),
    );
    const got: [number, boolean, unknown][] = [];
    decodeReplies(flat, (id, ok, value) => got.push([id, ok, value]));
    expect(got).toEqual([
      [
        1,
        true,
        {
          rows: [
            { n: 1, t: when },
            { n: 2, t: null },
          ],
          rowCount: 2,
          fields: [
            { name: 'n', dataTypeID: 23 },
            { name: 't', dataTypeID: 1184 },
          ],
        },
      ],
      [2, false, { message: 'boom', code: '22012' }],
      [3, true, { rows: [{ j: { k: [1] } }], rowCount: 1, fields: [{ name: 'j', dataTypeID: 3802 }] }],
      [4, true, { rows: [], rowCount: 5, fields: [] }],
    ]);
  });
});
