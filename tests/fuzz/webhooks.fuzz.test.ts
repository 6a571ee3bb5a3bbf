import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../src/app.js';
import { silentLogger } from '../../src/shared/index.js';
import { testConfig } from '../helpers/test-config.js';
import { createTestDb, type TestDb } from '../helpers/test-db.js';
import { testPrefix } from '../helpers/test-redis.js';
import { teardown } from '../helpers/teardown.js';
import { deepJson, fuzzParams, hostileBodies, mutated } from './fuzz-arbitraries.js';
import { forceGc, recordAdds, send, utf8, violation, type FuzzRoute } from './fuzz-route.js';
import { FUZZ_ENV, FUZZ_ROUTES } from './fuzz-targets.js';

/**
 * Issue 13, fuzzing: every webhook, in-process (app.http.request) on a real
 * database and Redis, answers only 2xx/4xx to mutated real payloads and hostile
 * bodies, enqueues nothing when it refuses, enqueues only valid jobs when it
 * accepts, and stays ready with a bounded heap. Seed fixed; FUZZ_RUNS widens it.
 */
describe('webhook fuzzing', () => {
  let app: App;
  let db: TestDb;
  let adds: ReturnType<typeof recordAdds>;
  const gc = forceGc();
  const prefix = testPrefix('fuzz-webhooks');

  beforeAll(async () => {
    db = await createTestDb();
    app = await createApp(testConfig(FUZZ_ENV), { db, redisPrefix: prefix, logger: silentLogger });
    adds = recordAdds(app);
    // Warm up every route once so lazy initialisation is not counted as growth.
    for (const r of FUZZ_ROUTES) await send(app, r, { label: 'warm', body: utf8(r.seeds[0]) });
    adds.take();
  });
  afterAll(() => teardown(prefix, app));

  const seen: Array<{ route: string; status: number; jobs: number }> = [];
  const check = async (route: FuzzRoute, body: Parameters<typeof send>[2]) => {
    const status = await send(app, route, body);
    const enqueued = adds.take();
    seen.push({ route: route.name, status, jobs: enqueued.length });
    const broken = violation({ status, enqueued });
    if (broken) throw new Error(`${route.name} ${body.label}: ${broken}`);
  };

  for (const route of FUZZ_ROUTES) {
    describe(route.name, () => {
      it('answers 2xx/4xx to mutated real payloads, enqueueing only valid jobs', async () => {
        await fc.assert(
          fc.asyncProperty(mutated(route.seeds), (doc) => check(route, { label: 'mutated', body: utf8(doc) })),
          fuzzParams(100),
        );
        // Not vacuous: the mutations must leave some payloads accepted and get others refused.
        const mine = seen.filter((o) => o.route === route.name);
        expect(mine.some((o) => o.status < 300)).toBe(true);
        expect(mine.some((o) => o.status >= 400)).toBe(true);
        if (route.name === 'evolution') expect(mine.some((o) => o.jobs > 0)).toBe(true);
      }, 120_000);

      it('answers 4xx (413 over the cap) to hostile bodies and enqueues nothing', async () => {
        await fc.assert(
          fc.asyncProperty(hostileBodies(route.seeds, route.limit), async (raw) => {
            await check(route, raw);
            if (raw.label === 'over-limit') expect(await send(app, route, raw)).toBe(413);
          }),
          fuzzParams(60),
        );
      }, 120_000);

      it('survives 100,000 nested arrays and messages wrapped as deep as the cap allows', async () => {
        await check(route, { label: 'deep-arrays', body: utf8(deepJson(100_000, '[', ']', '1')) });
        const head = '{"event":"messages.upsert","instance":"i","data":{"key":{"remoteJid":"5511987654321@s.whatsapp.net","id":"DEEP"},"message":';
        const open = '{"viewOnceMessage":{"message":';
        // As deep as fits under the cap (~30,000 levels for Evolution): deeper is a 413 before any parsing.
        const depth = Math.floor((route.limit - head.length - 100) / (open.length + 2));
        const wrapped = head + deepJson(depth, open, '}}', '{"conversation":"oi"}') + '}}';
        expect(wrapped.length).toBeLessThan(route.limit);
        await check(route, { label: 'deep-wrapped', body: utf8(wrapped) });
      }, 60_000);
    });
  }

  describe('regressions the fuzzer found (seed 1313)', () => {
    const [evolution, chatwoot] = FUZZ_ROUTES as [FuzzRoute, FuzzRoute];
    const status = (route: FuzzRoute, doc: unknown) => send(app, route, { label: 'regression', body: utf8(doc) });
    const upsert = (data: Record<string, unknown>) => ({
      event: 'messages.upsert', instance: 'julia-prod',
      data: { key: { remoteJid: '5511987650001@s.whatsapp.net', id: `REG-${Object.keys(data).join('-')}` }, message: { conversation: 'oi' }, ...data },
    });

    it('evolution: a timestamp past the last valid Date (1e300) was a 500; now the delivery time is used', async () => {
      expect(await status(evolution, upsert({ messageTimestamp: 1e300 }))).toBe(200);
      const job = adds.take().find((j) => j.name === 'inbound')!;
      expect(Number.isNaN(Date.parse((job.data as { sentAt: string }).sentAt))).toBe(false);
    });

    it('evolution: an edit with an unreadable timestampMs, or text that is an object, was a 500', async () => {
      const edit = { event: 'messages.edited', instance: 'julia-prod', data: { key: { remoteJid: '5511987650002@s.whatsapp.net', id: 'REG-EDIT' }, editedMessage: { conversation: 'x' }, timestampMs: 'amanhã' } };
      expect(await status(evolution, edit)).toBe(200);
      expect(await status(evolution, upsert({ message: { extendedTextMessage: { text: { toString: 1 } } } }))).toBe(200);
      expect(await status(evolution, upsert({ message: { locationMessage: { name: { toString: 1 }, address: [[]] } } }))).toBe(200);
      adds.take();
    });

    it('evolution: a status update whose job payload the schema refuses was a 503 (retried forever); now 422 and nothing queued', async () => {
      const update = { event: 'messages.update', instance: 'julia-prod', data: { keyId: '3EB0A1B2C3D4E5F6A7B8C9', remoteJid: '5511987654321@s.whatsapp.net', fromMe: 'ç'.repeat(300_000), status: 'READ' } };
      const res = await status(evolution, update);
      expect(violation({ status: res, enqueued: adds.take() })).toBeNull();
      expect(res).toBeLessThan(500);
    });

    it('chatwoot: a float or out-of-range id was a 503 (SQL refused it); now 422', async () => {
      for (const id of [1.5, 1e300, 2 ** 63, -1]) {
        expect(await status(chatwoot, { event: 'message_created', id, content: 'oi', message_type: 'outgoing', conversation: { id } })).toBe(422);
      }
      expect(adds.take()).toEqual([]);
    });
  });

  it('is still ready, with a bounded heap, after the run', async () => {
    const ready = await app.http.request('/readyz');
    expect(ready.status).toBe(200);
    // Growth is measured over a second batch, once every code path, cache and V8
    // tier is warm (the first batches leave ~80 MB of compiled code and caches).
    gc();
    const heapBefore = process.memoryUsage().heapUsed;
    const rssBefore = process.memoryUsage().rss;
    for (const route of FUZZ_ROUTES) {
      await fc.assert(
        fc.asyncProperty(fc.oneof(mutated(route.seeds).map((d) => ({ label: 'mutated', body: utf8(d) })), hostileBodies(route.seeds, route.limit)), (raw) => check(route, raw)),
        { ...fuzzParams(40), seed: 7 },
      );
    }
    gc();
    const heapGrowth = process.memoryUsage().heapUsed - heapBefore;
    const rssGrowth = process.memoryUsage().rss - rssBefore;
    // Requests run one at a time and keep nothing: after a full GC the heap should be
    // where it started, give or take caches (zod, bullmq scripts, pino). 64 MB is
    // ~20 of the largest bodies sent: a leak of one body per request would break it.
    expect(heapGrowth, `heap grew ${heapGrowth} bytes`).toBeLessThan(64 * 1024 * 1024);
    // RSS also holds PGlite's WASM memory (grows with dead-letter rows, never shrinks)
    // and freed-but-unreturned pages, so only a loose guard against runaway buffering.
    expect(rssGrowth, `rss grew ${rssGrowth} bytes`).toBeLessThan(768 * 1024 * 1024);
  });
});
