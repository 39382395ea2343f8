import { createHash } from 'node:crypto';
import { startFakeServer, type FakeServer } from './server.ts';

export interface FakeHibp extends FakeServer {
  /** Passwords this fake reports as breached. */
  pwned: Set<string>;
  /** When false, every request answers 503 (HIBP down). */
  up: boolean;
}

const sha1 = (s: string) => createHash('sha1').update(s).digest('hex').toUpperCase();

/** Fake Pwned Passwords range API: GET /range/{5 hex} -> "SUFFIX:COUNT" lines, with padding lines. */
export async function startFakeHibp(): Promise<FakeHibp> {
  const state = { pwned: new Set<string>(), up: true };
  const server = await startFakeServer((req, res) => {
    const match = /^\/range\/([0-9A-F]{5})$/i.exec(req.path);
    if (!state.up) {
      res.writeHead(503);
      return void res.end('Service Unavailable');
    }
    if (!match) {
      res.writeHead(404);
      return void res.end('Not found');
    }
    const prefix = match[1].toUpperCase();
    const lines = [...state.pwned]
      .map(sha1)
      .filter((h) => h.startsWith(prefix))
      .map((h) => `${h.slice(5)}:42`);
    // Padding, as the real API sends with Add-Padding: entries with count 0.
    for (let i = 0; i < 5; i++) lines.push(`${sha1(`padding-${i}-${prefix}`).slice(5)}:0`);
    res.writeHead(200, { 'Content-Type': 'text/plain' });
    res.end(lines.join('\r\n'));
  });
  return {
    ...server,
    pwned: state.pwned,
    get up() {
      return state.up;
    },
    set up(v: boolean) {
      state.up = v;
    },
  };
}
