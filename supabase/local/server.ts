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
import { scheduleNotificationDrain } from './functions/schedule.ts';

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
  /**
   * Call send-notifications this often (ms) so notification e-mails go out (`npm start`, `npm run
   * stack`: NOTIFICATIONS_DRAIN_MS, default 30 s, 0 = off). Tests leave it off and call the function.
   */
  notificationDrainMs?: number;
}

/**
 * Image URL columns accept only this stack's own storage objects (migration
 * 20261202200001_own_image_urls.sql), so the database is told its public URL on every start; a
 * loopback host is registered under both of its names. URLs are only added, never removed.
 */
async function registerStorageUrl(db: Database, publicUrl: string, log: (msg: string) => void): Promise<void> {
  const urls = new Set([publicUrl]);
  const url = new URL(publicUrl);
  if (url.hostname === '127.0.0.1' || url.hostname === 'localhost') {
    for (const host of ['127.0.0.1', 'localhost']) urls.add(`${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`);
  }
  try {
    for (const u of urls) await db.query('select public.register_storage_url($1)', [u]);
  } catch (e) {
    // A database migrated without that migration (a fixture set) has no such function.
    log(`storage URL not registered: ${(e as Error).message}`);
  }
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
  let drain: { stop(): Promise<void> } | undefined;
  const stop = async () => {
    await drain?.stop();
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
    services.storage = createStorageService(ctx);
    services.functions = createFunctionsService(ctx);
    const mounts: [string, Service][] = [
      ['/rest/v1', services.rest],
      ['/auth/v1', services.auth],
      ['/storage/v1', services.storage],
      ['/functions/v1', services.functions],
    ];

    // The handler answers its own errors (the catch below), so nothing is left to await.
    const respond = async (req: http.IncomingMessage, res: http.ServerResponse) => {
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
        log(`unhandled error on ${req.method} ${req.url}: ${(e as Error)?.stack ?? String(e)}`);
        sendJson(res, 500, { message: 'Internal server error' });
      }
    };
    server = http.createServer((req, res) => void respond(req, res));
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
    await registerStorageUrl(db, config.publicUrl, log);
    if (opts.notificationDrainMs && opts.notificationDrainMs > 0) {
      drain = scheduleNotificationDrain({
        url: config.publicUrl,
        serviceRoleKey: config.serviceRoleKey,
        everyMs: opts.notificationDrainMs,
        log,
      });
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
