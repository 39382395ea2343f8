import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';

/**
 * A throwaway PostgreSQL 15 cluster from Debian's postgresql-15 binaries: temp data dir, unix
 * socket only (in the temp dir, no TCP), random port number. initdb/pg_ctl refuse to run as root,
 * so they run as the `postgres` OS user.
 */
export const PG15_BIN = '/usr/lib/postgresql/15/bin';

/** Why the cluster cannot start here, or undefined when it can. */
export function pg15Unavailable(): string | undefined {
  for (const tool of ['initdb', 'pg_ctl', 'postgres']) {
    if (!fs.existsSync(path.join(PG15_BIN, tool)))
      return `no PostgreSQL 15 server binaries (${path.join(PG15_BIN, tool)} is missing; apt-get install postgresql-15)`;
  }
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot) {
    try {
      execFileSync('id', ['-u', 'postgres'], { stdio: 'ignore' });
    } catch {
      return 'running as root but there is no `postgres` OS user to run initdb as';
    }
  }
  return undefined;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface Pg15Cluster {
  databaseUrl: string;
  version: string;
  /** Stops the server at once (pg_ctl -m immediate, synchronous) and removes its directory. */
  stop(): void;
}

/**
 * `superuser` names the bootstrap superuser (default postgres); the hosted shape
 * (tests/db/hosted-shape.ts) uses supabase_admin, as hosted Supabase does, so that `postgres`
 * can be an ordinary role. `bin` picks another server build (tests/db/pg17.ts).
 */
export async function startPg15(opts: { superuser?: string; bin?: string } = {}): Promise<Pg15Cluster> {
  const superuser = opts.superuser ?? 'postgres';
  const bin = opts.bin ?? PG15_BIN;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pg15-'));
  const dataDir = path.join(dir, 'data');
  const asPostgres = (cmd: string, args: string[]) =>
    isRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', cmd, ...args], { stdio: 'pipe' })
      : execFileSync(cmd, args, { stdio: 'pipe' });
  if (isRoot) execFileSync('chown', ['postgres:postgres', dir]);
  const port = await freePort();
  const cleanup = () => fs.rmSync(dir, { recursive: true, force: true });
  try {
    asPostgres(path.join(bin, 'initdb'), ['-D', dataDir, '-U', superuser, '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
    asPostgres(path.join(bin, 'pg_ctl'), [
      '-D',
      dataDir,
      '-l',
      path.join(dir, 'server.log'),
      '-w',
      '-t',
      '60',
      '-o',
      `-c listen_addresses='' -k ${dir} -p ${port} -c fsync=off -c full_page_writes=off -c synchronous_commit=off`,
      'start',
    ]);
  } catch (e) {
    const log = fs.existsSync(path.join(dir, 'server.log')) ? fs.readFileSync(path.join(dir, 'server.log'), 'utf8') : '';
    cleanup();
    throw new Error(`could not start PostgreSQL 15: ${(e as Error).message}\n${log}`);
  }
  const version = execFileSync(path.join(bin, 'postgres'), ['--version']).toString().trim();
  return {
    databaseUrl: `postgresql://${superuser}@localhost:${port}/postgres?host=${encodeURIComponent(dir)}`,
    version,
    stop() {
      try {
        asPostgres(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        cleanup();
      }
    },
  };
}
