import { createRedis } from '../../src/redis/index.js';

/** Deletes every Redis key a benchmark created under its private prefix. */
export async function dropPrefix(redisUrl: string, prefix: string): Promise<void> {
  const redis = createRedis(redisUrl, { blocking: true });
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
    if (keys.length) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
  redis.disconnect();
}
