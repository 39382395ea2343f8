// Sign-in and password-change floods: one client hammering POST /token (correct password) and
// PUT /user (password changes) must not slow other users down, and must meet GoTrue's per-IP rate
// limits (429 over_request_rate_limit). A stack of its own with the default limits: the shared test
// stack turns them off (tests/setup/stack.global.ts).
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../../supabase/local/server.ts';
import { startTestStack } from '../setup/stack.global.ts';
import type { TestStack } from '../setup/stack-info.ts';
import { clientFor, STRONG_PASSWORD } from '../setup/clients.ts';

let stack: RunningStack;
let info: TestStack;
let cleanup: () => void;
beforeAll(async () => {
  ({ stack, info, cleanup } = await startTestStack());
}, 120_000);
afterAll(async () => {
  await stack?.stop();
  cleanup?.();
});

async function signedInUser(): Promise<{ email: string; accessToken: string; client: ReturnType<typeof clientFor> }> {
  const email = `flood-${randomUUID().slice(0, 10)}@example.test`;
  const created = await clientFor(info.url, info.serviceRoleKey).auth.admin.createUser({
    email,
    password: STRONG_PASSWORD,
    email_confirm: true,
  });
  if (created.error) throw created.error;
  const client = clientFor(info.url, info.anonKey);
  const { data, error } = await client.auth.signInWithPassword({ email, password: STRONG_PASSWORD });
  if (error) throw error;
  return { email, accessToken: data.session.access_token, client };
}

interface FloodOptions {
  url: string;
  anonKey: string;
  email: string;
  password: string;
  token: string;
  ms: number;
  signInClients: number;
  changeClients: number;
}

/**
 * Clients that sign in with the right password and ask to change the password (to the current one:
 * each ask costs the server a bcrypt comparison, answered 422 same_password), each sending again as
 * soon as it is answered, for `ms`; a child process, so their own work does not weigh on the stack's
 * thread.
 */
const FLOOD_SCRIPT = `
const o = JSON.parse(process.env.FLOOD);
const statuses = { signIn: {}, user: {} };
const bodies = [];
const until = Date.now() + o.ms;
const headers = { apikey: o.anonKey, 'Content-Type': 'application/json' };
const send = {
  signIn: () => fetch(o.url + '/auth/v1/token?grant_type=password', {
    method: 'POST', headers, body: JSON.stringify({ email: o.email, password: o.password }) }),
  user: () => fetch(o.url + '/auth/v1/user', {
    method: 'PUT', headers: { ...headers, Authorization: 'Bearer ' + o.token },
    body: JSON.stringify({ password: o.password }) }),
};
async function loop(kind) {
  while (Date.now() < until) {
    const res = await send[kind]();
    statuses[kind][res.status] = (statuses[kind][res.status] ?? 0) + 1;
    if (res.status === 429 && bodies.length < 2) bodies.push(await res.json());
    else await res.arrayBuffer();
  }
}
await Promise.all([
  ...Array.from({ length: o.signInClients }, () => loop('signIn')),
  ...Array.from({ length: o.changeClients }, () => loop('user')),
]);
process.stdout.write(JSON.stringify({ statuses, bodies }));
`;

function runFlood(options: FloodOptions): Promise<{ statuses: Record<'signIn' | 'user', Record<string, number>>; bodies: unknown[] }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', FLOOD_SCRIPT], {
      env: { ...process.env, FLOOD: JSON.stringify(options) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out) as Awaited<ReturnType<typeof runFlood>>) : reject(new Error(`flood exited ${code}`)),
    );
  });
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

describe('sign-in and password-change floods', () => {
  it("keep another user's reads fast, and get GoTrue's 429 once over the per-IP rate", { timeout: 120_000 }, async () => {
    expect(stack.config.authRateLimits).toEqual({ token: 150, signInSignUps: 30, burst: 30 });
    const reader = await signedInUser();
    const flooder = await signedInUser();
    const changer = await signedInUser();
    const seed = await reader.client.from('categories').select('id').limit(5);
    expect(seed.error).toBeNull();

    // The flood comes from another process, as an attacker's would: this process's thread serves the stack.
    const FLOOD_MS = 4000;
    const flood = runFlood({
      url: info.url,
      anonKey: info.anonKey,
      email: flooder.email,
      password: STRONG_PASSWORD,
      token: changer.accessToken,
      ms: FLOOD_MS,
      signInClients: 32,
      changeClients: 32,
    });
    const until = Date.now() + FLOOD_MS;

    // Meanwhile another user reads a few rows, one request after the other.
    const latencies: number[] = [];
    await new Promise((r) => setTimeout(r, 100));
    while (Date.now() < until) {
      const started = performance.now();
      const { data, error } = await reader.client.from('categories').select('id, name').limit(5);
      latencies.push(performance.now() - started);
      expect(error).toBeNull();
      expect(data?.length).toBeGreaterThan(0);
    }
    const { statuses, bodies } = await flood;

    const p95 = percentile(latencies, 95);
    console.info(
      `reads during the flood: ${latencies.length}, p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms;`,
      `sign-ins ${JSON.stringify(statuses.signIn)}, PUT /user ${JSON.stringify(statuses.user)}`,
    );
    expect(latencies.length).toBeGreaterThan(10);
    expect(p95).toBeLessThanOrEqual(250);
    expect(statuses.signIn[200] ?? 0).toBeGreaterThan(0);
    expect(statuses.signIn[429] ?? 0).toBeGreaterThan(0);
    expect(statuses.user[422] ?? 0).toBeGreaterThan(0);
    expect(statuses.user[429] ?? 0).toBeGreaterThan(0);
    // GoTrue's answer, as supabase-js reads it.
    expect(bodies[0]).toEqual({ code: 429, error_code: 'over_request_rate_limit', msg: 'Request rate limit reached' });

    // The buckets refill over time (150 per 5 minutes: one every 2 s): a minute later all is well again.
    const realNow = stack.config.now;
    stack.config.now = () => realNow() + 60_000;
    try {
      const again = await clientFor(info.url, info.anonKey).auth.signInWithPassword({ email: flooder.email, password: STRONG_PASSWORD });
      expect(again.error).toBeNull();
    } finally {
      stack.config.now = realNow;
    }
  });
});
