import { ConfigError } from '../shared/errors.js';
import type { Logger } from '../shared/logger.js';
import { whenReady, type Redis } from './connect.js';

/**
 * BullMQ keeps jobs, delayed reminders and locks as ordinary keys: a Redis that
 * evicts keys under memory pressure silently drops queued work. Boot refuses any
 * `maxmemory-policy` but `noeviction`. Managed Redis that hides INFO cannot be
 * checked; that is logged, not fatal.
 */
export async function assertNoEviction(redis: Redis, logger: Logger, timeoutMs = 5_000): Promise<void> {
  let policy: string | undefined;
  try {
    await whenReady(redis, timeoutMs);
    policy = /^maxmemory_policy:(\S+)/m.exec(await redis.info('memory'))?.[1];
  } catch (err) {
    logger.warn({ err: (err as Error).message }, 'could not read Redis maxmemory-policy; make sure it is noeviction');
    return;
  }
  if (!policy) {
    logger.warn('Redis did not report maxmemory-policy; make sure it is noeviction');
    return;
  }
  if (policy !== 'noeviction') {
    throw new ConfigError(
      `Redis maxmemory-policy is "${policy}" but queued jobs need "noeviction": run CONFIG SET maxmemory-policy noeviction (and set it in redis.conf)`,
    );
  }
}
