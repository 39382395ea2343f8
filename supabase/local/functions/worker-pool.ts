import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { pathToFileURL } from 'node:url';

export interface WorkerPoolOptions {
  denoBin: string;
  functionsDir: string;
  /** Folders the function may read at run time (its own code, shared schemas, node_modules). */
  readableDirs: string[];
  /** Env every worker gets (SUPABASE_URL, keys, SMTP_*, the function env). */
  baseEnv: () => Record<string, string>;
  /** Deno's cache (transpiled modules): kept between runs so a worker starts fast. */
  denoDir: string;
  bootTimeoutMs: number;
  /** A worker idle this long is stopped (it starts again on the next call); 0 keeps it forever. */
  idleTimeoutMs: number;
  log: (msg: string) => void;
}

export class BootError extends Error {}

const READY_MARKER = `__lv_worker_ready_${randomBytes(6).toString('hex')}__`;
const BOOTSTRAP = path.join(import.meta.dirname, 'worker-bootstrap.ts');
/** Deno 2.x prints this advisory once per worker; it says nothing about the function. */
const NOISE = /^Deno\.serve: request\.signal aborts on successful responses/;

/** One Deno process serving one function. */
export class FunctionWorker {
  readonly secret = randomBytes(24).toString('hex');
  readonly ready: Promise<number>;
  port = 0;
  exited = false;
  inflight = 0;
  retired = false;
  private stopping = false;
  private readonly proc: ChildProcess;
  private readonly exitPromise: Promise<void>;
  private idleTimer?: NodeJS.Timeout;

  constructor(
    readonly name: string,
    entryFile: string,
    importMap: string | undefined,
    extraEnv: Record<string, string>,
    private readonly opts: WorkerPoolOptions,
  ) {
    const fnDir = path.dirname(entryFile);
    // As the Supabase CLI: config.toml's import_map, else the function's own deno.json, else the shared one.
    const ownConfig = path.join(fnDir, 'deno.json');
    const config = importMap ?? (fs.existsSync(ownConfig) ? ownConfig : path.join(opts.functionsDir, 'deno.json'));
    const args = [
      'run',
      '--quiet',
      '--no-prompt',
      // Never reach a registry: npm packages come from the repo's node_modules, remote URLs must be cached.
      '--cached-only',
      '--node-modules-dir=manual',
      ...(fs.existsSync(config) ? ['--config', config] : []),
      '--allow-net',
      '--allow-env',
      `--allow-read=${opts.readableDirs.join(',')}`,
      BOOTSTRAP,
    ];
    this.proc = spawn(opts.denoBin, args, {
      cwd: fnDir,
      // stdin: a pipe the worker watches; its end (the stack gone, even by SIGKILL) stops the worker.
      stdio: ['pipe', 'pipe', 'pipe'],
      env: {
        ...opts.baseEnv(),
        ...extraEnv,
        DENO_DIR: opts.denoDir,
        NO_COLOR: '1',
        DENO_NO_UPDATE_CHECK: '1',
        LV_FUNCTION_ENTRY: pathToFileURL(entryFile).href,
        LV_WORKER_SECRET: this.secret,
        LV_READY_MARKER: READY_MARKER,
      },
    });
    // Never written to; it must not keep the stack's own process alive, nor crash it when the worker is gone.
    this.proc.stdin?.on('error', () => undefined);
    (this.proc.stdin as unknown as { unref?: () => void } | null)?.unref?.();
    // 'error' without 'exit' happens when the binary cannot be spawned at all.
    this.exitPromise = new Promise((resolve) => {
      this.proc.once('exit', () => resolve());
      this.proc.once('error', () => {
        this.exited = true;
        resolve();
      });
    });
    const stderrTail: string[] = [];
    readline.createInterface({ input: this.proc.stderr! }).on('line', (line) => {
      if (NOISE.test(line)) return;
      stderrTail.push(line);
      if (stderrTail.length > 20) stderrTail.shift();
      opts.log(`[fn:${name}] ${line}`);
    });
    this.ready = new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new BootError(`function ${name} did not call Deno.serve within ${opts.bootTimeoutMs} ms`));
        void this.kill();
      }, opts.bootTimeoutMs);
      readline.createInterface({ input: this.proc.stdout! }).on('line', (line) => {
        if (!this.port && line.startsWith(READY_MARKER)) {
          this.port = Number(line.slice(READY_MARKER.length).trim());
          clearTimeout(timer);
          resolve(this.port);
        } else {
          opts.log(`[fn:${name}] ${line}`);
        }
      });
      this.proc.once('error', (e) => {
        clearTimeout(timer);
        reject(new BootError(`cannot start Deno (${opts.denoBin}): ${e.message}`));
      });
      this.proc.once('exit', (code, signal) => {
        this.exited = true;
        clearTimeout(timer);
        clearTimeout(this.idleTimer);
        // Rejecting an already-resolved promise is a no-op: this only matters during boot.
        reject(new BootError(`function ${name} exited during boot (${signal ?? `code ${code}`}): ${stderrTail.join(' | ')}`));
        if (this.port && !this.stopping) opts.log(`[fn:${name}] worker exited (${signal ?? `code ${code}`}); it restarts on the next call`);
      });
    });
    this.ready.catch(() => undefined); // observed by callers; avoid an unhandled rejection
  }

  begin(): void {
    this.inflight++;
    clearTimeout(this.idleTimer);
  }

  end(): void {
    this.inflight--;
    if (this.inflight > 0 || this.exited) return;
    if (this.retired) {
      void this.kill();
    } else if (this.opts.idleTimeoutMs > 0) {
      this.idleTimer = setTimeout(() => void this.kill(), this.opts.idleTimeoutMs);
      this.idleTimer.unref();
    }
  }

  async kill(): Promise<void> {
    clearTimeout(this.idleTimer);
    if (this.exited) return;
    this.stopping = true;
    this.proc.kill('SIGTERM');
    // The worker finishes its EdgeRuntime.waitUntil work first (at most 4 s, worker-bootstrap.ts).
    const forced = setTimeout(() => this.proc.kill('SIGKILL'), 5000);
    await this.exitPromise;
    clearTimeout(forced);
  }
}

