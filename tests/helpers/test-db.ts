import { cpSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { createPgliteDb } from '../../src/db/index.js';

export type TestDb = Awaited<ReturnType<typeof createPgliteDb>>;

/**
 * A fresh, migrated PGlite database for one test file (or one test), cloned
 * from the template made in global setup. `seed: true` adds supabase/seed.sql.
 */
export async function createTestDb(opts: { seed?: boolean } = {}): Promise<TestDb> {
  const path = inject(opts.seed ? 'pgliteSeededTemplate' : 'pgliteTemplate');
  return createPgliteDb({ loadDataDir: new Blob([readFileSync(path)]) });
}

/**
 * A DATA_DIR holding the migrated template on disk, for a spawned `julia serve`:
 * it boots without migrating from scratch (a fresh directory is tested in cli.test.ts).
 */
export function migratedDataDir(label = 'served'): string {
  const dir = mkdtempSync(join(tmpdir(), `julia-${label}-`));
  cpSync(inject('pgliteServedDataDir'), dir, { recursive: true });
  return dir;
}
