import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { createPostgresDb, migrate } from '../../src/db/index.js';
import { useRunTempDir } from './run-temp-dir.js';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresAdminUrl: string;
    postgresTemplate: string;
    postgresSeededTemplate: string;
  }
}

const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * The PostgreSQL pass: migrates two template databases once per run (plain and
 * seeded); each test file clones one with `create database … template` (tens of
 * milliseconds) and drops it on close. Everything this run made is dropped at
 * teardown, by its run prefix, so a crashed file leaves nothing behind.
 * Unreachable server: fails under CI, skips the pass loudly elsewhere.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const run = `julia_pt_${randomBytes(3).toString('hex')}`;
  const admin = createPostgresDb({ url: ADMIN_URL, max: 1 });
  try {
    await admin.query('select 1');
  } catch (err) {
    await admin.close().catch(() => {});
    const why = `PostgreSQL is not reachable at ${ADMIN_URL} (${(err as Error).message}).`;
    if (process.env.CI) throw new Error(`${why} The PostgreSQL pass is required in CI; .ci/run starts the server.`);
    console.warn(`\n${'!'.repeat(78)}\n!! SKIPPING THE POSTGRESQL PASS: ${why}\n!! Start it (or set TEST_POSTGRES_URL) to run the database-critical tests on real PostgreSQL.\n${'!'.repeat(78)}\n`);
    process.exit(0);
  }
  const plain = `${run}_tpl`;
  const seeded = `${run}_tpl_seeded`;
  const made: string[] = [];
  const urlOf = (name: string) => Object.assign(new URL(ADMIN_URL), { pathname: `/${name}` }).toString();
  try {
    await admin.exec(`create database ${plain}`);
    made.push(plain);
    const tpl = createPostgresDb({ url: urlOf(plain), max: 1 });
    try {
      await migrate(tpl);
    } finally {
      await tpl.close();
    }
    await admin.exec(`create database ${seeded} template ${plain}`);
    made.push(seeded);
    const s = createPostgresDb({ url: urlOf(seeded), max: 1 });
    try {
      await s.exec(readFileSync(new URL('../../supabase/seed.sql', import.meta.url), 'utf8'));
    } finally {
      await s.close();
    }
  } catch (err) {
    await dropRun(admin, run).catch(() => {});
    await admin.close();
    throw err;
  }
  project.provide('postgresAdminUrl', ADMIN_URL);
  project.provide('postgresTemplate', plain);
  project.provide('postgresSeededTemplate', seeded);
  const removeRunTempDir = useRunTempDir();
  return async () => {
    try {
      await dropRun(admin, run);
    } finally {
      await admin.close();
      removeRunTempDir();
    }
  };
}

async function dropRun(admin: ReturnType<typeof createPostgresDb>, run: string): Promise<void> {
  const rows = await admin.query<{ datname: string }>('select datname from pg_database where datname like $1', [`${run}\\_%`]);
  for (const { datname } of rows) await admin.exec(`drop database if exists ${datname} with (force)`);
}
