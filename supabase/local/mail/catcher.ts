import http from 'node:http';
import { SMTPServer } from 'smtp-server';
import PostalMime from 'postal-mime';

export interface CaughtMail {
  id: string;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Header names lower-cased (the last one of a repeated name). */
  headers: Record<string, string>;
  receivedAt: string;
}

/**
 * A local mail catcher (the part Inbucket/Mailpit play in Supabase's stack): an SMTP listener that
 * keeps every message in memory, and an HTTP page and JSON API to read them.
 *   GET /api/messages[?to=addr]  newest first     GET /api/messages/:id     DELETE /api/messages
 */
export class MailCatcher {
  readonly messages: CaughtMail[] = [];
  private smtp?: SMTPServer;
  private web?: http.Server;
  smtpPort = 0;
  webPort = 0;
  private seq = 0;

  async start(host: string, smtpPort: number, webPort: number): Promise<void> {
    this.smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      size: 10 * 1024 * 1024,
      onData: (stream, session, done) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          PostalMime.parse(Buffer.concat(chunks))
            .then((parsed) => {
              const rcpt = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
              this.messages.unshift({
                id: String(++this.seq),
                from: parsed.from?.address ?? (session.envelope.mailFrom ? session.envelope.mailFrom.address : ''),
                to: rcpt,
                subject: parsed.subject ?? '',
                text: parsed.text ?? '',
                html: parsed.html ?? '',
                headers: Object.fromEntries(parsed.headers.map((h) => [h.key.toLowerCase(), h.value])),
                receivedAt: new Date().toISOString(),
              });
              if (this.messages.length > 1000) this.messages.length = 1000;
              done();
            })
            .catch((e: Error) => done(e));
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      this.smtp!.once('error', reject);
      this.smtp!.listen(smtpPort, host, () => resolve());
    });
    this.smtpPort = (this.smtp.server.address() as { port: number }).port;
    this.web = http.createServer((req, res) => this.serve(req, res));
    await new Promise<void>((resolve, reject) => {
      this.web!.once('error', reject);
      this.web!.listen(webPort, host, () => resolve());
    });
    this.webPort = (this.web.address() as { port: number }).port;
  }

  private serve(req: http.IncomingMessage, res: http.ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/api/messages' && req.method === 'GET') {
      const to = url.searchParams.get('to')?.toLowerCase();
      return json(200, to ? this.messages.filter((m) => m.to.includes(to)) : this.messages);
    }
    if (url.pathname === '/api/messages' && req.method === 'DELETE') {
      this.messages.length = 0;
      return json(200, { deleted: true });
    }
    const one = /^\/api\/messages\/(\d+)$/.exec(url.pathname);
    if (one) {
      const m = this.messages.find((x) => x.id === one[1]);
      return m ? json(200, m) : json(404, { error: 'not_found', message: 'No such message' });
    }
    if (url.pathname === '/' || url.pathname.startsWith('/m/')) {
      res.writeHead(200, {
        'Content-Type': 'text/html; charset=utf-8',
        'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; frame-src 'self'",
      });
      res.end(this.page(url.pathname.startsWith('/m/') ? url.pathname.slice(3) : undefined));
      return;
    }
    const raw = /^\/raw\/(\d+)$/.exec(url.pathname);
    if (raw) {
      const m = this.messages.find((x) => x.id === raw[1]);
      res.writeHead(m ? 200 : 404, {
        'Content-Type': 'text/html; charset=utf-8',
        'Content-Security-Policy': "default-src 'none'; img-src * data:; style-src 'unsafe-inline'",
      });
      res.end(m ? m.html || `<pre>${escapeHtml(m.text)}</pre>` : 'Not found');
      return;
    }
    json(404, { error: 'not_found', message: 'Not found' });
  }

  private page(selected?: string): string {
    const rows = this.messages
      .map(
        (m) =>
          `<tr${m.id === selected ? ' class="sel"' : ''}><td><a href="/m/${m.id}">${escapeHtml(m.subject || '(no subject)')}</a></td><td>${escapeHtml(m.to.join(', '))}</td><td>${escapeHtml(m.receivedAt)}</td></tr>`,
      )
      .join('');
    const sel = selected ? this.messages.find((m) => m.id === selected) : undefined;
    return `<!doctype html><meta charset="utf-8"><title>Local mail</title><style>body{font:14px system-ui;margin:2rem;color:#0f172a}table{border-collapse:collapse;width:100%}td,th{padding:.4rem .6rem;border-bottom:1px solid #e2e8f0;text-align:left}.sel{background:#eff6ff}iframe{width:100%;height:60vh;border:1px solid #e2e8f0;margin-top:1rem}</style><h1>Local mail catcher</h1><p>Every e-mail the local stack sends lands here. JSON: <code>/api/messages</code>.</p><table><tr><th>Subject</th><th>To</th><th>Received</th></tr>${rows || '<tr><td colspan=3>No mail yet.</td></tr>'}</table>${sel ? `<iframe sandbox src="/raw/${sel.id}"></iframe>` : ''}`;
  }

  async stop(): Promise<void> {
    await Promise.all([
      new Promise<void>((r) => (this.smtp ? this.smtp.close(() => r()) : r())),
      new Promise<void>((r) => (this.web ? this.web.close(() => r()) : r())),
    ]);
  }
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}
