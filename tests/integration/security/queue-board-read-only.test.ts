import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inboundFrom } from '../../helpers/evolution-fixture.js';
import { settle, startE2E, type E2E } from '../../e2e/e2e-harness.js';

const ADMIN = 'admin-token-0123456789abcdef';
const METRICS = 'metrics-token-0123456789abcdef';
const bearer = (t: string) => ({ authorization: `Bearer ${t}` });
const PHONE = '5511970009911';

/**
 * The queue board is for looking: with the operator's token, Bull Board's write
 * API (add, retry, promote, clean, pause, ...) is refused, whatever the body's
 * content type, and nothing reaches the queues or a doctor. Prometheus's token
 * opens /metrics and nothing else.
 */
describe('queue board read-only, metrics token apart', () => {
  let e: E2E;
  beforeAll(async () => {
    e = await startE2E({ env: { ADMIN_TOKEN: ADMIN, METRICS_TOKEN: METRICS }, anthropic: () => ({ text: 'Oi! Aqui é a Júlia, tudo bem?' }) });
  });
  afterAll(() => e?.close());

  const board = (path: string, init: RequestInit & { headers?: Record<string, string> } = {}) =>
    e.app.http.request(`/admin/queues${path}`, { ...init, headers: { ...bearer(ADMIN), ...(init.headers ?? {}) } });

  it('refuses to add an inbound job with the admin token (JSON and text/plain bodies): nothing queued, nothing sent', async () => {
    // A number that never wrote to Júlia.
    const data = { ...inboundFrom('text-conversation', { id: 'BOARD-ADD-1', remoteJid: `${PHONE}@s.whatsapp.net` }), fromMeAttempt: 0 };
    const body = JSON.stringify({ name: 'inbound', data, options: {} });
    for (const type of ['application/json', 'text/plain']) {
      const res = await board('/api/queues/inbound/add', { method: 'POST', headers: { 'content-type': type }, body });
      expect(res.status).toBe(405);
    }
    const counts = await e.app.queues.queues.inbound.getJobCounts();
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(0);
    await settle(1_500);
    expect(e.evolution.sentTexts()).toEqual([]);
    expect((await e.db.pg.query(`select 1 from interactions where provider_message_id = 'BOARD-ADD-1'`)).rows).toEqual([]);
  });

  it('refuses every write route of the board and leaves the queues as they were', async () => {
    const scheduled = e.app.queues.queues.scheduled;
    await scheduled.add('reports', {}, { jobId: 'ro-delayed', delay: 3_600_000 });
    const failed = await scheduled.add('reports', {}, { jobId: 'ro-failed' });
    await failed.moveToFailed(new Error('kept for the test'), '0', false).catch(() => undefined);
    const writes: Array<[string, string]> = [
      ['PUT', '/api/queues/scheduled/retry/failed'], ['PUT', '/api/queues/scheduled/promote'], ['PUT', '/api/queues/scheduled/clean/delayed'],
      ['PUT', '/api/queues/scheduled/pause'], ['PUT', '/api/queues/pause'], ['PUT', '/api/queues/resume'], ['PUT', '/api/queues/scheduled/resume'],
      ['PUT', '/api/queues/scheduled/empty'], ['PUT', '/api/queues/scheduled/obliterate'], ['PUT', '/api/queues/scheduled/concurrency'],
      ['PUT', '/api/queues/scheduled/rate-limit'], ['PUT', '/api/queues/scheduled/rate-limit/release'],
      ['PUT', '/api/queues/scheduled/ro-delayed/promote'], ['PUT', '/api/queues/scheduled/ro-delayed/clean'], ['PUT', '/api/queues/scheduled/ro-failed/retry'],
      ['PATCH', '/api/queues/scheduled/ro-delayed/update-data'], ['PATCH', '/api/queues/scheduled/ro-delayed/delay'], ['PATCH', '/api/queues/scheduled/ro-delayed/priority'],
      ['PUT', '/api/queues/scheduled/job-schedulers/x/remove'], ['PATCH', '/api/queues/scheduled/job-schedulers/x'], ['PUT', '/api/queues/scheduled/job-schedulers/x/run'],
      ['POST', '/api/metrics/history/purge'], ['DELETE', '/api/queues/scheduled/ro-delayed'], ['POST', '/api/queues/scheduled/add'],
    ];
    for (const [method, path] of writes) {
      const res = await board(path, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'reports', data: {}, concurrency: 1, max: 1, duration: 1, delay: 1, priority: 1 }) });
      expect(`${method} ${path} ${res.status}`).toBe(`${method} ${path} 405`);
    }
    expect(await (await scheduled.getJob('ro-delayed'))!.getState()).toBe('delayed');
    expect(await scheduled.isPaused()).toBe(false);
    // Reading still works, and the UI is told the queues are read-only (no buttons).
    const api = await board('/api/queues');
    expect(api.status).toBe(200);
    const { queues } = (await api.json()) as { queues: Array<{ name: string; readOnlyMode: boolean }> };
    expect(queues.every((q) => q.readOnlyMode)).toBe(true);
    expect((await board('/api/queues/scheduled/ro-delayed')).status).toBe(200);
  });

  it('METRICS_TOKEN reads /metrics and gets 401 everywhere else; ADMIN_TOKEN opens both', async () => {
    expect((await e.app.http.request('/metrics', { headers: bearer(METRICS) })).status).toBe(200);
    expect((await e.app.http.request('/metrics', { headers: bearer(ADMIN) })).status).toBe(200);
    for (const path of ['/admin/queues', '/admin/queues/api/queues']) {
      expect((await e.app.http.request(path, { headers: bearer(METRICS) })).status).toBe(401);
    }
    const add = await e.app.http.request('/admin/queues/api/queues/inbound/add', { method: 'POST', headers: { ...bearer(METRICS), 'content-type': 'text/plain' }, body: '{}' });
    expect(add.status).toBe(401);
    expect((await e.app.http.request('/metrics')).status).toBe(401);
  });
});