/** Starts a function's worker on first use, reuses it after, replaces it when it died or was retired. */
export class WorkerPool {
  private readonly workers = new Map<string, FunctionWorker>();
  private readonly all = new Set<FunctionWorker>();
  private readonly envOverrides = new Map<string, Record<string, string>>();

  constructor(private readonly opts: WorkerPoolOptions) {}

  /**
   * Returns a booted worker; throws BootError when the function cannot start. `name` is the
   * function's name, or `name#profile` for a test env profile (its own worker with its own env).
   */
  async acquire(name: string, entryFile: string, importMap?: string): Promise<FunctionWorker> {
    let worker = this.workers.get(name);
    if (!worker || worker.exited || worker.retired) {
      worker = new FunctionWorker(name, entryFile, importMap, this.envOverrides.get(name) ?? {}, this.opts);
      this.workers.set(name, worker);
      this.all.add(worker);
      void worker.ready.then(
        () => undefined,
        () => {
          if (this.workers.get(name) === worker) this.workers.delete(name);
        },
      );
    }
    await worker.ready;
    return worker;
  }

  /** Test hook: env for one function's next workers (its current worker is replaced). */
  setEnvOverride(name: string, env: Record<string, string>): void {
    this.envOverrides.set(name, env);
    this.retire(name);
  }

  /** Lets current workers finish what they are doing, then stops them; the next call starts fresh ones. */
  retire(name?: string): void {
    for (const [n, w] of this.workers) {
      if (name !== undefined && n !== name) continue;
      w.retired = true;
      this.workers.delete(n);
      if (w.inflight === 0) void w.kill();
    }
  }

  /** Stops a worker that failed and forgets it, so the next call starts a new one. */
  discard(worker: FunctionWorker): void {
    if (this.workers.get(worker.name) === worker) this.workers.delete(worker.name);
    worker.retired = true;
    void worker.kill();
  }

  async closeAll(): Promise<void> {
    this.workers.clear();
    await Promise.all([...this.all].map((w) => w.kill()));
    this.all.clear();
  }

  /** Drops bookkeeping of workers that have exited (called now and then). */
  prune(): void {
    for (const w of this.all) if (w.exited) this.all.delete(w);
  }
}
