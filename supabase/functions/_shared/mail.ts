import nodemailer from 'nodemailer';
import { env, requireEnv } from './env.ts';
import { smtpPortFrom } from './smtp-port.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers, e.g. List-Unsubscribe (RFC 8058). */
  headers?: Record<string, string>;
}

/**
 * Sends one e-mail over SMTP (SMTP_HOST/PORT/USER/PASS/SENDER). Locally that is the stack's mail
 * catcher; on hosted Supabase set these as function secrets (any SMTP provider).
 */
export async function sendMail(mail: OutgoingMail): Promise<void> {
  const { port, secure } = smtpPortFrom(env('SMTP_PORT'));
  const user = env('SMTP_USER');
  const transport = nodemailer.createTransport({
    host: requireEnv('SMTP_HOST'),
    port,
    secure,
    auth: user ? { user, pass: env('SMTP_PASS') ?? '' } : undefined,
    // The client name in HELO; without it nodemailer asks the OS for the hostname (a permission Deno does not grant).
    name: 'localhost',
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  try {
    await transport.sendMail({ from: env('SMTP_SENDER') ?? 'no-reply@localhost', ...mail });
  } finally {
    transport.close();
  }
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
