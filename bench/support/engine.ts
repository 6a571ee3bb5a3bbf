import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPostgresDb, createSupabaseDb, migrate, openDb, type Db, type SqlDb } from '../../src/db/index.js';
import { spawnDb } from './spawn-db.js';

/**
 * The database a benchmark runs on, and how Júlia is laid out on it.
 *
 * Layouts (`--layout`):
 * - `serve` (the default without --database-url): the embedded engine as it is
 *   deployed, ONE `julia serve` process (HTTP, workers, PGlite on its own
 *   thread) on a fresh DATA_DIR in a temp dir. serve locks DATA_DIR, so the
 *   bench touches the database only while serve is not running: it seeds
 *   before (`release()` hands the directory over) and checks after
 *   (`reacquire()` once serve has stopped). Everything during the run goes
 *   through Redis or HTTP, as a user's traffic would.
 * - `roles` (the default, and the only layout, with --database-url): `julia
 *   web` and `julia worker`s as separate processes sharing one database:
 * - `--database-url postgres://host:port` (no database named): a scratch
 *   database is created, migrated, and dropped at the end.
 * - `--database-url postgres://host:port/name`: that database is used as it is
 *   (migrated, never dropped).
 * - `--layout roles` with no --database-url: the embedded engine in a test
 *   harness (not how it is deployed). `julia web`/`julia worker` refuse an embedded
 *   PGlite of their own (each would hold its own copy of every conversation),
 *   so PGlite runs in one process of its own (support/db-process.ts: PGlite on
 *   its own thread, as `julia serve` runs it) and the roles reach it through a
 *   PostgREST-shaped gateway with the real Supabase adapter. Not pglite-socket:
 *   0.2 interleaves extended-protocol messages of concurrent connections, and
 *   web + two workers are at least three.
 */
export type BenchLayout = 'serve' | 'roles';

export interface BenchEngine {
  engine: 'embedded' | 'postgres';
  layout: BenchLayout;
  /** serve layout: the DATA_DIR `julia serve` is started on (in `env` too). */
  dataDir?: string;
  /** The embedded database's process (for its CPU time); none for PostgreSQL, a shared server. */
  pid?: number;
  /** Environment for `julia web` / `julia worker` to reach this database. */
  env: Record<string, string>;
  /** The bench's own client (setup and checks), through the same adapter kind as the roles. */
  db: Db;
  exec(sql: string): Promise<void>;
  query<T>(sql: string): Promise<T[]>;
  /** serve layout: close the bench's own connection so `julia serve` can lock DATA_DIR. No-op for roles. */
  release(): Promise<void>;
  /** serve layout: reopen DATA_DIR after `julia serve` stopped, to check what it stored. No-op for roles. */
  reacquire(): Promise<void>;
  stop(): Promise<void>;
}

export function layoutArg(url = databaseUrlArg(), argv = process.argv): BenchLayout {
  const i = argv.indexOf('--layout');
  const layout = i >= 0 ? argv[i + 1] : url ? 'roles' : 'serve';
  if (layout !== 'serve' && layout !== 'roles') throw new Error('--layout is serve or roles');
  // serve runs PGlite in-process; with PostgreSQL the deployed shape is web + workers.
  if (layout === 'serve' && url) throw new Error('--layout serve is the embedded engine: drop --database-url');
  return layout;
}

export function databaseUrlArg(argv = process.argv): string | undefined {
  const i = argv.indexOf('--database-url');
  if (i < 0) return undefined;
  const url = argv[i + 1];
  if (!url || url.startsWith('--')) throw new Error('--database-url needs a postgres:// URL');
  return url;
}

export async function openEngine(label: string, url = databaseUrlArg(), layout = layoutArg(url)): Promise<BenchEngine> {
  if (layout === 'serve') return openServeDataDir(label);
  if (!url) {
    const remote = await spawnDb();
    const db = createSupabaseDb({ url: remote.url, serviceRoleKey: remote.key });
    return {
      engine: 'embedded',
      layout,
      pid: remote.pid,
      env: { SUPABASE_URL: remote.url, SUPABASE_SERVICE_ROLE_KEY: remote.key },
      db,
      exec: (sql) => remote.exec(sql),
      query: (sql) => remote.query(sql),
      release: async () => {},
      reacquire: async () => {},
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
    layout,
    env: { DATABASE_URL: target.toString() },
    db,
    exec: (sql) => db.exec(sql),
    query: <T>(sql: string) => db.query<T>(sql),
    release: async () => {},
    reacquire: async () => {},
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

/**
 * A fresh DATA_DIR for `julia serve`, opened the way serve opens it (openDb:
 * the DATA_DIR lock, PGlite on its own thread) and migrated, so the bench can
 * seed it. Removed at stop.
 */
async function openServeDataDir(label: string): Promise<BenchEngine> {
  const dataDir = mkdtempSync(join(tmpdir(), `julia-bench-${label}-`));
  // A bench that dies halfway (a timeout, a crash) leaves no PGlite copy in /tmp.
  process.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  const open = async () => (await openDb({ kind: 'pglite', dataDir })) as SqlDb;
  let current: SqlDb | undefined = await open();
  await migrate(current);
  const db = () => {
    if (!current) throw new Error('DATA_DIR is held by julia serve: reacquire() after it stops');
    return current;
  };
  return {
    engine: 'embedded',
    layout: 'serve',
    dataDir,
    env: { DATA_DIR: dataDir },
    get db() {
      return db();
    },
    exec: (sql) => db().exec(sql),
    query: <T>(sql: string) => db().query<T>(sql),
    async release() {
      await current?.close();
      current = undefined;
    },
    async reacquire() {
      current ??= await open();
    },
    async stop() {
      await current?.close();
      current = undefined;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
