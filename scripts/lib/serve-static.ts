import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};
/** Sent with every page of the app (its HTML): no other site may frame it. */
const APP_PAGE_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': "frame-ancestors 'none'",
  'X-Frame-Options': 'DENY',
};

/** A Vary header that keeps what a `handle` hook already set (e.g. Sec-Fetch-Site for /share/…). */
const vary = (res: http.ServerResponse, name: string) => [res.getHeader('Vary'), name].filter(Boolean).join(', ');

const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.svg', '.txt', '.webmanifest']);

export interface ServeStaticOptions {
  /** Rewrites index.html for a client-routed path (e.g. Open Graph tags for /{slug}); not cached. */
  transformIndex?: (pathname: string, html: string) => Promise<string>;
  /** Answers a request before the files (e.g. /api/* forwarding, POST /share/receive); true when it did. */
  handle?: (req: http.IncomingMessage, res: http.ServerResponse) => Promise<boolean>;
}

/**
 * Serves a built single-page app: files from `root`, index.html for every other path (client routing),
 * gzip when the browser accepts it, long cache for hashed assets.
 */
export function serveStatic(root: string, port: number, host = '127.0.0.1', options: ServeStaticOptions = {}): Promise<http.Server> {
  const gzCache = new Map<string, Buffer>();
  const respond = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (options.handle) {
      try {
        if (await options.handle(req, res)) return;
      } catch {
        if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Internal error');
        return;
      }
    }
    const url = new URL(req.url ?? '/', 'http://localhost');
    let rel: string;
    try {
      rel = decodeURIComponent(url.pathname);
    } catch {
      res.writeHead(400).end('Bad request');
      return;
    }
    let file = path.join(root, path.normalize(rel).replace(/^([/\\])+/, ''));
    const found = file.startsWith(root) && fs.existsSync(file) && !fs.statSync(file).isDirectory();
    if (!found && rel.startsWith('/assets/')) {
      // A build's hashed files: a missing one is an old or wrong name, never a page of the app (the
      // app's HTML under an immutable year-long cache would stay wrong for whoever asked).
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' });
      res.end(req.method === 'HEAD' ? undefined : 'Not found');
      return;
    }
    if (!found) file = path.join(root, 'index.html');
    const ext = path.extname(file);
    const headers: Record<string, string> = {
      'Content-Type': TYPES[ext] ?? 'application/octet-stream',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'Cache-Control': found && rel.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    };
    // The app's pages are never framed by another site (clickjacking: a hidden frame of /share/… or
    // a settings page under someone else's buttons).
    if (ext === '.html') Object.assign(headers, APP_PAGE_HEADERS);
    let body: Buffer = fs.readFileSync(file);
    let transformed = false;
    if (options.transformIndex && ext === '.html' && rel !== '/index.html') {
      const html = body.toString('utf8');
      const out = await options.transformIndex(url.pathname, html).catch(() => html);
      transformed = out !== html;
      body = Buffer.from(out, 'utf8');
    }
    if (transformed && COMPRESSIBLE.has(ext) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
      body = zlib.gzipSync(body);
      headers['Content-Encoding'] = 'gzip';
      headers.Vary = vary(res, 'Accept-Encoding');
    } else if (COMPRESSIBLE.has(ext) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
      const cached = gzCache.get(file);
      body = cached ?? zlib.gzipSync(body);
      if (!cached) gzCache.set(file, body);
      headers['Content-Encoding'] = 'gzip';
      headers.Vary = vary(res, 'Accept-Encoding');
    }
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  };
  const server = http.createServer((req, res) => void respond(req, res));
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
