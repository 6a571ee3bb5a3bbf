import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../src/db/index.js';
import { createFlagStore } from '../../../src/flags/index.js';
import { silentLogger } from '../../../src/shared/index.js';
import { createTestDb, type TestDb } from '../../helpers/test-db.js';
import { dropPrefix, testPrefix, testRedis } from '../../helpers/test-redis.js';
import { waitFor } from '../../helpers/wait-for.js';

let db: TestDb;
const redis = testRedis();
const prefix = testPrefix('flags');
const subs = [testRedis(), testRedis()];

beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => {
  await dropPrefix(redis, prefix);
  redis.disconnect();
  subs.forEach((s) => s.disconnect());
  await db.close();
});

describe('feature flags', () => {
  it('reads the table, caches in Redis for 30 s, and serves from memory afterwards', async () => {
    const flags = createFlagStore({ db, redis, prefix, logger: silentLogger });
    const first = await flags.get();
    expect(first).toMatchObject({ safeMode: { enabled: false, mode: 'wait' }, campaigns: { enabled: true }, disabledRules: [], source: 'database' });
    const ttl = await redis.ttl(`${prefix}:feature_flag:safe_mode`);
    expect(ttl).toBeGreaterThan(25);
    expect(ttl).toBeLessThanOrEqual(30);
    expect((await flags.get()).source).toBe('memory');
    const other = createFlagStore({ db, redis, prefix, logger: silentLogger });
    expect((await other.get()).source).toBe('redis');
  });

  it('a change in one process reaches every other process through pub/sub, at once', async () => {
    const writer = createFlagStore({ db, redis, prefix, logger: silentLogger, localTtlMs: 60_000 });
    const readers = subs.map((subscriber) => createFlagStore({ db, redis, subscriber, prefix, logger: silentLogger, localTtlMs: 60_000 }));
    await Promise.all(readers.map((r) => r.start()));
    for (const r of readers) expect((await r.get()).campaigns.enabled).toBe(true);
    const t0 = Date.now();
    await writer.set('campaigns', { enabled: false }, 'U-slack');
    for (const r of readers) await waitFor(async () => (await r.get()).campaigns.enabled === false, { timeoutMs: 1_000, intervalMs: 5 });
    expect(Date.now() - t0).toBeLessThan(1_000);
    const row = await db.pg.query<{ value: unknown; updated_by: string }>(`select value, updated_by from feature_flags where key = 'campaigns'`);
    expect(row.rows[0]).toEqual({ value: { enabled: false }, updated_by: 'U-slack' });
    await writer.set('campaigns', { enabled: true }, 'U-slack');
    await expect(writer.set('safe_mode', { enabled: 'yes' }, 'x')).rejects.toThrow();
  });

  it('falls back to the table when Redis is down, and to safe defaults when both are', async () => {
    const deadRedis = testRedis();
    deadRedis.disconnect();
    const viaDb = createFlagStore({ db, redis: deadRedis, prefix, logger: silentLogger, localTtlMs: 0 });
    expect(await viaDb.get()).toMatchObject({ source: 'database', safeMode: { enabled: false } });
    const deadDb: Db = { kind: 'pglite', rpc: () => Promise.reject(new Error('down')), close: async () => {} };
    const blind = createFlagStore({ db: deadDb, redis: deadRedis, prefix, logger: silentLogger, localTtlMs: 0 });
    expect(await blind.get()).toMatchObject({ source: 'defaults', safeMode: { enabled: true }, campaigns: { enabled: false } });
  });
});
