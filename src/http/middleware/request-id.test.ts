import type { AddressInfo } from 'node:net';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../shared/index.js';
import { closeServer, listen, type ServerType } from '../listen.js';
import { errorHandler } from './error-handler.js';
import { requestId } from './request-id.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function app(): Hono {
  const a = new Hono();
  a.use('*', requestId());
  a.onError(errorHandler(silentLogger));
  a.get('/ok', (c) => c.json({ id: c.get('requestId' as never) }));
  a.get('/headers', (c) => c.json({ ok: true }, 201, { 'x-other': 'kept' }));
  a.get('/boom', () => {
    throw new Error('boom');
  });
  return a;
}

describe('requestId', () => {
  let server: ServerType;
  let base: string;
  beforeAll(async () => {
    server = await listen(app(), 0, silentLogger);
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => closeServer(server));

  // Served by @hono/node-server the header goes on Node's response; app.request() takes c.header().
  const both = (path: string, init?: RequestInit) => Promise.all([fetch(`${base}${path}`, init), app().request(path, init)]);

  it('answers with a new UUID, the one the route sees, when the caller sent none', async () => {
    for (const res of await both('/ok')) {
      expect(res.status).toBe(200);
      const id = res.headers.get('x-request-id');
      expect(id).toMatch(UUID);
      expect(await res.json()).toEqual({ id });
    }
  });

  it("echoes a caller's plain id, and replaces an unsafe or overlong one", async () => {
    for (const res of await both('/ok', { headers: { 'x-request-id': 'req-123' } })) expect(res.headers.get('x-request-id')).toBe('req-123');
    for (const sent of ['req 1;drop', 'x'.repeat(256)]) {
      for (const res of await both('/ok', { headers: { 'x-request-id': sent } })) expect(res.headers.get('x-request-id')).toMatch(UUID);
    }
  });

  it("keeps the route's own headers and status, and is on error answers too", async () => {
    for (const res of await both('/headers')) {
      expect(res.status).toBe(201);
      expect(res.headers.get('x-other')).toBe('kept');
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.headers.get('x-request-id')).toMatch(UUID);
    }
    for (const res of await both('/boom', { headers: { 'x-request-id': 'req-9' } })) {
      expect(res.status).toBe(500);
      expect(res.headers.get('x-request-id')).toBe('req-9');
      expect(await res.json()).toEqual({ error: 'internal_error', requestId: 'req-9' });
    }
  });
});
