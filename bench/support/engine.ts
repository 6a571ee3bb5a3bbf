import { randomBytes } from 'node:crypto';
import { createPostgresDb, createSupabaseDb, migrate, type Db } from '../../src/db/index.js';
import { spawnDb } from './spawn-db.js';

/**
 * The database a benchmark runs on, shared by the web and worker processes it
 * spawns.
 *
 * - `--database-url postgres://host:port` (no database named): a scratch
 *   database is created, migrated, and dropped at the end.
 * - `--database-url postgres://host:port/name`: that database is used as it is
 *   (migrated, never dropped).
 * - no flag: the embedded engine. `julia web`/`julia worker` refuse an embedded
 *   PGlite of their own (each would hold its own copy of every conversation),
 *   so PGlite runs in one process of its own (support/db-process.ts: PGlite on
 *   its own thread, as `julia serve` runs it) and the roles reach it through a
 *   PostgREST-shaped gateway with the real Supabase adapter. Not pglite-socket:
 *   0.2 interleaves extended-protocol messages of concurrent connections, and
 *   web + two workers are at least three.
 */
export interface BenchEngine {
  engine: 'embedded' | 'postgres';
  /** The embedded database's process (for its CPU time); none for PostgreSQL, a shared server. */
  pid?: number;
  /** Environment for `julia web` / `julia worker` to reach this database. */
  env: Record<string, string>;
  /** The bench's own client (setup and checks), through the same adapter kind as the roles. */
  db: Db;
  exec(sql: string): Promise<void>;
  query<T>(sql: string): Promise<T[]>;
  stop(): Promise<void>;
}

export function databaseUrlArg(argv = process.argv): string | undefined {
  const i = argv.indexOf('--database-url');
  if (i < 0) return undefined;
  const url = argv[i + 1];
  if (!url || url.startsWith('--')) throw new Error('--database-url needs a postgres:// URL');
  return url;
}

export async function openEngine(label: string, url = databaseUrlArg()): Promise<BenchEngine> {
  if (!url) {
    const remote = await spawnDb();
    const db = createSupabaseDb({ url: remote.url, serviceRoleKey: remote.key });
    return {
      engine: 'embedded',
      pid: remote.pid,
      env: { SUPABASE_URL: remote.url, SUPABASE_SERVICE_ROLE_KEY: remote.key },
      db,
      exec: (sql) => remote.exec(sql),
      query: (sql) => remote.query(sql),
      stop: async () => {
        await db.close();
        await remote.stop();
      },
    };
  }
  const target = new URL(url);
  let scratch: string | undefined;
  if (target.pathname === '' || target.pathname === '/') {
    scratch = `julia_bench_${label}_${randomBytes(4).toString('hex')}`;
    const admin = new URL(url);
    admin.pathname = '/postgres';
    const a = createPostgresDb({ url: admin.toString(), max: 1 });
    try {
      await a.exec(`create database ${scratch}`);
    } finally {
      await a.close();
    }
    target.pathname = `/${scratch}`;
  }
  const db = createPostgresDb({ url: target.toString(), max: 4 });
  await migrate(db);
  return {
    engine: 'postgres',
    env: { DATABASE_URL: target.toString() },
    db,
    exec: (sql) => db.exec(sql),
    query: <T>(sql: string) => db.query<T>(sql),
    async stop() {
      await db.close();
      if (!scratch) return;
      const admin = new URL(url);
      admin.pathname = '/postgres';
      const a = createPostgresDb({ url: admin.toString(), max: 1 });
      try {
        await a.exec(`drop database if exists ${scratch} with (force)`);
      } finally {
        await a.close();
      }
    },
  };
}
