import fs from 'node:fs';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Service, StackContext } from '../types.ts';
import { sendJson, readJson, BodyTooLargeError, InvalidJsonError } from '../http.ts';
import { verifyJwt } from '../jwt.ts';
import { FunctionConfig } from './function-config.ts';
import { findDenoBinary } from './deno-binary.ts';
import { BootError, WorkerPool } from './worker-pool.ts';
import { proxyToWorker } from './proxy.ts';

/** Supabase's rule for function names (the CLI refuses others); `_shared` and friends are never callable. */
const FUNCTION_NAME = /^[A-Za-z][A-Za-z0-9_-]*$/;

function envInt(name: string, fallback: number): number {
  const n = Number(process.env[name]);
  return Number.isInteger(n) && n >= 0 && process.env[name] !== '' ? n : fallback;
}

/**
 * /functions/v1/<name>: runs supabase/functions/<name>/index.ts under Deno, one worker process per
 * function, started on the first call and reused. The gateway part (verify_jwt, 404 for unknown
 * names, body limit) happens here, as Supabase's gateway does it before the function runs.
 */
export function createFunctionsService(ctx: StackContext): Service {
  const { config } = ctx;
  const functionsDir = config.functionsDir;
  const repoRoot = path.resolve(functionsDir, '..', '..');
  const functionConfig = new FunctionConfig(path.join(functionsDir, '..', 'config.toml'), ctx.log);
  // FUNCTIONS_TEST_MODE is set only by the test stack: it enables the x-test-now clock header in the
  // functions and the /_test/env hook below. Never set it in production.
  const testMode = config.functionEnv.FUNCTIONS_TEST_MODE === 'true';
  const requestTimeoutMs = envInt('FUNCTIONS_REQUEST_TIMEOUT_MS', 150_000);

  const pool = new WorkerPool({
    denoBin: findDenoBinary(path.resolve(import.meta.dirname, '..', '..', '..')),
    functionsDir,
    readableDirs: [functionsDir, path.join(repoRoot, 'shared'), path.join(repoRoot, 'node_modules')],
    denoDir: process.env.DENO_DIR || path.join(repoRoot, 'node_modules', '.cache', 'deno'),
    bootTimeoutMs: envInt('FUNCTIONS_BOOT_TIMEOUT_MS', 20_000),
    idleTimeoutMs: envInt('FUNCTIONS_IDLE_TIMEOUT_MS', 5 * 60_000),
    log: config.logLevel === 'silent' ? () => undefined : ctx.log,
    baseEnv: () => {
      const smtp = ctx.smtpForFunctions;
      const env: Record<string, string> = {
        ...config.functionEnv,
        // Read at spawn time: with port 0 the public URL is only known once the server listens.
        SUPABASE_URL: config.publicUrl,
        SUPABASE_ANON_KEY: config.anonKey,
        SUPABASE_SERVICE_ROLE_KEY: config.serviceRoleKey,
        SMTP_HOST: smtp.host,
        SMTP_PORT: String(smtp.port),
        SMTP_SENDER: smtp.sender,
      };
      if (smtp.user) env.SMTP_USER = smtp.user;
      if (smtp.pass) env.SMTP_PASS = smtp.pass;
      if (config.databaseUrl) env.SUPABASE_DB_URL = config.databaseUrl;
      return env;
    },
  });

  // Edit a function (or a shared schema it imports) and the next call runs the new code.
  const watchers = [functionsDir, path.join(repoRoot, 'shared')].flatMap((dir) => watchChanges(dir, () => pool.retire(), ctx.log));
  const pruneTimer = setInterval(() => pool.prune(), 60_000);
  pruneTimer.unref();

  return {
    async handle(req, res, subpath, url) {
      const match = /^\/([^/]+)(\/.*)?$/.exec(subpath);
      const name = match?.[1] ?? '';
      if (testMode && name === '_test') return handleTestHook(req, res, match?.[2] ?? '/');
      const entry = path.join(functionsDir, name, 'index.ts');
      if (!FUNCTION_NAME.test(name) || !fs.existsSync(entry)) {
        sendJson(res, 404, { code: 'NOT_FOUND', message: 'Requested function was not found' });
        return;
      }
      if (req.method !== 'OPTIONS' && functionConfig.verifyJwt(name)) {
        const refusal = checkJwt(req);
        if (refusal) {
          req.resume();
          sendJson(res, 401, refusal);
          return;
        }
      }
      let worker;
      try {
        worker = await pool.acquire(
          workerKey(name, testMode ? req.headers[TEST_PROFILE_HEADER] : undefined),
          entry,
          functionConfig.importMap(name),
        );
      } catch (e) {
        if (!(e instanceof BootError)) throw e;
        ctx.log(`functions: ${e.message}`);
        req.resume();
        sendJson(res, 503, { code: 'BOOT_ERROR', message: 'Worker failed to boot (please check logs)' });
        return;
      }
      worker.begin();
      try {
        const outcome = await proxyToWorker(req, res, worker, {
          path: `/${name}${match?.[2] ?? ''}${url.search}`,
          maxBody: config.maxJsonBody,
          timeoutMs: requestTimeoutMs,
        });
        // The connection to the worker broke: it crashed (or is crashing). Replace it now rather
        // than wait for its exit event, so the next call cannot race into the dead port.
        if (outcome === 'worker_failed') pool.discard(worker);
      } finally {
        worker.end();
      }
    },
    async close() {
      clearInterval(pruneTimer);
      for (const w of watchers) w.close();
      await pool.closeAll();
    },
  };

  /** What Supabase's gateway answers when verify_jwt is on and the bearer token is missing or bad. */
  function checkJwt(req: IncomingMessage): Record<string, unknown> | undefined {
    const header = req.headers.authorization;
    const token = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] : undefined;
    if (!token) return { code: 401, message: 'Missing authorization header' };
    try {
      verifyJwt(token, config.jwtSecret, config.now());
      return undefined;
    } catch {
      return { code: 401, message: 'Invalid JWT', msg: 'Invalid JWT' };
    }
  }

  /**
   * Test-only (FUNCTIONS_TEST_MODE): POST /functions/v1/_test/env {name, env} with the service-role
   * key points one function at the fake OpenAI/oEmbed/HIBP servers a test started; the function's
   * worker is replaced so the next call sees the new env. `env: {}` restores the stack's env.
   * With `profile`, the env applies only to calls carrying `x-test-env-profile: <profile>`, which get
   * a worker of their own: a test can break a function's SMTP without breaking it for the test files
   * running beside it on the same stack.
   */
  async function handleTestHook(req: IncomingMessage, res: ServerResponse, rest: string): Promise<void> {
    const token = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
    let role: unknown;
    try {
      role = token ? verifyJwt(token, config.jwtSecret, config.now()).role : undefined;
    } catch {
      role = undefined;
    }
    if (role !== 'service_role') return sendJson(res, 401, { code: 401, message: 'The service-role key is required' });
    if (rest !== '/env' || req.method !== 'POST') return sendJson(res, 404, { code: 'NOT_FOUND', message: 'Unknown test hook' });
    let body: unknown;
    try {
      body = await readJson(req, config.maxJsonBody);
    } catch (e) {
      if (e instanceof BodyTooLargeError || e instanceof InvalidJsonError)
        return sendJson(res, 400, { code: 'BAD_REQUEST', message: e.message });
      throw e;
    }
    const { name, env, profile } = (body ?? {}) as { name?: unknown; env?: unknown; profile?: unknown };
    const envOk = env && typeof env === 'object' && Object.values(env).every((v) => typeof v === 'string');
    const profileOk = profile === undefined || (typeof profile === 'string' && TEST_PROFILE.test(profile));
    if (typeof name !== 'string' || !FUNCTION_NAME.test(name) || !envOk || !profileOk) {
      return sendJson(res, 400, {
        code: 'BAD_REQUEST',
        message: 'Expected {name: string, env: {[key]: string}, profile?: string of a-z, 0-9 and -}',
      });
    }
    const overrides = Object.fromEntries(Object.entries(env as Record<string, string>).filter(([k]) => !k.startsWith('SUPABASE_')));
    pool.setEnvOverride(workerKey(name, profile), overrides);
    sendJson(res, 200, { name, env: Object.keys(overrides), ...(profile === undefined ? {} : { profile }) });
  }
}

/** Test env profiles (see handleTestHook): the request header, and what a profile name may be. */
const TEST_PROFILE_HEADER = 'x-test-env-profile';
const TEST_PROFILE = /^[a-z0-9-]{1,40}$/;

/** The pool's key for a function's worker: its name, or `name#profile` for a valid test profile. */
function workerKey(name: string, profile: string | string[] | undefined): string {
  return typeof profile === 'string' && TEST_PROFILE.test(profile) ? `${name}#${profile}` : name;
}

function watchChanges(dir: string, onChange: () => void, log: (msg: string) => void): fs.FSWatcher[] {
  if (!fs.existsSync(dir)) return [];
  let timer: NodeJS.Timeout | undefined;
  try {
    const watcher = fs.watch(dir, { recursive: true, persistent: false }, () => {
      clearTimeout(timer);
      timer = setTimeout(onChange, 150);
    });
    watcher.on('error', () => undefined);
    return [watcher];
  } catch (e) {
    log(`functions: not watching ${dir} for changes (${(e as Error).message}); restart the stack after editing functions`);
    return [];
  }
}
