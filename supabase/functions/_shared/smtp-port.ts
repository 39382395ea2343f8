/**
 * The SMTP port for outgoing mail (SMTP_PORT). Hosted Supabase Edge Functions may not connect out
 * to ports 25 and 587, so the default is 465 (SMTP over implicit TLS), and 25/587 are refused with
 * a message that says so instead of a connection that hangs until it times out.
 */
export function smtpPortFrom(raw: string | undefined): { port: number; secure: boolean } {
  if (raw === undefined || raw.trim() === '') return { port: 465, secure: true };
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`SMTP_PORT must be a port number such as 465; got "${raw}"`);
  if (port === 25 || port === 587) {
    throw new Error(
      `SMTP_PORT ${port} is blocked for Supabase Edge Functions: use 465 (implicit TLS) or another port your provider offers (e.g. 2525)`,
    );
  }
  return { port, secure: port === 465 };
}
