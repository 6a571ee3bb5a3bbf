import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServed, type Served } from '../e2e/served.js';
import { fuzzParams, hostileBodies, mutated, type RawBody } from './fuzz-arbitraries.js';
import { utf8 } from './fuzz-route.js';
import { FUZZ_ENV, FUZZ_ROUTES } from './fuzz-targets.js';

/**
 * The one pass over real HTTP: `julia serve` as a child process, raw sockets,
 * so what app.request() cannot send gets sent: invalid UTF-8 on the wire,
 * chunked bodies (some malformed), Content-Length that lies either way.
 */
type Framing = 'length' | 'chunked' | 'bad-chunk' | 'length-short' | 'length-long' | 'length-garbage' | 'both';

function frame(path: string, headers: Record<string, string>, body: Uint8Array, framing: Framing, chunk: number): Buffer {
  const h = { host: 'localhost', connection: 'close', ...headers };
  const len = (n: number | string) => ({ 'content-length': String(n) });
  const extra =
    framing === 'length' ? len(body.length)
    : framing === 'length-short' ? len(Math.floor(body.length / 2))
    : framing === 'length-long' ? len(body.length + 1_000)
    : framing === 'length-garbage' ? len('12abc')
    : framing === 'both' ? { ...len(body.length), 'transfer-encoding': 'chunked' }
    : { 'transfer-encoding': 'chunked' };
  const head = `POST ${path} HTTP/1.1\r\n${Object.entries({ ...h, ...extra }).map(([k, v]) => `${k}: ${v}`).join('\r\n')}\r\n\r\n`;
  if (!framing.includes('chunk') && framing !== 'both') return Buffer.concat([Buffer.from(head), body]);
  const parts: Buffer[] = [Buffer.from(head)];
  for (let i = 0; i < body.length; i += chunk) {
    const piece = body.subarray(i, i + chunk);
    parts.push(Buffer.from(`${framing === 'bad-chunk' && i > 0 ? 'zz' : piece.length.toString(16)}\r\n`), Buffer.from(piece), Buffer.from('\r\n'));
  }
  parts.push(Buffer.from('0\r\n\r\n'));
  return Buffer.concat(parts);
}

/** Writes raw bytes, half-closes, and reads the status line; null when the server closed without answering. */
function rawRequest(port: number, bytes: Buffer): Promise<number | null> {
  return new Promise((resolve) => {
    let got = '';
    const sock = connect(port, '127.0.0.1');
    const done = (s: number | null) => {
      clearTimeout(timer);
      sock.destroy();
      resolve(s);
    };
    const timer = setTimeout(() => done(null), 10_000);
    sock.on('data', (d) => {
      got += d.toString('latin1');
      const m = /^HTTP\/1\.1 (\d{3})/.exec(got);
      if (m) done(Number(m[1]));
    });
    sock.on('error', () => done(null));
    sock.on('close', () => done(null));
    sock.end(bytes);
  });
}

const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

describe('julia serve fuzzed over raw HTTP', () => {
  let s: Served;
  let port = 0;

  beforeAll(async () => {
    s = await startServed({ anthropic: () => ({ text: 'Oi! Aqui é a Júlia' }) });
    port = Number(new URL(s.url).port);
    await s.start({ CATCHUP_INTERVAL_MS: '0', ...FUZZ_ENV });
  }, 180_000);

  afterAll(async () => s?.close(), 30_000);

  it('answers only 2xx/4xx (or closes) to any body under any framing, and stays ready with bounded memory', async () => {
    const rssBefore = rssOf(s.pid()!);
    const body = (route: (typeof FUZZ_ROUTES)[number]): fc.Arbitrary<RawBody> =>
      fc.oneof(mutated(route.seeds).map((d) => ({ label: 'mutated', body: utf8(d) })), hostileBodies(route.seeds, route.limit));
    const framing = fc.constantFrom<Framing>('length', 'length', 'chunked', 'bad-chunk', 'length-short', 'length-long', 'length-garbage', 'both');
    const statuses: Array<number | null> = [];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...FUZZ_ROUTES).chain((route) => fc.tuple(fc.constant(route), body(route), framing, fc.integer({ min: 1, max: 70_000 }))),
        async ([route, raw, how, chunk]) => {
          const headers = { ...route.auth(raw.body), ...(raw.contentType === '' ? {} : { 'content-type': raw.contentType ?? 'application/json' }) };
          const status = await rawRequest(port, frame(route.path, headers, raw.body, how, chunk));
          statuses.push(status);
          expect(status === null || (status >= 200 && status < 300) || (status >= 400 && status < 500), `${route.name} ${raw.label} ${how}: ${status}`).toBe(true);
        },
      ),
      fuzzParams(40),
    );
    // Most requests must really be answered: a server that closes everything would pass the above.
    expect(statuses.filter((s) => s !== null).length).toBeGreaterThan(statuses.length / 2);
    expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
    expect(s.running()).toBe(true);
    expect(s.output()).not.toMatch(/unhandled error|Maximum call stack|uncaught/i);
    // Bodies are capped at 1 MB and read one request at a time: 256 MB of growth
    // would mean bodies are being kept (V8 grows its heap lazily, so some growth is normal).
    expect(rssOf(s.pid()!) - rssBefore).toBeLessThan(256 * 1024 * 1024);
  }, 240_000);
});
