import { readFileSync } from 'node:fs';
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
