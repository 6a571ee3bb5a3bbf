import type { Config } from '../config.js';
import { isSqlDb, migrate, openDb } from '../db/index.js';
import { createLogger } from '../shared/logger.js';
import { requireSharedDatabase } from './require-shared-db.js';

/** `--shared` (the release command): refuse the embedded database, which a release machine would throw away. */
export async function run(config: Config, args: string[] = []): Promise<number> {
  if (args.includes('--shared')) requireSharedDatabase(config, 'migrate --shared');
  const db = await openDb(config.database);
  try {
    if (!isSqlDb(db)) {
      console.error('julia migrate: Supabase over REST cannot run DDL; set DATABASE_URL to the Supabase Postgres URL or run `supabase db push`');
      return 1;
    }
    const applied = await migrate(db, { logger: createLogger(config.LOG_LEVEL) });
    console.log(applied.length ? `applied ${applied.length} migration(s): ${applied.join(', ')}` : 'database is up to date');
    return 0;
  } finally {
    await db.close();
  }
}
