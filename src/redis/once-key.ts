import type { Redis } from './connect.js';

/** "First time we see this id?" for webhook redeliveries and Slack retries (SET NX with a TTL). */
export interface OnceKeys {
  first(id: string): Promise<boolean>;
  /** Handling failed: let the sender's retry through. */
  forget(id: string): Promise<void>;
}

export function onceKeys(redis: Redis, prefix: string, name: string, ttlSeconds = 24 * 3600): OnceKeys {
  const key = (id: string) => `${prefix}:once:${name}:${id}`;
  return {
    async first(id) {
      return (await redis.set(key(id), '1', 'EX', ttlSeconds, 'NX')) === 'OK';
    },
    async forget(id) {
      await redis.del(key(id));
    },
  };
}
