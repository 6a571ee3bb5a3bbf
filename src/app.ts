import type { Config } from './config.js';
import { isSqlDb, migrate, openDb, type Db } from './db/index.js';
import { createHttpApp, type HttpApp } from './http/index.js';
import { createRedis, ensureRedis, pingRedis, type Redis } from './redis/index.js';
import { createLogger, systemClock, type Clock, type JobQueue, type Logger } from './shared/index.js';
import { createBullQueues, type BullQueues } from '../workers/queue.js';
import { startWorkers, type JobHandler, type RunningWorkers } from '../workers/index.js';
import { upsertSchedules } from '../workers/schedules.js';

/**
 * The composition root: the only place that picks adapters (ARCHITECTURE.md
 * section 3). Everything downstream receives its dependencies explicitly.
 */
export interface AppDeps {
  config: Config;
  logger: Logger;
  clock: Clock;
  db: Db;
  redis: Redis;
  redisUrl: string;
  /** Namespace for every Redis key and BullMQ queue (tests use one per file). */
  redisPrefix: string;
  queue: JobQueue;
}

export interface App {
  deps: AppDeps;
  http: HttpApp;
  queues: BullQueues;
  startWorkers(): Promise<RunningWorkers>;
  close(): Promise<void>;
}

export interface AppOverrides {
  logger?: Logger;
  clock?: Clock;
  db?: Db;
  redisPrefix?: string;
  /** Skip applying migrations at start (the `web` role in production). */
  skipMigrations?: boolean;
}

export async function createApp(config: Config, overrides: AppOverrides = {}): Promise<App> {
  const logger = overrides.logger ?? createLogger(config.LOG_LEVEL);
  const redisTarget = await ensureRedis(config.REDIS_URL, logger);
  const db = overrides.db ?? (await openDb(config.database));
  if (!overrides.skipMigrations && isSqlDb(db)) {
    await migrate(db, { logger });
  } else if (db.kind === 'supabase') {
    logger.info('Supabase: apply supabase/migrations with the Supabase CLI (supabase db push)');
  }
  const redis = createRedis(redisTarget.url, { name: 'app' });
  const redisPrefix = overrides.redisPrefix ?? 'julia';
  const queues = createBullQueues(createRedis(redisTarget.url, { name: 'queues', blocking: true }), redisPrefix, (err) =>
    logger.warn({ err: err.message }, 'queue connection error'),
  );
  const deps: AppDeps = {
    config,
    logger,
    clock: overrides.clock ?? systemClock,
    db,
    redis,
    redisUrl: redisTarget.url,
    redisPrefix,
    queue: queues,
  };

  const http = createHttpApp({
    logger,
    health: {
      checks: {
        database: async () => (await db.rpc<{ ok: boolean }>('julia_ping')).ok === true,
        redis: () => pingRedis(redis),
      },
    },
  });

  let running: RunningWorkers | undefined;
  return {
    deps,
    http,
    queues,
    async startWorkers() {
      const handlers: Record<string, JobHandler> = {};
      running = startWorkers({
        connection: createRedis(redisTarget.url, { name: 'workers', blocking: true }),
        prefix: redisPrefix,
        logger,
        handlers,
        concurrency: { turn: config.TURN_CONCURRENCY, outbound: config.OUTBOUND_CONCURRENCY },
      });
      await upsertSchedules(queues);
      return running;
    },
    async close() {
      await running?.close();
      await queues.close();
      redis.disconnect();
      await db.close();
      await redisTarget.stop?.();
    },
  };
}
