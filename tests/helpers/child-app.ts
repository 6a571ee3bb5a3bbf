import { createApp, type App, type AppOverrides } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';

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
