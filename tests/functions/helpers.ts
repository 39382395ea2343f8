import { expect } from 'vitest';
import { testStack } from '../setup/stack-info.ts';

export interface FunctionAnswer<T = Record<string, unknown>> {
  status: number;
  body: T;
  text: string;
  headers: Headers;
}

/**
 * Calls /functions/v1/<name> over HTTP as a browser would (supabase-js sends the same): bearer
 * token (a session's access token, the anon key by default, or none with token: null).
 */
export async function callFunction<T = Record<string, unknown>>(
  name: string,
  opts: { token?: string | null; body?: unknown; rawBody?: string; headers?: Record<string, string>; method?: string } = {},
): Promise<FunctionAnswer<T>> {
  const { url, anonKey } = testStack();
  const headers: Record<string, string> = { 'Content-Type': 'application/json', apikey: anonKey, ...opts.headers };
  const token = opts.token === undefined ? anonKey : opts.token;
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(`${url}/functions/v1/${name}`, {
    method: opts.method ?? 'POST',
    headers,
    body: opts.rawBody ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // leave as text
  }
  return { status: res.status, body: body as T, text, headers: res.headers };
}

/**
 * Test-only hook of the local stack (FUNCTIONS_TEST_MODE): points one function at a fake server by
 * replacing its env (the function's worker restarts). `{}` restores the stack's env. With `profile`,
 * only calls sending `profileHeaders(profile)` see the env (their own worker), so test files running
 * beside this one on the shared stack keep the function as it was.
 */
export async function setFunctionEnv(name: string, env: Record<string, string>, profile?: string): Promise<void> {
  const { url, serviceRoleKey } = testStack();
  const res = await fetch(`${url}/functions/v1/_test/env`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${serviceRoleKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name, env, profile }),
  });
  if (!res.ok) throw new Error(`setFunctionEnv(${name}) answered ${res.status}: ${await res.text()}`);
}

/** The header that sends a call to a function's test env profile (see setFunctionEnv). */
export const profileHeaders = (profile: string): Record<string, string> => ({ 'x-test-env-profile': profile });

/**
 * Bad inputs every JSON function must answer with a 4xx JSON error (never 500): a body that is not
 * JSON, an empty body, a 2 MB body, then each of `invalidBodies`. Check the answers with
 * expectBadInputAnswers.
 */
export async function expectBadInputHandled(name: string, token: string, invalidBodies: unknown[]): Promise<FunctionAnswer[]> {
  const answers: FunctionAnswer[] = [];
  answers.push(await callFunction(name, { token, rawBody: '{"not json' }));
  answers.push(await callFunction(name, { token, rawBody: '' }));
  answers.push(await callFunction(name, { token, rawBody: JSON.stringify({ pad: 'z'.repeat(2 * 1024 * 1024) }) }));
  for (const body of invalidBodies) answers.push(await callFunction(name, { token, body }));
  return answers;
}

/**
 * The answers of expectBadInputHandled, in its order: 400 invalid_json and 400 invalid_request
 * (supabase/functions/_shared/http.ts), 413 PAYLOAD_TOO_LARGE (the stack's body limit), then 400
 * with one of `codes` for each invalid body; every one with a readable message.
 */
export function expectBadInputAnswers(answers: FunctionAnswer[], codes: string[] = ['invalid_request'], label = ''): void {
  const [notJson, empty, tooLarge, ...invalid] = answers;
  const what = (a: FunctionAnswer) => ({ status: a.status, error: a.body.error, hasMessage: typeof a.body.message === 'string' });
  expect(what(notJson), `${label} not JSON: ${notJson.text}`).toEqual({ status: 400, error: 'invalid_json', hasMessage: true });
  expect(what(empty), `${label} empty body: ${empty.text}`).toEqual({ status: 400, error: 'invalid_request', hasMessage: true });
  // 2 MB is over the stack's own body limit: its proxy refuses it before the function runs.
  expect(tooLarge.status, `${label} 2 MB body: ${tooLarge.text}`).toBe(413);
  expect(tooLarge.body, `${label} 2 MB body`).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  for (const a of invalid) {
    expect(a.status, `${label} ${a.text}`).toBe(400);
    expect(codes, `${label} ${a.text}`).toContain(a.body.error);
    expect(typeof a.body.message, `${label} ${a.text}`).toBe('string');
  }
}
