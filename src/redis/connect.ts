import { Redis, type RedisOptions } from 'ioredis';
import { withTimeout } from '../shared/timeout.js';

export type { Redis };

/**
 * One factory so every connection gets the same timeouts. BullMQ workers need
 * `maxRetriesPerRequest: null` (blocking commands); request paths want to fail fast.
 */
export function createRedis(url: string, opts: { blocking?: boolean; name?: string } & RedisOptions = {}): Redis {
  const { blocking, name, ...rest } = opts;
  const redis = new Redis(url, {
    connectionName: name ? `julia:${name}` : 'julia',
    connectTimeout: 5_000,
    commandTimeout: blocking ? undefined : 5_000,
    maxRetriesPerRequest: blocking ? null : 2,
    enableOfflineQueue: blocking ?? false,
    lazyConnect: false,
    ...rest,
  });
  // Without a listener ioredis prints every reconnect failure; readiness checks
  // and callers' own errors already report an unreachable Redis.
  redis.on('error', () => {});
  return redis;
}

const ready = (redis: Redis): Promise<void> => (redis.status === 'ready' ? Promise.resolve() : new Promise((r) => redis.once('ready', () => r())));

/** Resolves once the connection is ready; rejects with a TimeoutError past the deadline. */
export function whenReady(redis: Redis, timeoutMs: number): Promise<void> {
  return withTimeout(ready(redis), timeoutMs, 'redis ready');
}

/** PING with a deadline, for readiness checks. */
export async function pingRedis(redis: Redis, timeoutMs = 2_000): Promise<boolean> {
  try {
    // The offline queue is off (fail fast), so wait for the connection first; one deadline for both.
    return (await withTimeout(ready(redis).then(() => redis.ping()), timeoutMs, 'redis ping')) === 'PONG';
  } catch {
    return false;
  }
}
