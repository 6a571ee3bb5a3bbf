import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createPgliteDb, migrate } from '../../src/db/index.js';
import { useRunTempDir } from './run-temp-dir.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgliteSeededTemplate: string;
    pgliteServedDataDir: string;
    pgliteServedSeededDataDir: string;
  }
}

/**
 * Migrates a PGlite database once per run and dumps it; each test worker starts
 * its databases from the dump instead of migrating from scratch (several seconds),
 * and restores them between files (tests/helpers/pglite-pool.ts).
 * Everything lives in the run's temporary directory, removed at teardown.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const removeRunTempDir = useRunTempDir();
  const dir = mkdtempSync(join(tmpdir(), 'julia-pglite-'));
  const db = await createPgliteDb();
  await migrate(db);
  const plain = join(dir, 'template.tar');
  writeFileSync(plain, Buffer.from(await (await db.pg.dumpDataDir('none')).arrayBuffer()));
  await db.exec(readFileSync(new URL('../../supabase/seed.sql', import.meta.url), 'utf8'));
  const seeded = join(dir, 'seeded.tar');
  writeFileSync(seeded, Buffer.from(await (await db.pg.dumpDataDir('none')).arrayBuffer()));
  await db.close();
  // The same migrated database as a DATA_DIR on disk, for tests that spawn `julia serve`:
  // each copies it and boots without migrating (that is tested once, in cli.test.ts).
  const served = join(dir, 'served-data');
  const onDisk = await createPgliteDb({ dataDir: served, loadDataDir: new Blob([readFileSync(plain)]) });
  await onDisk.close();
  // And with the demo data, what `julia seed` writes (that command is tested in import-cli.test.ts).
  const servedSeeded = join(dir, 'served-seeded-data');
  const seededOnDisk = await createPgliteDb({ dataDir: servedSeeded, loadDataDir: new Blob([readFileSync(seeded)]) });
  await seededOnDisk.close();
  project.provide('pgliteServedDataDir', served);
  project.provide('pgliteServedSeededDataDir', servedSeeded);
  project.provide('pgliteTemplate', plain);
  project.provide('pgliteSeededTemplate', seeded);
  return removeRunTempDir;
}
