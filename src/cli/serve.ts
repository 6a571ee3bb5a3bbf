import type { Config } from '../config.js';
import { closeServer, listen } from '../http/index.js';
import { exitAfter, untilSignal, createRoleApp } from './lifecycle.js';

/**
 * HTTP and workers in one process: the laptop/demo default. On SIGTERM: stop
 * accepting requests, stop taking jobs, let running jobs finish within
 * SHUTDOWN_GRACE_MS (an unfinished one is retried elsewhere), then close.
 */
export async function run(config: Config): Promise<number> {
  const app = await createRoleApp(config);
  const workers = await app.startWorkers();
  const server = await listen(app.http, config.PORT, app.deps.logger);
  const signal = await untilSignal();
  app.deps.logger.info({ signal, graceMs: config.SHUTDOWN_GRACE_MS }, 'shutting down');
  exitAfter(config.SHUTDOWN_GRACE_MS + 10_000, (m) => app.deps.logger.error(m));
  await closeServer(server);
  await workers.close({ graceMs: config.SHUTDOWN_GRACE_MS });
  await app.close();
  app.deps.logger.info('stopped');
  return 0;
}
