import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { testStack } from '../setup/stack-info.ts';
import { callFunction } from './helpers.ts';

/**
 * Pids of the test stack's Deno workers serving `name`, read from /proc (Linux): a worker's
 * environment names its entry file (LV_FUNCTION_ENTRY) and the stack it belongs to (SUPABASE_URL).
 */
function workerPids(name: string): number[] {
  const entry = `LV_FUNCTION_ENTRY=${pathToFileURL(path.resolve(import.meta.dirname, '../../supabase/functions', name, 'index.ts')).href}`;
  const stack = `SUPABASE_URL=${testStack().url}`;
  const pids: number[] = [];
  for (const dir of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(dir)) continue;
    let env: string[];
    try {
      env = fs.readFileSync(`/proc/${dir}/environ`, 'utf8').split('\0');
    } catch {
      continue; // ended while we looked, or not ours
    }
    if (env.includes(entry) && env.includes(stack)) pids.push(Number(dir));
  }
  return pids;
}

describe('api-health and api-echo through the local stack', () => {
  it('api-health answers without a JWT (verify_jwt = false)', async () => {
    const res = await callFunction('api-health', { token: null });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'ok', function: 'api-health', method: 'POST' });
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const get = await callFunction('api-health', { token: null, method: 'GET' });
    expect(get.status).toBe(200);
  });

  it('api-echo echoes the JSON body, path and query, and never echoes credentials', async () => {
    const res = await callFunction('api-echo/sub?x=1', { body: { hello: 'world', n: 2 } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      function: 'api-echo',
      method: 'POST',
      path: '/api-echo/sub',
      query: { x: '1' },
      body: { hello: 'world', n: 2 },
      authenticated: true,
    });
    expect(res.text).not.toContain(testStack().anonKey);
  });

  it('api-echo needs a JWT: none -> 401, a forged one -> 401', async () => {
    const none = await callFunction('api-echo', { token: null, body: {} });
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ code: 401, message: 'Missing authorization header' });
    const forged = await callFunction('api-echo', { token: `${testStack().anonKey.slice(0, -3)}abc`, body: {} });
    expect(forged.status).toBe(401);
    expect(forged.body).toMatchObject({ msg: 'Invalid JWT' });
  });

  it('bad input is a 4xx JSON error: invalid JSON 400, oversized 413, wrong method 405', async () => {
    const invalid = await callFunction('api-echo', { rawBody: '{oops' });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toEqual({ error: 'invalid_json', message: 'Request body is not valid JSON' });
    const big = await callFunction('api-echo', { rawBody: JSON.stringify({ x: 'y'.repeat(200 * 1024) }) });
    expect(big.status).toBe(413);
    const huge = await callFunction('api-echo', { rawBody: 'z'.repeat(3 * 1024 * 1024) });
    expect(huge.status).toBe(413);
    expect(huge.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    const put = await callFunction('api-echo', { method: 'PUT', body: {} });
    expect(put.status).toBe(405);
  });

  it('OPTIONS preflight answers ok with CORS headers, without a JWT', async () => {
    const res = await fetch(`${testStack().url}/functions/v1/share-link`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://example.test',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization, content-type, x-client-info, apikey',
      },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-headers')).toMatch(/authorization/);
  });

  it('the test-only env hook needs the service-role key', async () => {
    const res = await callFunction('_test/env', { body: { name: 'api-echo', env: {} } });
    expect(res.status).toBe(401);
    const user = await callFunction('_test/env', { token: null, body: { name: 'api-echo', env: {} } });
    expect(user.status).toBe(401);
  });

  it('unknown function -> 404 NOT_FOUND', async () => {
    const res = await callFunction('does-not-exist', { body: {} });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 'NOT_FOUND', message: 'Requested function was not found' });
  });

  it('the worker is reused: ten warm calls are served by the one Deno process that served the first', async () => {
    expect((await callFunction('api-health', { token: null })).status).toBe(200);
    const warm = workerPids('api-health');
    expect(warm).toHaveLength(1);
    for (let i = 0; i < 10; i++) {
      expect((await callFunction('api-health', { token: null })).status).toBe(200);
      // A cold start per call would show a new pid here.
      expect(workerPids('api-health')).toEqual(warm);
    }
  });
});
