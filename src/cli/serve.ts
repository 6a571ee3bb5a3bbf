import { createApp } from '../app.js';
import type { Config } from '../config.js';
import { closeServer, listen } from '../http/index.js';
import { untilSignal } from './lifecycle.js';

/** HTTP and workers in one process: the laptop/demo default. */
export async function run(config: Config): Promise<number> {
  const app = await createApp(config);
  const workers = await app.startWorkers();
  const server = await listen(app.http, config.PORT, app.deps.logger);
  const signal = await untilSignal();
  app.deps.logger.info({ signal }, 'shutting down');
  await closeServer(server);
  await workers.close();
  await app.close();
  return 0;
}
