import http from 'node:http';
import { Transform, type TransformCallback } from 'node:stream';
import { discardBody, sendJson } from '../http.ts';
import type { FunctionWorker } from './worker-pool.ts';

// Headers that describe one hop, not the message: never forwarded.
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'proxy-authorization',
  'proxy-authenticate',
]);

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

class BodyLimit extends Transform {
  private size = 0;
  constructor(private readonly limit: number) {
    super();
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.limit) done(new PayloadTooLarge());
    else done(null, chunk);
  }
}

class PayloadTooLarge extends Error {}

function forwardable(headers: http.IncomingHttpHeaders | http.OutgoingHttpHeaders): http.OutgoingHttpHeaders {
  const out: http.OutgoingHttpHeaders = {};
  for (const [k, v] of Object.entries(headers)) {
    if (v !== undefined && !HOP_BY_HOP.has(k.toLowerCase())) out[k] = v;
  }
  return out;
}

export interface ProxyOptions {
  /** Path the function sees, as on hosted Supabase: /<name>[/rest][?query]. */
  path: string;
  maxBody: number;
  timeoutMs: number;
}

/**
 * Streams the request to the worker and the answer back. Always ends the client's response:
 * 413 for an oversized body, 502 when the worker dies mid-request, 504 on timeout.
 */
export type ProxyOutcome = 'answered' | 'worker_failed';

export function proxyToWorker(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  worker: FunctionWorker,
  opts: ProxyOptions,
): Promise<ProxyOutcome> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > opts.maxBody) {
    discardBody(req);
    sendJson(res, 413, { code: 'PAYLOAD_TOO_LARGE', message: `Request body exceeds ${opts.maxBody} bytes` });
    return Promise.resolve('answered');
  }
  return new Promise<ProxyOutcome>((resolve) => {
    let settled = false;
    const finish = (status?: number, body?: Record<string, unknown>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (status && body) {
        // A refused body is discarded while the 413 goes out (the connection stays usable); after
        // a worker failure the connection is closed.
        if (!res.headersSent) sendJson(res, status, body, status === 413 ? {} : { Connection: 'close' });
        else res.destroy();
      }
      resolve(body === workerGone ? 'worker_failed' : 'answered');
    };
    const headers = forwardable(req.headers);
    headers['x-lv-worker-secret'] = worker.secret;
    headers['x-forwarded-for'] = req.socket.remoteAddress ?? '';
    const upstream = http.request(
      { host: '127.0.0.1', port: worker.port, method: req.method, path: opts.path, headers, agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, forwardable(answer.headers));
        answer.pipe(res);
        answer.once('end', () => finish());
        answer.once('error', () => finish(502, workerGone));
      },
    );
    const timer = setTimeout(() => {
      upstream.destroy();
      finish(504, { code: 'WORKER_TIMEOUT', message: `The function did not answer within ${Math.round(opts.timeoutMs / 1000)} s` });
    }, opts.timeoutMs);
    upstream.once('error', () => finish(502, workerGone));
    res.once('close', () => {
      // The client went away: stop the work on its behalf.
      if (!res.writableFinished) upstream.destroy();
      finish();
    });
    const limiter = new BodyLimit(opts.maxBody);
    limiter.once('error', (e) => {
      upstream.destroy();
      req.unpipe(limiter);
      discardBody(req);
      if (e instanceof PayloadTooLarge) finish(413, { code: 'PAYLOAD_TOO_LARGE', message: `Request body exceeds ${opts.maxBody} bytes` });
      else finish(400, { code: 'BAD_REQUEST', message: 'Could not read the request body' });
    });
    req.once('error', () => limiter.destroy(new Error('client aborted')));
    req.pipe(limiter).pipe(upstream);
  });
}

const workerGone = { code: 'WORKER_ERROR', message: 'The function worker stopped before answering; the next call starts a new one' };
