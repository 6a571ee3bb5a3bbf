import { createApp } from '../app.js';
import type { Config } from '../config.js';
import { untilSignal } from './lifecycle.js';
import { requireSharedDatabase } from './require-shared-db.js';

export async function run(config: Config): Promise<number> {
  requireSharedDatabase(config, 'worker');
  const app = await createApp(config);
  await app.startWorkers();
  await untilSignal();
  // app.close() drains the workers first: an active job finishes or is retried.
  await app.close();
  return 0;
}
