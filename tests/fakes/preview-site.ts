import http from 'node:http';
import { solidPng } from '../setup/png.ts';

/**
 * A small real website on 127.0.0.1 for link previews (the only outside world the
 * link-preview function meets in tests). Pages cover real-world head variants and the SSRF /
 * limit cases; every request is recorded so tests can prove what was (not) fetched.
 */

/** A valid PNG of `size`×`size` pixels of one colour. */
function makePng(size = 16, rgb: [number, number, number] = [30, 120, 220]): Buffer {
  return solidPng(rgb, size, size);
}

/** A one-image ICO wrapping a PNG (what /favicon.ico usually is). */
function makeIco(png = makePng(16)): Buffer {
  const header = Buffer.from([0, 0, 1, 0, 1, 0, 16, 16, 0, 0, 1, 0, 32, 0, 0, 0, 0, 0, 22, 0, 0, 0]);
  header.writeUInt32LE(png.length, 14);
  return Buffer.concat([header, png]);
}

export const ICON_PNG = makePng(32, [220, 60, 40]);
export const OG_PNG = makePng(64, [40, 160, 90]);
export const FAVICON_ICO = makeIco();

export interface PreviewSite {
  url: string;
  /** Same site as http://localhost:<port> (a DNS name that resolves to loopback). */
  localhostUrl: string;
  port: number;
  requests: string[];
  /** The User-Agent of each request, in order. */
  userAgents: string[];
  /** Extra delay before each page answer (bench / slow-site tests). */
  delayMs: number;
  close(): Promise<void>;
}

const FULL_HEAD = (title: string) => `<!doctype html><html lang="en"><head>
<meta charset="utf-8">
<title>Ignored when og:title exists</title>
<meta property="og:title" content="${title}">
<meta property="og:description" content="A page about &amp; for previews.">
<meta property="og:site_name" content="Preview Site">
<meta property="og:image" content="/og.png">
<link rel="stylesheet" href="/style.css">
<link rel="icon" type="image/svg+xml" href="/icon.svg">
<link rel="icon" href="/icon.png" sizes="32x32">
</head><body><h1>Hello</h1></body></html>`;

export async function startPreviewSite(): Promise<PreviewSite> {
  const requests: string[] = [];
  const userAgents: string[] = [];
  const site = { delayMs: 0 };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://site');
    requests.push(url.pathname + url.search);
    userAgents.push(String(req.headers['user-agent'] ?? ''));
    const html = (body: string, status = 200, type = 'text/html; charset=utf-8') => {
      res.writeHead(status, { 'Content-Type': type });
      res.end(body);
    };
    const answer = () => {
      switch (url.pathname) {
        case '/':
        case '/full':
          return html(FULL_HEAD(url.searchParams.get('title') ?? 'Full Preview Page'));
        case '/plain':
          // Only <title>, with entities and whitespace; no icon links: /favicon.ico is the fallback.
          return html('<html><head><title>\n  Plain &amp; Simple   Page </title></head><body>x</body></html>');
        case '/twitter':
          // Upper-case tags, unquoted attributes, name= instead of property=, a relative <base>.
          return html(
            '<HTML><HEAD><META NAME=twitter:title CONTENT="Tweet Card Title"><META name="twitter:description" content="Card description">' +
              '<BASE HREF="/assets/"><LINK REL="apple-touch-icon" HREF="touch.png"><meta name=twitter:image content=card.png></HEAD><BODY></BODY></HTML>',
          );
        case '/latin1':
          res.writeHead(200, { 'Content-Type': 'text/html; charset=iso-8859-1' });
          return res.end(Buffer.from('<title>Caf\xe9 cr\xe8me</title><meta name="description" content="Ol\xe9">', 'latin1'));
        case '/svg-only':
          // An SVG icon, an "icon.ico" that is SVG inside, and an og:image that is HTML: none is stored,
          // the /favicon.ico fallback (a real ICO) is.
          return html(
            '<title>SVG only</title><link rel="icon" href="/icon.svg"><link rel="icon" href="/svg-inside.ico"><meta property="og:image" content="/not-an-image.png">',
          );
        case '/icon.png':
        case '/assets/touch.png':
          res.writeHead(200, { 'Content-Type': 'image/png' });
          return res.end(ICON_PNG);
        case '/og.png':
        case '/assets/card.png':
          res.writeHead(200, { 'Content-Type': 'image/png' });
          return res.end(OG_PNG);
        case '/svg-inside.ico':
          res.writeHead(200, { 'Content-Type': 'image/x-icon' });
          return res.end('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
        case '/favicon.ico':
          res.writeHead(200, { 'Content-Type': 'image/x-icon' });
          return res.end(FAVICON_ICO);
        case '/icon.svg':
          res.writeHead(200, { 'Content-Type': 'image/svg+xml' });
          return res.end('<svg xmlns="http://www.w3.org/2000/svg"></svg>');
        case '/not-an-image.png':
          return html('<html>not an image</html>', 200, 'image/png');
        case '/huge-icon':
          return html(`<title>Huge icon</title><link rel="icon" href="/huge.png">`);
        case '/huge.png':
          res.writeHead(200, { 'Content-Type': 'image/png' });
          return res.end(Buffer.concat([ICON_PNG.subarray(0, 16), Buffer.alloc(600 * 1024)]));
        case '/redirect':
          res.writeHead(302, { Location: '/full?title=After%20Redirect' });
          return res.end();
        case '/redirect-private':
          res.writeHead(302, { Location: 'http://169.254.169.254/latest/meta-data/' });
          return res.end();
        case '/redirect-loopback':
          res.writeHead(301, { Location: `http://127.0.0.2:${port}/full` });
          return res.end();
        case '/redirect-loop':
          res.writeHead(302, { Location: `/redirect-loop?n=${Number(url.searchParams.get('n') ?? 0) + 1}` });
          return res.end();
        case '/big':
          // 2 MB of padding before the <title>: only 1 MB is read, so no title is found.
          res.writeHead(200, { 'Content-Type': 'text/html' });
          res.write(`<html><head><!-- ${'x'.repeat(2 * 1024 * 1024)} -->`);
          return res.end('<title>Beyond the limit</title></head></html>');
        case '/slow':
          res.writeHead(200, { 'Content-Type': 'text/html' });
          res.write('<html><head>');
          // never finishes within the function's 5 s; closed when the site stops
          return;
        case '/json':
          res.writeHead(200, { 'Content-Type': 'application/json' });
          return res.end('{"title":"not html"}');
        case '/chunked':
          res.writeHead(200, { 'Content-Type': 'text/html', 'Transfer-Encoding': 'chunked' });
          res.write('<html><head><title>Chunked');
          res.write(' Title</title>');
          return res.end('</head></html>');
        default:
          return html('<title>Not found</title>', 404);
      }
    };
    if (site.delayMs > 0) setTimeout(answer, site.delayMs);
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}`,
    localhostUrl: `http://localhost:${port}`,
    port,
    requests,
    userAgents,
    get delayMs() {
      return site.delayMs;
    },
    set delayMs(ms: number) {
      site.delayMs = ms;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
