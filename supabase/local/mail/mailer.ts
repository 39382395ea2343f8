import nodemailer from 'nodemailer';
import type { Mailer, MailMessage } from '../types.ts';

export function createMailer(opts: { host: string; port: number; user?: string; pass?: string; sender: string }): Mailer {
  const transport = nodemailer.createTransport({
    host: opts.host,
    port: opts.port,
    secure: opts.port === 465,
    auth: opts.user ? { user: opts.user, pass: opts.pass ?? '' } : undefined,
    // The local catcher speaks plain SMTP; a real server upgrades with STARTTLS when it offers it.
    ignoreTLS: opts.host === '127.0.0.1' || opts.host === 'localhost',
  });
  return {
    async send(msg: MailMessage) {
      await transport.sendMail({ from: opts.sender, to: msg.to, subject: msg.subject, text: msg.text, html: msg.html });
    },
  };
}
