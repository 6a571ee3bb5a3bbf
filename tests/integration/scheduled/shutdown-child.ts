/**
 * A worker process for the graceful-shutdown test: a slow `reports` handler,
 * the CLI's signal handling and the bounded close. Prints what happens.
 */
import { untilSignal } from '../../../src/cli/lifecycle.js';
import { createRedis } from '../../../src/redis/index.js';
import { silentLogger } from '../../../src/shared/index.js';
import { startWorkers, type JobHandler } from '../../../workers/index.js';

const env = process.env;
const out = (line: string) => process.stdout.write(`${line}\n`);
const running = startWorkers({
  connection: createRedis(env.REDIS_URL!, { name: 'shutdown-child', blocking: true }),
  prefix: env.CHILD_PREFIX!,
  logger: silentLogger,
  handlers: {
    reports: (async (_p: unknown, job: { id?: string }) => {
      out(`started ${job.id}`);
      await new Promise((r) => setTimeout(r, Number(env.WORK_MS)));
      out(`finished ${job.id}`);
    }) as JobHandler,
  },
  settings: { lockDurationMs: 1_000, stalledIntervalMs: 500, maxStalledCount: 3 },
});
await Promise.all(running.workers.map((w) => w.waitUntilReady()));
out('ready');
await untilSignal();
out('closing');
await running.close({ graceMs: Number(env.GRACE_MS) });
out('closed');
process.exit(0);
