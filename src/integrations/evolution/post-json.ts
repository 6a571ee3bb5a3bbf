import http from 'node:http';
import https from 'node:https';
import { BodyTooLargeError } from './read-capped.js';

/**
 * One POST to Evolution on node:http with keep-alive connections. fetch (undici
 * with web streams and an AbortSignal per call) was about a quarter of an
 * outbound worker's CPU in bench/outbound.ts; Evolution is called once per
 * send and twice more per turn (read receipt, presence).
 *
 * Errors keep the shapes the client classifies by: a socket error carries its
 * `code` (ECONNREFUSED...: the request never left), a timeout before the
 * connection was made is UND_ERR_CONNECT_TIMEOUT (never left either), a
 * timeout after it is TimeoutError (it may have arrived: in doubt).
 */
const agents = {
  // Idle sockets are dropped before Node's default server keep-alive (5 s) would close them under us.
  'http:': new http.Agent({ keepAlive: true, timeout: 4_000 }),
  'https:': new https.Agent({ keepAlive: true, timeout: 4_000 }),
};

export interface PostResult {
  status: number;
  text: string;
}

export function postJson(url: string, headers: Record<string, string>, body: string, opts: { timeoutMs: number; maxBytes: number }): Promise<PostResult> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const lib = target.protocol === 'https:' ? https : http;
    const agent = target.protocol === 'https:' ? agents['https:'] : agents['http:'];
    let connected = false;
    let settled = false;
    const finish = (err: Error | undefined, result?: PostResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (err) reject(err);
      else resolve(result!);
    };
    const req = lib.request(target, { method: 'POST', agent, headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) } }, (res) => {
      const status = res.statusCode ?? 0;
      const tooLarge = () => {
        // Settled first: destroying the response reports an abort of its own.
        finish(Object.assign(new BodyTooLargeError(opts.maxBytes), { status }));
        res.destroy();
      };
      const declared = Number(res.headers['content-length'] ?? NaN);
      if (Number.isFinite(declared) && declared > opts.maxBytes) return tooLarge();
      const chunks: Buffer[] = [];
      let total = 0;
      res.on('data', (chunk: Buffer) => {
        total += chunk.byteLength;
        // An undeclared or lying length is cut off while streaming: a 40 MB video never lands whole.
        if (total > opts.maxBytes) return tooLarge();
        chunks.push(chunk);
      });
      res.on('end', () => finish(undefined, { status, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', (err) => finish(err));
      res.on('aborted', () => finish(Object.assign(new Error('response aborted'), { code: 'ECONNRESET' })));
    });
    const timer = setTimeout(() => {
      const err = connected ? Object.assign(new Error('request timed out'), { name: 'TimeoutError' }) : Object.assign(new Error('connect timed out'), { code: 'UND_ERR_CONNECT_TIMEOUT' });
      finish(err);
      req.destroy(err);
    }, opts.timeoutMs);
    req.on('socket', (socket) => {
      if (!socket.connecting) connected = true;
      else socket.once('connect', () => (connected = true));
    });
    req.on('error', (err) => finish(err));
    req.end(body);
  });
}
