import { createApp } from '../app.js';
import { createLogger } from '../shared/index.js';
import type { Config } from '../config.js';
import { closeServer, listen } from '../http/index.js';
import { untilSignal, survivesDroppedConnections } from './lifecycle.js';
import { requireSharedDatabase } from './require-shared-db.js';

/** HTTP only. Migrations are the worker's (and release command's) job in production. */
export async function run(config: Config): Promise<number> {
  requireSharedDatabase(config, 'web');
  const logger = createLogger(config.LOG_LEVEL);
  // From the first line: booting while PostgreSQL restarts is when the driver drops a query nobody awaits.
  survivesDroppedConnections(logger);
  const app = await createApp(config, { skipMigrations: true, logger });
  const server = await listen(app.http, config.PORT, app.deps.logger);
  await untilSignal();
  await closeServer(server);
  await app.close();
  return 0;
}
