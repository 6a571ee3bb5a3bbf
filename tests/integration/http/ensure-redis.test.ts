import { describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { ensureRedis, locateRedis } from '../../../src/redis/index.js';
import { ConfigError, silentLogger } from '../../../src/shared/index.js';

describe('ensureRedis (embedded default)', () => {
  it('uses an explicit REDIS_URL as it is', async () => {
    expect(await ensureRedis('redis://example:6380', silentLogger)).toEqual({ url: 'redis://example:6380' });
  });

  it('starts a private redis-server when nothing listens, and stops it', async () => {
    const target = await ensureRedis(undefined, silentLogger, { defaultPort: 1, dataDir: mkdtempSync(join(tmpdir(), 'julia-redis-')) });
    expect(target.url).toMatch(/^redis:\/\/127\.0\.0\.1:\d+$/);
    expect(target.stop).toBeTypeOf('function');
    const client = new Redis(target.url, { maxRetriesPerRequest: 0 });
    try {
      expect(await client.ping()).toBe('PONG');
    } finally {
      client.disconnect();
      await target.stop!();
    }
    const after = new Redis(target.url, { maxRetriesPerRequest: 0, retryStrategy: () => null, lazyConnect: true });
    after.on('error', () => {});
    await expect(after.connect()).rejects.toThrow();
  });

  it('says how to get Redis when none runs and none is installed', async () => {
    const err = await ensureRedis(undefined, silentLogger, { defaultPort: 1, binary: 'redis-server-not-installed' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as Error).message).toMatch(/install it .*or set REDIS_URL/);
  });

  it('finds, for a command run beside the service, the private redis-server the service started', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'julia-redis-'));
    expect(await locateRedis(undefined, { defaultPort: 1, dataDir })).toBe('redis://127.0.0.1:1');
    const target = await ensureRedis(undefined, silentLogger, { defaultPort: 1, dataDir });
    try {
      expect(await locateRedis(undefined, { defaultPort: 1, dataDir })).toBe(target.url);
      expect(await locateRedis('redis://example:6380', { defaultPort: 1, dataDir })).toBe('redis://example:6380');
    } finally {
      await target.stop!();
    }
    // Stopped: its port file no longer leads anywhere.
    expect(await locateRedis(undefined, { defaultPort: 1, dataDir })).toBe('redis://127.0.0.1:1');
  });
});
