// Benchmark of /rest/v1 against the same SQL run directly on the database, in one run.
// Usage: npx tsx tests/bench/stack.bench.ts   (npm run bench:stack)   [BENCH_N=500 BENCH_CONCURRENCY=8 BENCH_BURST=300]
// PGLITE_THREAD=main runs PGlite in the stack's thread (the default is its own worker thread), for an A/B.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { loadConfig } from '../../supabase/local/config.ts';
import { startStack } from '../../supabase/local/server.ts';
import { signJwt } from '../../supabase/local/jwt.ts';
import { SchemaCache } from '../../supabase/local/rest/schema.ts';
import { buildPlan, type RequestShape } from '../../supabase/local/rest/plan.ts';
import { parsePrefer } from '../../supabase/local/rest/parse.ts';

const N = Number(process.env.BENCH_N ?? 500);
// The REST layer's overhead targets for a primary-key select, on this machine, as figures of one run:
// REST adds at most this much to the same SQL run as the role, and keeps this share of a bare Node
// http server's throughput.
const TARGET_OVERHEAD_MS = 0.35;
const TARGET_THROUGHPUT_SHARE = 0.6;

// One keep-alive client for every HTTP figure (REST and the bare server), so they compare like for like.
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
/** A kept-alive socket the server closed while a previous phase ran resets once: send again. */
function retried<T>(send: () => Promise<T>): Promise<T> {
  return send().catch((e: NodeJS.ErrnoException) => (e.code === 'ECONNRESET' ? send() : Promise.reject(e)));
}

function get(url: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return retried(() => getOnce(url, headers));
}

function getOnce(url: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

function post(url: string, headers: Record<string, string>, body: string): Promise<{ status: number; body: string }> {
  return retried(() => postOnce(url, headers, body));
}

function postOnce(url: string, headers: Record<string, string>, body: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: 'POST', agent, headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** A bare Node http server answering a constant JSON body: the floor any HTTP API on Node pays. */
async function bareServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const body = JSON.stringify([{ id: 1, title: 'Item 1', url: 'https://example.test/1' }]);
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
const WARMUP = Math.min(50, N);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);

interface Stats {
  p50: number;
  p95: number;
  perSec: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** p50/p95 of N sequential runs, then throughput of N runs with CONCURRENCY in flight. */
async function measure(run: (i: number) => Promise<void>): Promise<Stats> {
  // Warm-up; a keep-alive socket the server closed while the previous phase ran may reset once.
  for (let i = 0; i < WARMUP; i++) await run(i).catch((e: Error) => (i === 0 ? undefined : Promise.reject(e)));
  const times: number[] = [];
  for (let i = 0; i < N; i++) {
    const t = performance.now();
    await run(i);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < N) await run(next++);
    }),
  );
  const perSec = N / ((performance.now() - start) / 1000);
  return { p50: percentile(times, 50), p95: percentile(times, 95), perSec };
}

/**
 * The two target figures, measured interleaved so both sides see the same machine load: latency
 * alternates one REST request with one as-role statement; throughput alternates bursts of the
 * bare server and of REST, CONCURRENCY in flight each.
 */
async function paired(rest: (i: number) => Promise<void>, asRole: (i: number) => Promise<void>, bare: (i: number) => Promise<void>) {
  for (let i = 0; i < WARMUP; i++) {
    await rest(i);
    await asRole(i);
    await bare(i);
  }
  const restTimes: number[] = [];
  const roleTimes: number[] = [];
  for (let i = 0; i < N; i++) {
    let t = performance.now();
    await rest(i);
    restTimes.push(performance.now() - t);
    t = performance.now();
    await asRole(i);
    roleTimes.push(performance.now() - t);
  }
  restTimes.sort((a, b) => a - b);
  roleTimes.sort((a, b) => a - b);
  const burst = async (run: (i: number) => Promise<void>, count: number) => {
    let next = 0;
    const start = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < count) await run(next++);
      }),
    );
    return performance.now() - start;
  };
  let restMs = 0;
  let bareMs = 0;
  // Bursts long enough to reach a steady state (short ones measured mostly ramp-up and JIT warm-up).
  const rounds = 10;
  const per = Math.max(CONCURRENCY, Number(process.env.BENCH_BURST ?? 300));
  const restCpu = { main: 0, others: 0, busiest: 0 };
  const bareCpu = { main: 0, others: 0, busiest: 0 };
  for (let r = 0; r < rounds; r++) {
    let before = threadCpuMs();
    bareMs += await burst(bare, per);
    addCpu(bareCpu, before, threadCpuMs());
    before = threadCpuMs();
    restMs += await burst(rest, per);
    addCpu(restCpu, before, threadCpuMs());
  }
  const n = per * rounds;
  const perRequest = (c: typeof restCpu) => ({ main: (c.main / n) * 1000, others: (c.others / n) * 1000, busiest: (c.busiest / n) * 1000 });
  return {
    restP50: percentile(restTimes, 50),
    roleP50: percentile(roleTimes, 50),
    restPerSec: n / (restMs / 1000),
    barePerSec: n / (bareMs / 1000),
    cpu: threadCpuMs().size > 0 ? { rest: perRequest(restCpu), bare: perRequest(bareCpu) } : undefined,
  };
}

