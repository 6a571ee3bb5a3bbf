import type { Config } from '../config.js';
import type { Db, SqlDb } from './rpc.js';
import { createPgliteWorkerDb } from './pglite-worker.js';
import { createPostgresDb } from './postgres.js';
import { createSupabaseDb } from './supabase.js';

export * from './rpc.js';
export { migrate, listMigrations, pendingMigrations, MigrationError, MIGRATIONS_DIR } from './migrate.js';
export { createPgliteDb, pgliteDb } from './pglite.js';
export { createPgliteWorkerDb } from './pglite-worker.js';
export { createPostgresDb } from './postgres.js';
export { createSupabaseDb } from './supabase.js';

export function isSqlDb(db: Db): db is SqlDb {
  return typeof (db as SqlDb).exec === 'function';
}

/** Picks the adapter: DATABASE_URL wins, then Supabase, then embedded PGlite. */
export async function openDb(database: Config['database']): Promise<Db> {
  switch (database.kind) {
    case 'postgres':
      return createPostgresDb({ url: database.url });
    case 'supabase':
      return createSupabaseDb({ url: database.url, serviceRoleKey: database.key });
    case 'pglite':
      // On its own thread: the database gets the second core, the event loop stays free.
      return createPgliteWorkerDb({ dataDir: database.dataDir });
  }
}
