import { BlockedError, chooseAddress, parseTarget, type PreviewTarget } from './ssrf.ts';

/**
 * An HTTP GET that can only reach public addresses, SSRF-safe by construction.
 *
 * Why not fetch(): fetch resolves the host itself, after our check, and may get a different answer
 * (DNS rebinding); it also follows redirects to wherever. So, per hop:
 *   1. parseTarget: http(s) only, no credentials;
 *   2. resolve ONCE (Deno.resolveDns A + AAAA; an IP literal is its own answer) and refuse if any
 *      answer is loopback/private/link-local/CGNAT/multicast/unspecified/metadata (ssrf.ts), or
 *      the port is not 80/443;
 *   3. Deno.connect to that checked IP, then for https Deno.startTls(conn, {hostname: host}): SNI
 *      is the host name and the certificate is verified against the host name (Deno's default
 *      roots), exactly as a browser would, while the socket stays on the checked IP;
 *   4. speak HTTP/1.1 ourselves (Connection: close, Accept-Encoding: identity), read at most
 *      `maxBytes`, all within one deadline;
 *   5. on 301/302/303/307/308, resolve Location against the URL and start again at 1 (at most 5).
 */

export interface SafeFetchOptions {
  maxBytes: number;
  deadline: number; // Date.now() value after which everything is abandoned
  accept: string;
  maxRedirects: number;
  /** TEST-ONLY allow-list (ssrf.ts allowListFromEnv); empty in production. */
  allow: readonly string[];
  userAgent: string;
  /** Resolver (tests of the function use the real one; injectable for the unit of this file). */
  resolve?: (host: string) => Promise<string[]>;
}

export interface SafeResponse {
  status: number;
  headers: Headers;
  body: Uint8Array;
  /** The URL that answered (after redirects). */
  url: string;
  /** True when the body was cut at maxBytes. */
  truncated: boolean;
}

export class FetchFailed extends Error {
  constructor(
    readonly code: 'timeout' | 'too_many_redirects' | 'network' | 'bad_response' | 'too_large',
    message: string,
  ) {
    super(message);
  }
}

async function resolveHost(host: string): Promise<string[]> {
  const answers = await Promise.allSettled([Deno.resolveDns(host, 'A'), Deno.resolveDns(host, 'AAAA')]);
  return answers.flatMap((a) => (a.status === 'fulfilled' ? a.value : []));
}

function remaining(deadline: number): number {
  const ms = deadline - Date.now();
  if (ms <= 0) throw new FetchFailed('timeout', 'The site did not answer within 5 s');
  return ms;
}

/** Races a promise against the deadline; on timeout the connection is closed by the caller's finally. */
function withDeadline<T>(p: Promise<T>, deadline: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new FetchFailed('timeout', 'The site did not answer within 5 s')), remaining(deadline));
  });
  // The loser must not become an unhandled rejection (Deno would end the worker): a read on a
  // connection closed after the timeout rejects later, and nobody waits for it any more.
  p.catch(() => undefined);
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

const encoder = new TextEncoder();

function concat(chunks: Uint8Array[], size: number): Uint8Array {
  const out = new Uint8Array(size);
  let o = 0;
  for (const c of chunks) {
    out.set(c, o);
    o += c.byteLength;
  }
  return out;
}

function indexOfCrlfCrlf(buf: Uint8Array, from = 0): number {
  for (let i = Math.max(0, from); i + 3 < buf.length; i++) {
    if (buf[i] === 13 && buf[i + 1] === 10 && buf[i + 2] === 13 && buf[i + 3] === 10) return i;
  }
  return -1;
}

/** Decodes a chunked body as far as it goes (a cut-off body keeps what arrived). */
function dechunk(raw: Uint8Array): Uint8Array {
  const parts: Uint8Array[] = [];
  let size = 0;
  let i = 0;
  while (i < raw.length) {
    let lineEnd = i;
    while (lineEnd + 1 < raw.length && !(raw[lineEnd] === 13 && raw[lineEnd + 1] === 10)) lineEnd++;
    if (lineEnd + 1 >= raw.length) break;
    const len = parseInt(new TextDecoder().decode(raw.subarray(i, lineEnd)).split(';')[0].trim(), 16);
    if (!Number.isFinite(len) || len <= 0) break;
    const start = lineEnd + 2;
    const chunk = raw.subarray(start, Math.min(start + len, raw.length));
    parts.push(chunk);
    size += chunk.byteLength;
    i = start + len + 2;
  }
  return concat(parts, size);
}

