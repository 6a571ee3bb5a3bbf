import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../shared/index.js';
import { closeServer, listen, type ServerType } from '../listen.js';
import { bodyLimit } from './body-limit.js';

const CAP = 1_000;
const app = () => new Hono().use('*', bodyLimit(CAP)).post('/', async (c) => c.json({ bytes: (await c.req.text()).length }));

/** A raw POST, with Content-Length or chunked, so both header paths are exercised on a real socket. */
function post(port: number, body: string, chunked: boolean): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': Buffer.byteLength(body) };
    const req = request({ port, method: 'POST', path: '/', headers }, (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    if (chunked) for (let i = 0; i < body.length; i += 100) req.write(body.slice(i, i + 100));
    else req.write(body);
    req.end();
  });
}

describe('bodyLimit', () => {
  let server: ServerType;
  let port: number;
  beforeAll(async () => {
    server = await listen(app(), 0, silentLogger);
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => closeServer(server));

  it('served by Node: admits a body at the cap and refuses one byte more, declared or chunked', async () => {
    for (const chunked of [false, true]) {
      expect(await post(port, 'x'.repeat(CAP), chunked)).toEqual({ status: 200, body: JSON.stringify({ bytes: CAP }) });
      const over = await post(port, 'x'.repeat(CAP + 1), chunked);
      expect(over.status).toBe(413);
      expect(JSON.parse(over.body)).toEqual({ error: 'payload_too_large', maxBytes: CAP });
    }
  });

  it('through app.request() (no Node request): the same rule from the headers Hono sees', async () => {
    const ok = await app().request('/', { method: 'POST', body: 'x'.repeat(CAP), headers: { 'content-length': String(CAP) } });
    expect(ok.status).toBe(200);
    const over = await app().request('/', { method: 'POST', body: 'x'.repeat(CAP + 1), headers: { 'content-length': String(CAP + 1) } });
    expect(over.status).toBe(413);
  });
});
