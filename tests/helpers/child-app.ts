import { createApp, type App, type AppOverrides } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import type { EvolutionFake } from '../fakes/index.js';
import { TEST_JOB_SIGNING_KEY } from './job-signer.js';
import type { SharedDb } from './shared-db.js';
import { TEST_REDIS_URL } from './test-redis.js';

/**
 * The app inside a worker process a multi-process test spawns: configured by its
 * environment, on the test's Redis prefix, with short BullMQ locks so a killed
 * process's jobs come back within a second or two. CHILD_CLOCK_BASE shifts the clock
 * (inside business hours whatever time the suite runs); it still advances in real time.
 */
export function createChildApp(env: NodeJS.ProcessEnv, overrides: AppOverrides = {}): Promise<App> {
  const base = env.CHILD_CLOCK_BASE ? new Date(env.CHILD_CLOCK_BASE).getTime() : undefined;
  const started = Date.now();
  const clock = { now: () => new Date(base === undefined ? Date.now() : base + (Date.now() - started)) };
  return createApp(loadConfig(env), {
    redisPrefix: env.CHILD_PREFIX!,
    skipMigrations: true,
    clock,
    workerSettings: { lockDurationMs: 1_000, stalledIntervalMs: 500, maxStalledCount: 5 },
    outboundInDoubtGraceMs: 3_000,
    ...overrides,
  });
}

/** The environment of a worker process createChildApp reads: the shared database, the test's Redis prefix, a fake Evolution. */
export function childAppEnv(served: SharedDb, prefix: string, fake: EvolutionFake, instances: string[]): Record<string, string> {
  return {
    ...served.env,
    REDIS_URL: TEST_REDIS_URL,
    CHILD_PREFIX: prefix,
    JOB_SIGNING_KEY: TEST_JOB_SIGNING_KEY,
    EVOLUTION_API_URL: fake.url,
    EVOLUTION_API_KEY: fake.apiKey,
    EVOLUTION_INSTANCE: instances.join(','),
  };
}
