import { createPostgresDb, createSupabaseDb, type Db } from '../../src/db/index.js';
import { serveRpcGateway } from './rpc-gateway.js';
import type { TestDb } from './test-db.js';

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
