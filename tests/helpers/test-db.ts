import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { createPostgresDb, type SqlDb } from '../../src/db/index.js';
import { pooledPgliteDb } from './pglite-pool.js';

/** The raw-SQL surface tests use on both engines (PGlite's `query` shape: `{ rows }`). */
export interface TestPg {
  query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: R[] }>;
  exec(sql: string): Promise<unknown>;
}

export type TestDb = SqlDb & {
  pg: TestPg;
  engine: 'pglite' | 'postgres';
  /** postgres pass only: the scratch database's URL, for child processes (DATABASE_URL). */
  url?: string;
};

/** True in the PostgreSQL pass (tests/vitest.postgres.config.ts sets JULIA_TEST_DB=postgres). */
export const onPostgres = process.env.JULIA_TEST_DB === 'postgres';

/** Connections per scratch database in the PostgreSQL pass: true concurrency, not one session. */
export const POSTGRES_POOL = 8;

/**
 * A fresh, migrated database for one test file (or one test). PGlite pass: the
 * dump made in global setup, from the worker's pool (pglite-pool.ts: a database a
 * file closed is put back as the template left it). PostgreSQL pass: `create database … template`
 * from the template migrated in global setup, a pool of POSTGRES_POOL
 * connections, and `close()` drops the database. `seed: true` adds supabase/seed.sql.
 */
export async function createTestDb(opts: { seed?: boolean } = {}): Promise<TestDb> {
  if (onPostgres) return createPostgresTestDb(opts);
  const path = inject(opts.seed ? 'pgliteSeededTemplate' : 'pgliteTemplate');
  const db = await pooledPgliteDb(path, () => new Blob([readFileSync(path)]));
  return Object.assign(db, { engine: 'pglite' as const });
}

async function createPostgresTestDb(opts: { seed?: boolean }): Promise<TestDb> {
  const admin = inject('postgresAdminUrl');
  const template = inject(opts.seed ? 'postgresSeededTemplate' : 'postgresTemplate');
  const name = `${template.replace(/_tpl(_seeded)?$/, '')}_${randomBytes(4).toString('hex')}`;
  const a = createPostgresDb({ url: admin, max: 1 });
  try {
    await a.exec(`create database ${name} template ${template}`);
  } finally {
    await a.close();
  }
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const db = createPostgresDb({ url: url.toString(), max: POSTGRES_POOL });
  const close = db.close.bind(db);
  const pg: TestPg = {
    query: async <R>(sql: string, params: unknown[] = []) => ({ rows: await db.query<R>(sql, params) }),
    exec: (sql: string) => db.exec(sql),
  };
  return Object.assign(db, {
    pg,
    engine: 'postgres' as const,
    url: url.toString(),
    async close() {
      await close();
      const d = createPostgresDb({ url: admin, max: 1 });
      try {
        await d.exec(`drop database if exists ${name} with (force)`);
      } finally {
        await d.close();
      }
    },
  });
}

/**
 * A DATA_DIR holding the migrated template on disk, for a spawned `julia serve`:
 * it boots without migrating from scratch (a fresh directory is tested in cli.test.ts).
 * `seed: true` adds the demo data, as `julia seed` would. It is under the run's
 * temporary directory (tests/setup/run-temp-dir.ts); remove it when done with it.
 */
export function migratedDataDir(label = 'served', opts: { seed?: boolean } = {}): string {
  const dir = mkdtempSync(join(tmpdir(), `julia-${label}-`));
  cpSync(inject(opts.seed ? 'pgliteServedSeededDataDir' : 'pgliteServedDataDir'), dir, { recursive: true });
  return dir;
}
