import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small web site on 127.0.0.1 for the extension to save pages from. The extension's host
 * permission (the API host, 127.0.0.1 in tests) lets a popup opened in a tab read this tab's
 * URL and title, as activeTab does for the real toolbar popup.
 */
export async function startSite(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const title = path === '/' ? 'Home' : decodeURIComponent(path.slice(1)).replace(/[-/]/g, ' ');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html><head><title>${title}</title></head><body><h1>${title}</h1>
      <p><a id="docs" href="https://example.org/docs/getting-started">Getting started guide</a></p></body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
