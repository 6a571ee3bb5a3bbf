import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
// Trigram similarity for matching hospital names from WhatsApp groups (0130_groups.sql).
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
// Plain JS shared with the PGlite worker thread (types in pglite-prepared.d.mts).
import { createPreparedRunner } from './pglite-prepared.mjs';
import { pgliteStartParams } from './pglite-start-params.mjs';
import { buildRpcCall, MIGRATION_LOCK_KEY, toDbError, type SqlDb, type SqlTx } from './rpc.js';

export interface PgliteOptions {
  /** Directory to persist in; omit for an in-memory database (tests). */
  dataDir?: string;
  /** A `dumpDataDir()` tarball to start from (the migrated test template). */
  loadDataDir?: Blob | File;
}

export async function createPgliteDb(opts: PgliteOptions = {}): Promise<SqlDb & { pg: PGlite }> {
  if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });
  const pg = await PGlite.create({
    ...(opts.dataDir ? { dataDir: opts.dataDir } : {}),
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
    extensions: { vector, pg_trgm },
    startParams: pgliteStartParams(),
  });
  return pgliteDb(pg);
}

export function pgliteDb(pg: PGlite): SqlDb & { pg: PGlite } {
  // An rpc's fixed SQL text, prepared once: one round into PGlite per call (pglite-prepared.mjs).
  const runPrepared = createPreparedRunner(pg);
  return {
    kind: 'pglite',
    pg,
    async rpc<T>(name: string, args = {}): Promise<T> {
      const { sql, params } = buildRpcCall(name, args);
      try {
        const rows = await runPrepared<{ result: T }>(sql, params);
        return rows[0]!.result;
      } catch (err) {
        throw toDbError(name, err);
      }
    },
    async exec(sql: string) {
      await pg.exec(sql);
    },
    async query<R>(sql: string, params: unknown[] = []) {
      return (await pg.query<R>(sql, params)).rows;
    },
    async withMigrationLock<T>(fn: (tx: SqlTx) => Promise<T>): Promise<T> {
      return pg.transaction(async (tx) => {
        await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
        return fn({
          exec: async (sql) => void (await tx.exec(sql)),
          query: async <R>(sql: string, params: unknown[] = []) => (await tx.query<R>(sql, params)).rows,
        });
      });
    },
    async close() {
      if (!pg.closed) await pg.close();
    },
  };
}
