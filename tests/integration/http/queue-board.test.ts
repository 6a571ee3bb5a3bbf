import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../../src/app.js';
import { silentLogger } from '../../../src/shared/index.js';
import { createTestDb } from '../../helpers/test-db.js';
import { testConfig } from '../../helpers/test-config.js';
import { dropPrefix, testPrefix, testRedis } from '../../helpers/test-redis.js';

const TOKEN = 'admin-token-0123456789abcdef';
const basic = (password: string) => `Basic ${Buffer.from(`ops:${password}`).toString('base64')}`;

describe('Bull Board at /admin/queues', () => {
  const prefix = testPrefix('board');
  let app: App;
  let off: App;
  let writable: App;
  beforeAll(async () => {
    writable = await createApp(testConfig({ ADMIN_TOKEN: TOKEN, ADMIN_QUEUE_WRITE: 'on' }), { db: await createTestDb(), redisPrefix: `${prefix}-rw`, logger: silentLogger });
    app = await createApp(testConfig({ ADMIN_TOKEN: TOKEN }), { db: await createTestDb(), redisPrefix: prefix, logger: silentLogger });
    off = await createApp(testConfig(), { db: await createTestDb(), redisPrefix: `${prefix}-off`, logger: silentLogger });
  });
  afterAll(async () => {
    await app.close();
    await off.close();
    await writable.close();
    const r = testRedis();
    for (const p of [prefix, `${prefix}-off`, `${prefix}-rw`]) await dropPrefix(r, p);
    r.disconnect();
  });

  it('asks for credentials without a token or with a wrong one', async () => {
    for (const headers of [{}, { authorization: 'Bearer wrong-token-0123456789abcd' }, { authorization: basic('nope') }] as Array<Record<string, string>>) {
      const res = await app.http.request('/admin/queues', { headers });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/^Basic/);
    }
    expect((await app.http.request('/admin/queues/api/queues')).status).toBe(401);
  });

  it('serves the UI and the queues API to the operator (bearer or browser basic auth)', async () => {
    const page = await app.http.request('/admin/queues', { headers: { authorization: basic(TOKEN) } });
    expect(page.status).toBe(200);
    const html = await page.text();
    // The UI's own assets are served under the same guarded path.
    expect(html).toContain('/admin/queues/');
    const file = /src="(static\/js\/main[^"]+\.js)"/.exec(html)?.[1];
    expect(file).toBeDefined();
    const asset = `/admin/queues/${file}`;
    expect((await app.http.request(asset, { headers: { authorization: basic(TOKEN) } })).status).toBe(200);
    expect((await app.http.request(asset)).status).toBe(401);
    await app.queues.queues.scheduled.add('reports', {}, { jobId: 'board-probe' });
    const api = await app.http.request('/admin/queues/api/queues', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(api.status).toBe(200);
    const body = (await api.json()) as { queues: Array<{ name: string; counts: Record<string, number> }> };
    expect(body.queues.map((q) => q.name).sort()).toEqual(['groups', 'inbound', 'outbound', 'scheduled', 'supervision', 'turn']);
    expect(body.queues.find((q) => q.name === 'scheduled')!.counts.waiting).toBe(1);
  });

  it('caps request bodies', async () => {
    const res = await app.http.request('/admin/queues/api/queues/scheduled/retry/failed', {
      method: 'PUT',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json', 'content-length': String(200_000) },
      body: JSON.stringify({ pad: 'x'.repeat(200_000) }),
    });
    expect(res.status).toBe(413);
  });

  it('is not mounted when ADMIN_TOKEN is unset', async () => {
    expect((await off.http.request('/admin/queues', { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
  });

  it('changes queues only when ADMIN_QUEUE_WRITE=on', async () => {
    const add = (a: App) =>
      a.http.request('/admin/queues/api/queues/scheduled/add', {
        method: 'POST', headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'reports', data: {} }),
      });
    expect((await add(app)).status).toBe(405);
    expect((await add(writable)).status).toBe(200);
    expect(await writable.queues.queues.scheduled.getWaitingCount()).toBe(1);
  });
});
