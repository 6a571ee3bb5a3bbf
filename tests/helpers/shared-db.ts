import { afterAll, beforeAll } from 'vitest';
import { createPostgresDb, createSupabaseDb, type Db } from '../../src/db/index.js';
import { serveRpcGateway } from './rpc-gateway.js';
import { createTestDb, type TestDb } from './test-db.js';

export interface SharedDb {
  /** Environment that points a child process (worker, scheduler) at the test's database. */
  env: Record<string, string>;
  /** Another client of the same database, as a separate production process would have. */
  client(): Db;
  stop(): Promise<void>;
}

/**
 * Shares the test's database with child processes. PostgreSQL pass: each
 * process connects directly (DATABASE_URL), with its own pool, as in production.
 * PGlite pass: through a PostgREST-shaped gateway (see rpc-gateway.ts), since
 * an in-memory PGlite has no server of its own.
 */
export async function shareWithProcesses(db: TestDb): Promise<SharedDb> {
  if (db.url) {
    const url = db.url;
    return { env: { DATABASE_URL: url }, client: () => createPostgresDb({ url, max: 4 }), stop: async () => {} };
  }
  const gateway = await serveRpcGateway(db);
  return {
    env: { SUPABASE_URL: gateway.url, SUPABASE_SERVICE_ROLE_KEY: gateway.key },
    client: () => createSupabaseDb({ url: gateway.url, serviceRoleKey: gateway.key }),
    stop: () => gateway.stop(),
  };
}

/** One test file's database, shared with the processes the file spawns; set before its first test. */
export interface FileSharedDb {
  db: TestDb;
  served: SharedDb;
  /** Run at the file's end, last added first, before the gateway stops and the database closes. */
  cleanups: Array<() => Promise<unknown> | unknown>;
}

/**
 * Called at the top of a test file: a fresh database shared with child processes, and its end. An afterAll the
 * file registers after this call runs first (vitest runs after-hooks as a stack), so a file kills its children there
 * and they are gone before the cleanups, the gateway and the database.
 */
export function fileDbSharedWithProcesses(): FileSharedDb {
  const file = { cleanups: [] as FileSharedDb['cleanups'] } as FileSharedDb;
  beforeAll(async () => {
    file.db = await createTestDb();
    file.served = await shareWithProcesses(file.db);
  });
  afterAll(async () => {
    for (const c of file.cleanups.reverse()) await c();
    await file.served?.stop();
    await file.db?.close();
  });
  return file;
}
