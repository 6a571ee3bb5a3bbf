import { Redis, type RedisOptions } from 'ioredis';

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

/** PING with a deadline, for readiness checks. */
export async function pingRedis(redis: Redis, timeoutMs = 2_000): Promise<boolean> {
  try {
    const pong = await Promise.race([
      // The offline queue is off (fail fast), so wait for the connection first.
      (redis.status === 'ready' ? Promise.resolve() : new Promise((r) => redis.once('ready', r))).then(() => redis.ping()),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('redis ping timeout')), timeoutMs).unref()),
    ]);
    return pong === 'PONG';
  } catch {
    return false;
  }
}
