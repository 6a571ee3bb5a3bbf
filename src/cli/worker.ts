import type { Config } from '../config.js';
import { exitAfter, untilSignal, createRoleApp } from './lifecycle.js';
import { requireSharedDatabase } from './require-shared-db.js';

/** The worker role: on SIGTERM no new job is taken, running ones get SHUTDOWN_GRACE_MS to finish. */
export async function run(config: Config): Promise<number> {
  requireSharedDatabase(config, 'worker');
  const app = await createRoleApp(config);
  const workers = await app.startWorkers();
  const signal = await untilSignal();
  app.deps.logger.info({ signal, graceMs: config.SHUTDOWN_GRACE_MS }, 'shutting down');
  exitAfter(config.SHUTDOWN_GRACE_MS + 10_000, (m) => app.deps.logger.error(m));
  await workers.close({ graceMs: config.SHUTDOWN_GRACE_MS });
  await app.close();
  app.deps.logger.info('stopped');
  return 0;
}
