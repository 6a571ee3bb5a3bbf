import type { Config } from '../config.js';
import { openDb } from '../db/index.js';
import { CircuitStore, formatStatus, loadStatus } from '../metrics/index.js';
import { createRedis, locateRedis, pingRedis } from '../redis/index.js';
import { createBullQueues } from '../../workers/queue.js';
import { queueStats } from '../../workers/queue-stats.js';

/**
 * `julia status [--json]`: what /metrics says, for a person at a terminal —
 * queues, today's counts, circuits, flags and the last errors. Reads the same
 * database and Redis as the running service; changes nothing.
 */
export async function run(config: Config, args: string[] = []): Promise<number> {
  // Beside `julia serve` on the embedded default, its Redis may be the private one it started.
  const redisUrl = await locateRedis(config.REDIS_URL, { dataDir: config.DATA_DIR });
  const redis = createRedis(redisUrl, { name: 'status' });
  const db = await openDb(config.database).catch((err: unknown) => {
    redis.disconnect();
    throw err;
  });
  const queues = createBullQueues(createRedis(redisUrl, { name: 'status-queues', blocking: true }), config.REDIS_PREFIX);
  try {
    if (!(await pingRedis(redis, 3_000))) {
      console.error(`julia status: Redis at ${redisUrl} does not answer; queues and circuits are there`);
      return 1;
    }
    const report = await loadStatus({ db, queueStats: () => queueStats(queues), circuits: new CircuitStore(redis, config.REDIS_PREFIX) });
    console.log(args.includes('--json') ? JSON.stringify(report, null, 2) : formatStatus(report));
    return 0;
  } finally {
    await queues.close();
    redis.disconnect();
    await db.close();
  }
}
