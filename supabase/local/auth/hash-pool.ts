import { Worker } from 'node:worker_threads';

/**
 * bcrypt off the stack's HTTP thread: a small pool of worker threads (hash-worker.mjs) that hash and
 * compare passwords, one call at a time each, in the order asked. A sign-in costs one bcrypt
 * comparison (about 65 ms of CPU at cost 10) and a password change up to seven (the current password
 * and the last five are compared, then the new one is hashed); on the HTTP thread a burst of them
 * made every other request wait, whoever sent it.
 *
 * Sized for these machines' two cores: one core for bcrypt, the other for HTTP and PGlite's own
 * worker thread (config `hashThreads`: available cores - 1, at least 1, at most 2; AUTH_HASH_THREADS). Workers
 * start on first use and keep the process alive only while a call is pending.
 */
export interface PasswordHasher {
  hash(password: string, cost: number): Promise<string>;
  compare(password: string, hash: string): Promise<boolean>;
  close(): Promise<void>;
}

interface Job {
  message: { op: 'hash'; password: string; cost: number } | { op: 'compare'; password: string; hash: string };
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  busy: Job | null;
}

export function createHashPool(threads: number): PasswordHasher {
  const size = Math.max(1, Math.floor(threads));
  const slots: Slot[] = [];
  const queue: Job[] = [];
  let nextId = 1;
  let closed = false;

  const spawn = (): Slot => {
    const worker = new Worker(new URL('./hash-worker.mjs', import.meta.url));
    const slot: Slot = { worker, busy: null };
    worker.on('message', (m: { ok: boolean; result?: unknown; error?: string }) => {
      const job = slot.busy;
      slot.busy = null;
      if (job) {
        if (m.ok) job.resolve(m.result);
        else job.reject(new Error(m.error ?? 'password hashing failed'));
      }
      pump();
    });
    const lost = (e: Error) => {
      const job = slot.busy;
      slot.busy = null;
      const at = slots.indexOf(slot);
      if (at >= 0) slots.splice(at, 1);
      job?.reject(e);
      if (!closed) pump();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`the password hashing worker exited (code ${code})`)));
    worker.unref();
    slots.push(slot);
    return slot;
  };

  function pump(): void {
    while (queue.length > 0 && !closed) {
      const slot = slots.find((s) => !s.busy) ?? (slots.length < size ? spawn() : undefined);
      if (!slot) return;
      const job = queue.shift()!;
      slot.busy = job;
      slot.worker.ref();
      slot.worker.postMessage({ id: nextId++, ...job.message });
    }
    for (const s of slots) if (!s.busy) s.worker.unref();
  }

  const run = <T>(message: Job['message']): Promise<T> => {
    if (closed) return Promise.reject(new Error('the password hashing pool is closed'));
    return new Promise<T>((resolve, reject) => {
      queue.push({ message, resolve: resolve as (value: unknown) => void, reject });
      pump();
    });
  };

  return {
    hash: (password, cost) => run<string>({ op: 'hash', password, cost }),
    compare: (password, hash) => run<boolean>({ op: 'compare', password, hash }),
    async close() {
      closed = true;
      const error = new Error('the password hashing pool is closed');
      for (const job of queue.splice(0)) job.reject(error);
      await Promise.all(slots.splice(0).map((s) => s.worker.terminate()));
    },
  };
}
