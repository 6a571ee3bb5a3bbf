import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/app.js';
import { loadConfig } from '../../../src/config.js';
import { assertNoEviction, createRedis, ensureRedis, type RedisTarget } from '../../../src/redis/index.js';
import { ConfigError, silentLogger } from '../../../src/shared/index.js';
import { createTestDb } from '../../helpers/test-db.js';
import { TEST_REDIS_URL } from '../../helpers/test-redis.js';

/** Issue 9, finding 13: Redis must never evict, and the private fallback must keep its data across restarts. */
describe('Redis durability', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const d = mkdtempSync(join(tmpdir(), 'julia-redis-'));
    dirs.push(d);
    return d;
  };
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('the private redis-server keeps keys and delayed jobs in DATA_DIR across a restart', async () => {
    const dataDir = tempDir();
    let target: RedisTarget = await ensureRedis(undefined, silentLogger, { defaultPort: 1, dataDir });
    let client = new Redis(target.url, { maxRetriesPerRequest: 0 });
    await client.set('julia:test:queued-turn', 'conversation-1');
    await client.zadd('julia:test:delayed', Date.now() + 120_000, 'reminder-1');
    client.disconnect();
    await target.stop!();

    target = await ensureRedis(undefined, silentLogger, { defaultPort: 1, dataDir });
    client = new Redis(target.url, { maxRetriesPerRequest: 0 });
    try {
      expect(await client.get('julia:test:queued-turn')).toBe('conversation-1');
      expect(await client.zrange('julia:test:delayed', 0, -1)).toEqual(['reminder-1']);
      expect(await client.config('GET', 'maxmemory-policy')).toEqual(['maxmemory-policy', 'noeviction']);
    } finally {
      client.disconnect();
      await target.stop!();
    }
  });

  it('reuses a private redis-server a killed process left running instead of starting a second writer', async () => {
    const dataDir = tempDir();
    const first = await ensureRedis(undefined, silentLogger, { defaultPort: 1, dataDir });
    try {
      // The owner "died" without stopping it: the next start finds it through DATA_DIR.
      const second = await ensureRedis(undefined, silentLogger, { defaultPort: 1, dataDir });
      expect(second.url).toBe(first.url);
      expect(second.stop).toBeUndefined();
    } finally {
      await first.stop!();
    }
  });

  it('refuses to boot on a Redis that may evict keys, with one clear line', async () => {
    const target = await ensureRedis(undefined, silentLogger, { defaultPort: 1, dataDir: tempDir() });
    const admin = new Redis(target.url, { maxRetriesPerRequest: 0 });
    const db = await createTestDb();
    try {
      await admin.config('SET', 'maxmemory-policy', 'allkeys-lru');
      const probe = createRedis(target.url, { name: 'probe' });
      const err = await assertNoEviction(probe, silentLogger).catch((e: unknown) => e);
      probe.disconnect();
      expect(err).toBeInstanceOf(ConfigError);
      expect((err as Error).message).toBe(
        'Redis maxmemory-policy is "allkeys-lru" but queued jobs need "noeviction": run CONFIG SET maxmemory-policy noeviction (and set it in redis.conf)',
      );
      // The service itself stops at boot.
      const boot = await createApp(loadConfig({ REDIS_URL: target.url, DATA_DIR: tempDir(), LOG_LEVEL: 'silent' }), { db, logger: silentLogger, skipMigrations: true }).catch((e: unknown) => e);
      expect(boot).toBeInstanceOf(ConfigError);
      await admin.config('SET', 'maxmemory-policy', 'noeviction');
      const ok = createRedis(target.url, { name: 'probe-ok' });
      await expect(assertNoEviction(ok, silentLogger)).resolves.toBeUndefined();
      ok.disconnect();
    } finally {
      admin.disconnect();
      await db.close();
      await target.stop!();
    }
  });

  it('accepts the test Redis, which runs with noeviction', async () => {
    const r = createRedis(TEST_REDIS_URL, { name: 'probe-test' });
    try {
      await expect(assertNoEviction(r, silentLogger)).resolves.toBeUndefined();
    } finally {
      r.disconnect();
    }
  });
});
