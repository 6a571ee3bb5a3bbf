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

/** Resolves once the connection is ready; rejects with `what` past the deadline. */
export function whenReady<T = void>(redis: Redis, timeoutMs: number, what = 'redis not ready', then: () => Promise<T> = () => Promise.resolve() as Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    (redis.status === 'ready' ? Promise.resolve() : new Promise((r) => redis.once('ready', r))).then(then),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(what)), timeoutMs);
      timer.unref();
    }),
  ]).finally(() => clearTimeout(timer));
}

/** PING with a deadline, for readiness checks. */
export async function pingRedis(redis: Redis, timeoutMs = 2_000): Promise<boolean> {
  try {
    // The offline queue is off (fail fast), so wait for the connection first.
    return (await whenReady(redis, timeoutMs, 'redis ping timeout', () => redis.ping())) === 'PONG';
  } catch {
    return false;
  }
}
