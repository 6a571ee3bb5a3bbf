import { createApp } from '../app.js';
import type { Config } from '../config.js';
import { closeServer, listen } from '../http/index.js';
import { untilSignal, survivesDroppedConnections } from './lifecycle.js';
import { requireSharedDatabase } from './require-shared-db.js';

/** HTTP only. Migrations are the worker's (and release command's) job in production. */
export async function run(config: Config): Promise<number> {
  requireSharedDatabase(config, 'web');
  const app = await createApp(config, { skipMigrations: true });
  survivesDroppedConnections(app.deps.logger);
  const server = await listen(app.http, config.PORT, app.deps.logger);
  await untilSignal();
  await closeServer(server);
  await app.close();
  return 0;
}
