import { createServer, Socket, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../../src/app.js';
import { silentLogger } from '../../../src/shared/index.js';
import { evolutionPayload } from '../../helpers/evolution-fixture.js';
import { testConfig } from '../../helpers/test-config.js';
import { createTestDb, type TestDb } from '../../helpers/test-db.js';
import { dropPrefix, TEST_REDIS_URL, testPrefix, testRedis } from '../../helpers/test-redis.js';

const TOKEN = 'boot-webhook-token';
const HOLD_MS = 1_500;

/**
 * A loopback proxy to the test Redis that holds one connection's handshake:
 * the client bytes of a connection named `julia:queues` (the webhooks' producer
 * connection) reach Redis HOLD_MS late, as on a machine too busy to finish a
 * connect at once. Every other connection passes straight through.
 */
function slowQueuesProxy(target: URL): Promise<{ url: string; server: Server; held: () => number }> {
  let held = 0;
  const server = createServer((client) => {
    const upstream = new Socket().connect(Number(target.port || 6379), target.hostname);
    let decided = false;
    const pending: Buffer[] = [];
    client.on('data', (chunk: Buffer) => {
      if (decided) return void upstream.write(chunk);
      pending.push(chunk);
      decided = true;
      const flush = () => {
        for (const c of pending.splice(0)) upstream.write(c);
      };
      if (Buffer.concat(pending).includes('julia:queues')) {
        held += 1;
        setTimeout(flush, HOLD_MS).unref();
      } else flush();
    });
    upstream.on('data', (chunk) => client.write(chunk));
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({ url: `redis://127.0.0.1:${port}`, server, held: () => held });
    }),
  );
}

describe('boot: the producers\u2019 Redis connection is ready before the app serves', () => {
  let app: App;
  let db: TestDb;
  let proxy: Awaited<ReturnType<typeof slowQueuesProxy>>;
  const prefix = testPrefix('boot-queue');
  beforeAll(async () => {
    proxy = await slowQueuesProxy(new URL(TEST_REDIS_URL));
    db = await createTestDb();
    app = await createApp(testConfig({ EVOLUTION_WEBHOOK_TOKEN: TOKEN, REDIS_URL: proxy.url }), { db, redisPrefix: prefix, logger: silentLogger });
  });
  afterAll(async () => {
    await app?.close();
    proxy?.server.close();
    const r = testRedis();
    await dropPrefix(r, prefix);
    r.disconnect();
  });

  it('queues the first webhook of its life instead of answering 503', async () => {
    expect(proxy.held()).toBe(1);
    const res = await app.http.request('/webhooks/evolution', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-webhook-token': TOKEN },
      body: JSON.stringify(evolutionPayload('text-conversation', { id: 'BOOT-FIRST', remoteJid: '5511944441001@s.whatsapp.net' })),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'queued' });
    const jobs = await app.queues.queues.inbound.getJobs(['waiting', 'delayed', 'active', 'completed', 'prioritized']);
    expect(jobs.map((j) => j.data.providerMessageId)).toContain('BOOT-FIRST');
  });
});
