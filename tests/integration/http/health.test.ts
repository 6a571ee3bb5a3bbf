import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { createApp, type App } from '../../../src/app.js';
import { createHttpApp } from '../../../src/http/index.js';
import { silentLogger } from '../../../src/shared/index.js';
import { createTestDb } from '../../helpers/test-db.js';
import { testConfig } from '../../helpers/test-config.js';
import { testPrefix } from '../../helpers/test-redis.js';
import { teardown } from '../../helpers/teardown.js';

describe('health endpoints', () => {
  let app: App;
  const prefix = testPrefix('health');
  beforeAll(async () => {
    app = await createApp(testConfig(), { db: await createTestDb(), redisPrefix: prefix, logger: silentLogger });
  });
  afterAll(() => teardown(prefix, app));

  it('healthz answers while the process lives', async () => {
    const res = await app.http.request('/healthz');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
  });

  it('readyz is 200 when the database and Redis answer, with a request id', async () => {
    const res = await app.http.request('/readyz');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ready: true, database: 'ok', redis: 'ok' });
    expect(res.headers.get('x-request-id')).toMatch(/.+/);
  });

  it('readyz is 503 when Redis is unreachable', async () => {
    const down = await createApp(testConfig({ REDIS_URL: 'redis://127.0.0.1:1' }), {
      db: await createTestDb(),
      logger: silentLogger,
      redisPrefix: testPrefix('down'),
    });
    try {
      const res = await down.http.request('/readyz');
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ ready: false, database: 'ok', redis: 'down' });
    } finally {
      await down.close();
    }
  });

  it('readyz is 503 when the database is closed', async () => {
    const db = await createTestDb();
    const http = createHttpApp({
      logger: silentLogger,
      health: { checks: { database: async () => (await db.rpc<{ ok: boolean }>('julia_ping')).ok, redis: async () => true } },
    });
    await db.close();
    const res = await http.request('/readyz');
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ database: 'down', redis: 'ok' });
  });
});

describe('error handler', () => {
  it('answers 500 with a request id and never the stack or the message', async () => {
    const boom = new Hono().get('/', () => {
      throw new Error('secret detail at /srv/app/db.ts:42');
    });
    const http = createHttpApp({ logger: silentLogger, health: { checks: {} }, mounts: [{ path: '/boom', app: boom }] });
    const res = await http.request('/boom', { headers: { 'x-request-id': 'req-123' } });
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(text).not.toContain('secret detail');
    expect(text).not.toContain('db.ts');
    expect(JSON.parse(text)).toEqual({ error: 'internal_error', requestId: 'req-123' });
  });

  it('answers unknown paths with a JSON 404', async () => {
    const http = createHttpApp({ logger: silentLogger, health: { checks: {} } });
    const res = await http.request('/nope');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'not_found' });
  });
});
