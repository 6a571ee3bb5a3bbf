/**
 * A real outbound worker process for the multi-process tests (crash, kill
 * switch). Configured by environment; prints "ready" once consuming.
 * CHILD_CLOCK_BASE shifts the clock so proactive sends are inside business
 * hours whatever time the suite runs; it still advances in real time.
 */
import { createApp } from '../../../src/app.js';
import { loadConfig } from '../../../src/config.js';

const env = process.env;
const base = env.CHILD_CLOCK_BASE ? new Date(env.CHILD_CLOCK_BASE).getTime() : undefined;
const started = Date.now();
const clock = { now: () => new Date(base === undefined ? Date.now() : base + (Date.now() - started)) };

const app = await createApp(loadConfig(env), {
  redisPrefix: env.CHILD_PREFIX!,
  skipMigrations: true,
  clock,
  workerSettings: { lockDurationMs: 1_000, stalledIntervalMs: 500, maxStalledCount: 5 },
  outboundInDoubtGraceMs: 3_000,
  outboundSafeModePollMs: 500,
});
// A standby process boots fully but only starts consuming when told to (crash test).
// The listener exists before "booted" is printed, so the signal can never arrive first.
const go = new Promise((resolve) => process.once('SIGUSR2', resolve));
process.stdout.write('booted\n');
if (env.CHILD_STANDBY) await go;
await app.startWorkers();
process.stdout.write('ready\n');
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
