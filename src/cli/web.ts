import type { Config } from '../config.js';
import { closeServer, listen } from '../http/index.js';
import { untilSignal, createRoleApp } from './lifecycle.js';
import { requireSharedDatabase } from './require-shared-db.js';

/** HTTP only. Migrations are the worker's (and release command's) job in production. */
export async function run(config: Config): Promise<number> {
  requireSharedDatabase(config, 'web');
  const app = await createRoleApp(config, { skipMigrations: true });
  const server = await listen(app.http, config.PORT, app.deps.logger);
  await untilSignal();
  await closeServer(server);
  await app.close();
  return 0;
}
