import type { IncomingMessage, ServerResponse } from 'node:http';
import type { StackConfig } from './config.ts';
import type { Database } from './db/index.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(msg: MailMessage): Promise<void>;
}

export type Logger = (msg: string) => void;

/** What every service of the local stack is handed. */
export interface StackContext {
  config: StackConfig;
  db: Database;
  mail: Mailer;
  log: Logger;
  /** SMTP settings edge functions use to send mail (the catcher's, or the configured server's). */
  smtpForFunctions: { host: string; port: number; user?: string; pass?: string; sender: string };
}

/** One HTTP service mounted under a prefix (/rest/v1, /auth/v1, ...). `path` is what follows the prefix. */
export interface Service {
  handle(req: IncomingMessage, res: ServerResponse, path: string, url: URL): Promise<void>;
  close?(): Promise<void>;
}