/**
 * CPU time (ms) of each thread of this process (Linux /proc; empty elsewhere): what a request costs
 * the stack's thread and the database worker, whatever else loads the machine.
 */
function threadCpuMs(): Map<string, number> {
  const out = new Map<string, number>();
  let tids: string[];
  try {
    tids = fs.readdirSync('/proc/self/task');
  } catch {
    return out;
  }
  for (const tid of tids) {
    try {
      const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(tid, (Number(f[11]) + Number(f[12])) * 10); // utime + stime, in ticks of 10 ms
    } catch {
      /* the thread ended */
    }
  }
  return out;
}

function addCpu(acc: { main: number; others: number; busiest: number }, before: Map<string, number>, after: Map<string, number>): void {
  let busiest = 0;
  for (const [tid, ms] of after) {
    const d = ms - (before.get(tid) ?? 0);
    if (tid === String(process.pid)) acc.main += d;
    else {
      acc.others += d;
      busiest = Math.max(busiest, d);
    }
  }
  acc.busiest += busiest;
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stack-bench-'));
  const config = loadConfig(
    { ...process.env, STACK_LOG: 'silent' },
    { port: 0, dataDir, mailSmtpPort: 0, mailWebPort: 0, logLevel: 'silent' },
  );
  const fixtures = path.resolve(import.meta.dirname, '..', 'fixtures', 'migrations');
  console.log(`starting a stack in ${dataDir} (database: ${config.databaseUrl ? 'PostgreSQL' : 'PGlite'}) ...`);
  const stack = await startStack(config, { extraMigrationsDirs: [fixtures] });
  try {
    const db = stack.db;
    const sub = randomUUID();
    const now = Math.floor(Date.now() / 1000);
    const claims = { aud: 'authenticated', sub, role: 'authenticated', iat: now, exp: now + 3600 };
    const token = signJwt(claims, config.jwtSecret);

    // Seed: 20 folders and 1000 items for one user (direct SQL: this is setup, not measured).
    await db.query(`insert into public.t_folders (user_id, name, position) select $1, 'Folder ' || g, g from generate_series(1, 20) g`, [
      sub,
    ]);
    await db.query(
      `insert into public.t_items (user_id, folder_id, title, url, tags, meta, score, views)
       select $1, f.id, 'Item ' || g, 'https://example.test/' || g, array['tag' || (g % 5)], jsonb_build_object('n', g), g % 100, g
       from generate_series(1, 1000) g join public.t_folders f on f.user_id = $1 and f.position = 1 + (g % 20)`,
      [sub],
    );
    const ids = (await db.query<{ id: string | number }>('select id from public.t_items where user_id = $1 order by id', [sub])).rows.map(
      (r) => Number(r.id),
    );
    const headers = { apikey: config.anonKey, Authorization: `Bearer ${token}` };
    const rest = `${stack.url}/rest/v1`;

    const cases: { name: string; shape: (i: number) => RequestShape; http: (i: number) => Promise<void> }[] = [
      {
        name: 'select 1 row by primary key',
        shape: (i) => readShape('t_items', `select=*&id=eq.${ids[i % ids.length]}`),
        http: async (i) => {
          const res = await get(`${rest}/t_items?select=*&id=eq.${ids[i % ids.length]}`, headers);
          if (res.status !== 200 || (JSON.parse(res.body) as unknown[]).length !== 1) throw new Error(`unexpected ${res.status}`);
        },
      },
      {
        name: 'list 50 rows + embed (many-to-one)',
        shape: (i) => readShape('t_items', `select=id,title,url,views,t_folders(id,name)&order=id.desc&limit=50&offset=${(i % 10) * 50}`),
        http: async (i) => {
          const res = await get(
            `${rest}/t_items?select=id,title,url,views,t_folders(id,name)&order=id.desc&limit=50&offset=${(i % 10) * 50}`,
            headers,
          );
          if (res.status !== 200 || (JSON.parse(res.body) as unknown[]).length !== 50) throw new Error(`unexpected ${res.status}`);
        },
      },
      {
        name: 'insert 1 row (return=minimal)',
        shape: (i) => insertShape('t_items', { user_id: sub, title: `bench ${i}`, url: `https://bench.test/${randomUUID()}` }),
        http: async (i) => {
          const res = await post(
            `${rest}/t_items`,
            { ...headers, 'Content-Type': 'application/json' },
            JSON.stringify({ user_id: sub, title: `bench ${i}`, url: `https://bench.test/${randomUUID()}` }),
          );
          if (res.status !== 201) throw new Error(`unexpected ${res.status}: ${res.body}`);
        },
      },
    ];

    const cache = await SchemaCache.load(db);
    const rows: string[][] = [];
    const bare = await bareServer();
    const bareStats = await measure(async () => {
      const res = await get(bare.url, {});
      if (res.status !== 200) throw new Error(`unexpected ${res.status}`);
    });
    for (const c of cases) {
      const restStats = await measure(c.http);
      const rawStats = await measure(async (i) => {
        const plan = buildPlan(cache, c.shape(i));
        await db.query(plan.sql, plan.params);
      });
      const txStats = await measure(async (i) => {
        const plan = buildPlan(cache, c.shape(i));
        await db.queryAsRole('authenticated', claims, plan.sql, plan.params, { prepare: true });
      });
      rows.push([
        c.name,
        fmt(restStats),
        fmt(rawStats),
        fmt(txStats),
        (restStats.p50 / rawStats.p50).toFixed(2) + 'x',
        (restStats.p50 / txStats.p50).toFixed(2) + 'x',
      ]);
    }
    rows.push(['bare Node http server, constant JSON', fmt(bareStats), '', '', '', '']);
    const head = ['case', 'REST p50/p95 ms, req/s', 'raw SQL p50/p95 ms, q/s', 'raw SQL as the role', 'REST/raw p50', 'REST/as-role p50'];
    console.log(`\nN=${N} sequential for latency, ${CONCURRENCY} in flight for throughput; database: ${db.kind}\n`);
    printTable([head, ...rows]);
    console.log('\nraw SQL = the statement the REST service generates for the request, run with db.query (no transaction, no role);');
    console.log('as the role = the same statement as REST runs it (db.queryAsRole): role and JWT claims set locally, one transaction.');
    // The overhead targets (primary-key select), both figures from this one run, measured interleaved.
    const pkCase = cases[0];
    const t = await paired(
      pkCase.http,
      async (i) => {
        const plan = buildPlan(cache, pkCase.shape(i));
        await db.queryAsRole('authenticated', claims, plan.sql, plan.params, { prepare: true });
      },
      async () => {
        const res = await get(bare.url, {});
        if (res.status !== 200) throw new Error(`unexpected ${res.status}`);
      },
    );
    await bare.close();
    const overhead = t.restP50 - t.roleP50;
    const share = t.restPerSec / t.barePerSec;
    console.log('\nREST overhead targets (select 1 row by primary key; measured interleaved, so both sides share the load):');
    console.log(
      `  REST p50 - the same SQL as REST runs it: ${t.restP50.toFixed(3)} - ${t.roleP50.toFixed(3)} = ${overhead.toFixed(3)} ms (target <= ${TARGET_OVERHEAD_MS} ms) ${overhead <= TARGET_OVERHEAD_MS ? 'MET' : 'NOT MET'}`,
    );
    console.log(
      `  REST throughput / bare Node http server (${CONCURRENCY} in flight): ${Math.round(t.restPerSec)} / ${Math.round(t.barePerSec)} req/s = ${(share * 100).toFixed(0)} % (target >= ${TARGET_THROUGHPUT_SHARE * 100} %) ${share >= TARGET_THROUGHPUT_SHARE ? 'MET' : 'NOT MET'}`,
    );
    if (t.cpu) {
      // Per request, from the threads' CPU clocks: the client and the stack share this process's main thread.
      const us = (v: number) => `${Math.round(v)} µs`;
      console.log(
        `  CPU per request (client + server): REST main thread ${us(t.cpu.rest.main)}, other threads ${us(t.cpu.rest.others)} (busiest, the database worker when PGLITE_THREAD is not main: ${us(t.cpu.rest.busiest)}); bare server main thread ${us(t.cpu.bare.main)}`,
      );
    }
    console.log(
      `  load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} (${os.cpus().length} cores); PGlite thread: ${config.pgliteThread}`,
    );
  } finally {
    agent.destroy();
    await stack.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function readShape(table: string, qs: string): RequestShape {
  return {
    method: 'GET',
    route: { kind: 'table', name: table },
    search: new URLSearchParams(qs),
    prefs: {},
    stripNulls: false,
    body: undefined,
  };
}
function insertShape(table: string, body: Record<string, unknown>): RequestShape {
  return {
    method: 'POST',
    route: { kind: 'table', name: table },
    search: new URLSearchParams(),
    prefs: parsePrefer('return=minimal'),
    stripNulls: false,
    body,
    rawBody: JSON.stringify(body),
  };
}

function fmt(s: Stats): string {
  return `${s.p50.toFixed(2)} / ${s.p95.toFixed(2)}, ${Math.round(s.perSec)}/s`;
}

function printTable(rows: string[][]) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i])).join(' | ');
  console.log(line(rows[0]));
  console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
  for (const r of rows.slice(1)) console.log(line(r));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