/** One request on one connection to the checked address. */
async function requestOnce(target: PreviewTarget, address: string, opts: SafeFetchOptions): Promise<SafeResponse> {
  const tcp = await withDeadline(Deno.connect({ hostname: address, port: target.port, transport: 'tcp' }), opts.deadline);
  let conn: Deno.Conn = tcp;
  try {
    if (target.secure) conn = await withDeadline(Deno.startTls(tcp, { hostname: target.host }), opts.deadline);
    const hostHeader = target.url.host; // keeps a non-default port, and IPv6 brackets
    const path = `${target.url.pathname || '/'}${target.url.search}`;
    const head =
      `GET ${path} HTTP/1.1\r\nHost: ${hostHeader}\r\nUser-Agent: ${opts.userAgent}\r\nAccept: ${opts.accept}\r\n` +
      'Accept-Encoding: identity\r\nAccept-Language: en;q=0.9, *;q=0.5\r\nConnection: close\r\n\r\n';
    await withDeadline(conn.write(encoder.encode(head)), opts.deadline);

    const chunks: Uint8Array[] = [];
    let size = 0;
    let headerEnd = -1;
    let headerBuf: Uint8Array = new Uint8Array(0);
    let contentLength: number | null = null;
    let chunked = false;
    let status = 0;
    const headers = new Headers();
    let truncated = false;
    const buf = new Uint8Array(16 * 1024);
    for (;;) {
      const n = await withDeadline(conn.read(buf), opts.deadline);
      if (n === null) break;
      const piece = buf.slice(0, n);
      if (headerEnd < 0) {
        headerBuf = concat([headerBuf, piece], headerBuf.length + piece.length);
        headerEnd = indexOfCrlfCrlf(headerBuf, headerBuf.length - piece.length - 3);
        if (headerEnd < 0) {
          if (headerBuf.length > 32 * 1024) throw new FetchFailed('bad_response', 'The site sent oversized headers');
          continue;
        }
        const lines = new TextDecoder('latin1').decode(headerBuf.subarray(0, headerEnd)).split('\r\n');
        const m = /^HTTP\/1\.[01] (\d{3})/.exec(lines[0] ?? '');
        if (!m) throw new FetchFailed('bad_response', 'The site did not answer HTTP/1.1');
        status = Number(m[1]);
        for (const line of lines.slice(1)) {
          const colon = line.indexOf(':');
          if (colon > 0) {
            try {
              headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
            } catch {
              // an invalid header value is ignored, as a browser would
            }
          }
        }
        chunked = /chunked/i.test(headers.get('transfer-encoding') ?? '');
        const cl = Number(headers.get('content-length'));
        contentLength = !chunked && headers.has('content-length') && Number.isFinite(cl) ? cl : null;
        // A redirect's body is never needed.
        if (status >= 300 && status < 400) break;
        if (contentLength !== null && contentLength > opts.maxBytes && !opts.accept.startsWith('text/html')) {
          throw new FetchFailed('too_large', 'The file is larger than allowed');
        }
        const rest = headerBuf.subarray(headerEnd + 4);
        if (rest.length) {
          chunks.push(rest);
          size += rest.length;
        }
      } else {
        chunks.push(piece);
        size += piece.length;
      }
      // the raw (possibly chunked) body is allowed a little framing overhead over the limit
      if (size > opts.maxBytes + (chunked ? 64 * 1024 : 0)) {
        truncated = true;
        break;
      }
      if (contentLength !== null && size >= contentLength) break;
    }
    if (headerEnd < 0) throw new FetchFailed('bad_response', 'The site closed the connection without an answer');
    let body = concat(chunks, size);
    if (chunked) body = dechunk(body);
    if (contentLength !== null) body = body.subarray(0, contentLength);
    if (body.length > opts.maxBytes) {
      body = body.subarray(0, opts.maxBytes);
      truncated = true;
    }
    return { status, headers, body, url: target.url.href, truncated };
  } finally {
    try {
      conn.close();
    } catch {
      // already closed
    }
  }
}

/** GET `rawUrl` through the SSRF checks, following at most `maxRedirects` re-checked redirects. */
export async function safeFetch(rawUrl: string, opts: SafeFetchOptions): Promise<SafeResponse> {
  const resolve = opts.resolve ?? resolveHost;
  let url = rawUrl;
  for (let hop = 0; hop <= opts.maxRedirects; hop++) {
    const target = parseTarget(url);
    const addresses = target.literal ? [target.literal] : await withDeadline(resolve(target.host), opts.deadline);
    const address = chooseAddress(target, addresses, opts.allow); // throws BlockedError
    let res: SafeResponse;
    try {
      res = await requestOnce(target, address, opts);
    } catch (e) {
      if (e instanceof FetchFailed || e instanceof BlockedError) throw e;
      throw new FetchFailed('network', `The site could not be reached (${(e as Error).name})`);
    }
    if ([301, 302, 303, 307, 308].includes(res.status)) {
      const location = res.headers.get('location');
      if (!location) return res;
      url = new URL(location, target.url).href;
      continue;
    }
    return res;
  }
  throw new FetchFailed('too_many_redirects', `More than ${opts.maxRedirects} redirects`);
}
