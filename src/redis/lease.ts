import { randomUUID } from 'node:crypto';
import type { Redis } from './connect.js';

/** Takes the lease or answers null; a taken lease returns its own release. */
export type Lease = () => Promise<(() => Promise<void>) | null>;

/**
 * A short Redis lease so that one periodic run at a time works across processes
 * (two workers, or a slow run overlapping the next). It expires on its own if the
 * holder dies, and a run that outlived it never frees the next holder's lease.
 */
export function redisLease(redis: Redis, key: string, ttlMs: number): Lease {
  return async () => {
    const token = randomUUID();
    if ((await redis.set(key, token, 'PX', ttlMs, 'NX')) !== 'OK') return null;
    return async () => {
      await redis.eval(`if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`, 1, key, token);
    };
  };
}

/** Runs `tick` under the lease, or reports that another run holds it. */
export async function underLease<T>(lease: Lease, busy: string, tick: () => Promise<T>): Promise<T | { skipped: string }> {
  const release = await lease();
  if (!release) return { skipped: busy };
  try {
    return await tick();
  } finally {
    await release();
  }
}
