import type { Config } from '../config.js';
import type { Db, SqlDb } from './rpc.js';
import { createPgliteWorkerDb } from './pglite-worker.js';
import { createPostgresDb } from './postgres.js';
import { createSupabaseDb } from './supabase.js';
import { lockDataDir } from './data-dir-lock.js';

export * from './rpc.js';
export { migrate, listMigrations, pendingMigrations, MigrationError, MIGRATIONS_DIR } from './migrate.js';
export { createPgliteDb, pgliteDb } from './pglite.js';
export { createPgliteWorkerDb } from './pglite-worker.js';
export { createPostgresDb } from './postgres.js';
export { createSupabaseDb } from './supabase.js';
export { lockDataDir, DataDirLockedError, LOCK_FILE } from './data-dir-lock.js';
export { vectorSupport, type VectorSupport } from './vector-support.js';
export { waitForDatabase, isTransientConnectionError } from './wait-for-database.js';
export { waitForSchema } from './wait-for-schema.js';

export function isSqlDb(db: Db): db is SqlDb {
  return typeof (db as SqlDb).exec === 'function';
}

/** Picks the adapter: DATABASE_URL wins, then Supabase, then embedded PGlite. */
export async function openDb(database: Config['database']): Promise<Db> {
  switch (database.kind) {
    case 'postgres':
      return createPostgresDb({ url: database.url, ...(database.poolMax && { max: database.poolMax }) });
    case 'supabase':
      return createSupabaseDb({ url: database.url, serviceRoleKey: database.key });
    case 'pglite': {
      // One process per data directory: a second one gets a clear error, not a corrupt database.
      const lock = lockDataDir(database.dataDir);
      try {
        // On its own thread: the database gets the second core, the event loop stays free.
        const db = await createPgliteWorkerDb({ dataDir: database.dataDir });
        const close = db.close.bind(db);
        return Object.assign(db, { close: async () => { try { await close(); } finally { lock.release(); } } });
      } catch (err) {
        lock.release();
        throw err;
      }
    }
  }
}
