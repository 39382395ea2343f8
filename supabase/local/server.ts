import http from 'node:http';
import fs from 'node:fs';
import type { StackConfig } from './config.ts';
import { configureRequestGuard, openDatabase, type Database } from './db/index.ts';
import { migrate } from './db/migrate.ts';
import { startAutoAnalyze, type AutoAnalyze } from './db/auto-analyze.ts';
import { MailCatcher } from './mail/catcher.ts';
import { createMailer } from './mail/mailer.ts';
import { applyCors, sendJson } from './http.ts';
import type { Service, StackContext } from './types.ts';
import { createRestService } from './rest/index.ts';
import { createAuthService } from './auth/index.ts';
import { createStorageService } from './storage/index.ts';
import { createFunctionsService } from './functions/index.ts';

export interface RunningStack {
  url: string;
  config: StackConfig;
  db: Database;
  /** Mail catcher web UI / JSON API, when the built-in catcher runs (no SMTP_HOST). */
  mailUrl?: string;
  services: Record<'rest' | 'auth' | 'storage' | 'functions', Service>;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Extra migration folders applied after (sorted with) supabase/migrations, e.g. test fixtures. */
  extraMigrationsDirs?: string[];
}

export async function startStack(config: StackConfig, opts: StartOptions = {}): Promise<RunningStack> {
  const log = (msg: string) => {
    if (config.logLevel !== 'silent') console.log(`[stack] ${msg}`);
  };
  fs.mkdirSync(config.dataDir, { recursive: true });
  configureRequestGuard({ timeoutMs: config.rest.timeoutMs, maxResponseRows: config.rest.maxResponseRows });
  const db = await openDatabase({
    dataDir: `${config.dataDir}/pgdata`,
    databaseUrl: config.databaseUrl,
    pgliteThread: config.pgliteThread,
  });
  let catcher: MailCatcher | undefined;
  let server: http.Server | undefined;
  const services: Partial<RunningStack['services']> = {};
  let autoAnalyze: AutoAnalyze | undefined;
  const stop = async () => {
    await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
    server?.closeAllConnections?.();
    for (const s of Object.values(services)) await s?.close?.().catch(() => undefined);
    await catcher?.stop().catch(() => undefined);
    await autoAnalyze?.stop();
    await db.close().catch(() => undefined);
  };
  try {
    await migrate(db, { migrationsDirs: [config.migrationsDir, ...(opts.extraMigrationsDirs ?? [])], seedFile: config.seedFile, log });
    autoAnalyze = startAutoAnalyze(db);

    let smtp: StackContext['smtpForFunctions'];
    if (config.smtp.host) {
      smtp = {
        host: config.smtp.host,
        port: config.smtp.port ?? 465,
        user: config.smtp.user,
        pass: config.smtp.pass,
        sender: config.smtp.sender,
      };
    } else {
      catcher = new MailCatcher();
      await catcher.start(config.host, config.mailSmtpPort, config.mailWebPort);
      smtp = { host: config.host, port: catcher.smtpPort, sender: config.smtp.sender };
    }
    const ctx: StackContext = { config, db, log, mail: createMailer(smtp), smtpForFunctions: smtp };

    services.rest = await createRestService(ctx);
    services.auth = await createAuthService(ctx);
    services.storage = await createStorageService(ctx);
    services.functions = await createFunctionsService(ctx);
    const mounts: [string, Service][] = [
      ['/rest/v1', services.rest],
      ['/auth/v1', services.auth],
      ['/storage/v1', services.storage],
      ['/functions/v1', services.functions],
    ];

    server = http.createServer(async (req, res) => {
      try {
        if (applyCors(req, res)) return;
        const url = new URL(req.url ?? '/', config.publicUrl);
        for (const [prefix, svc] of mounts) {
          if (url.pathname === prefix || url.pathname.startsWith(prefix + '/')) {
            await svc.handle(req, res, url.pathname.slice(prefix.length) || '/', url);
            return;
          }
        }
        if (url.pathname === '/' || url.pathname === '/health') {
          sendJson(res, 200, {
            name: 'local supabase-compatible stack',
            status: 'ok',
            rest: '/rest/v1',
            auth: '/auth/v1',
            storage: '/storage/v1',
            functions: '/functions/v1',
          });
          return;
        }
        sendJson(res, 404, { message: 'no Route matched with those values' });
      } catch (e) {
        // Services answer their own errors; this is the last line so a bug never leaks a stack trace.
        log(`unhandled error on ${req.method} ${req.url}: ${(e as Error).stack ?? e}`);
        sendJson(res, 500, { message: 'Internal server error' });
      }
    });
    server.keepAliveTimeout = 5000;
    await new Promise<void>((resolve, reject) => {
      server!.once('error', reject);
      server!.listen(config.port, config.host, () => resolve());
    });
    const port = (server.address() as { port: number }).port;
    if (config.port === 0) {
      config.port = port;
      config.publicUrl = `http://${config.host}:${port}`;
    }
    return {
      url: config.publicUrl,
      config,
      db,
      mailUrl: catcher ? `http://${config.host}:${catcher.webPort}` : undefined,
      services: services as RunningStack['services'],
      stop,
    };
  } catch (e) {
    await stop();
    throw e;
  }
}
