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

/** Bad inputs every JSON function must answer with a 4xx JSON error (never 500). */
export async function expectBadInputHandled(name: string, token: string, invalidBodies: unknown[]): Promise<FunctionAnswer[]> {
  const answers: FunctionAnswer[] = [];
  answers.push(await callFunction(name, { token, rawBody: '{"not json' }));
  answers.push(await callFunction(name, { token, rawBody: '' }));
  answers.push(await callFunction(name, { token, rawBody: JSON.stringify({ pad: 'z'.repeat(2 * 1024 * 1024) }) }));
  for (const body of invalidBodies) answers.push(await callFunction(name, { token, body }));
  return answers;
}
