import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';

/** CI starts a real Redis here when absent (.ci/run). */
export const TEST_REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A key prefix no other test file shares: BullMQ queues and our keys live under it. */
export function testPrefix(label: string): string {
  return `t-${label}-${randomUUID().slice(0, 8)}`;
}

export function testRedis(): Redis {
  return new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 2, lazyConnect: false });
}

/** Deletes every key under the prefix (BullMQ's included). */
export async function dropPrefix(redis: Redis, prefix: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
    if (keys.length) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
}
