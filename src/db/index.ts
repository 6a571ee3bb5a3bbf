import type { Config } from '../config.js';
import type { Db, SqlDb } from './rpc.js';
import { createPgliteWorkerDb } from './pglite-worker.js';
import { createPostgresDb } from './postgres.js';
import { createSupabaseDb } from './supabase.js';
import { DataDirLockedError, lockDataDir, type DataDirLock } from './data-dir-lock.js';
import { connectBeside } from './pglite-beside.js';
import { socketPathFor } from './pglite-socket-path.mjs';

export * from './rpc.js';
export { migrate, listMigrations, pendingMigrations, MigrationError, MIGRATIONS_DIR } from './migrate.js';
export { createPgliteDb, pgliteDb } from './pglite.js';
export { snapshotPglite, type PgliteSnapshot } from './pglite-snapshot.js';
export { createPgliteWorkerDb } from './pglite-worker.js';
export { createPostgresDb } from './postgres.js';
export { createSupabaseDb } from './supabase.js';
export { lockDataDir, DataDirLockedError, LOCK_FILE } from './data-dir-lock.js';
export { connectBeside } from './pglite-beside.js';
export { socketPathFor } from './pglite-socket-path.mjs';
export { SOCKET_IDLE_TIMEOUT_MS } from './pglite-socket-serve.mjs';
export { vectorSupport, type VectorSupport } from './vector-support.js';
export { waitForDatabase, throughRestart, isTransientConnectionError } from './wait-for-database.js';
export { waitForSchema } from './wait-for-schema.js';

export function isSqlDb(db: Db): db is SqlDb {
  return typeof (db as SqlDb).exec === 'function';
}

export interface OpenDbOptions {
  /**
   * Embedded PGlite held by another live process: connect to the database it serves
   * on its socket (the CLI beside `julia serve`). Default yes; the service itself
   * says no, since two services on one directory is a mistake to report.
   */
  beside?: boolean;
}

/** Picks the adapter: DATABASE_URL wins, then Supabase, then embedded PGlite. */
export async function openDb(database: Config['database'], opts: OpenDbOptions = {}): Promise<Db> {
  switch (database.kind) {
    case 'postgres':
      return createPostgresDb({ url: database.url, ...(database.poolMax && { max: database.poolMax }) });
    case 'supabase':
      return createSupabaseDb({ url: database.url, serviceRoleKey: database.key });
    case 'pglite': {
      // One process per data directory: a second one reaches the database through the
      // holder's socket, or gets a clear error, never a corrupt database.
      let lock: DataDirLock;
      try {
        lock = lockDataDir(database.dataDir);
      } catch (err) {
        if (err instanceof DataDirLockedError && opts.beside !== false) return connectBeside(database.dataDir, err);
        throw err;
      }
      try {
        // On its own thread: the database gets the second core, the event loop stays free.
        // The holder serves it to the commands run beside it (docs/decisions/0255-cli-beside-serve.md).
        const db = await createPgliteWorkerDb({ dataDir: database.dataDir, socketPath: socketPathFor(database.dataDir) });
        const close = db.close.bind(db);
        return Object.assign(db, { close: async () => { try { await close(); } finally { lock.release(); } } });
      } catch (err) {
        lock.release();
        throw err;
      }
    }
  }
}
