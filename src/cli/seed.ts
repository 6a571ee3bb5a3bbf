import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Config } from '../config.js';
import { isSqlDb, migrate, openDb } from '../db/index.js';

const SEED_FILE = fileURLToPath(new URL('../../supabase/seed.sql', import.meta.url));

/** Demo data; the file is idempotent (fixed keys, on conflict do nothing). */
export async function run(config: Config): Promise<number> {
  const db = await openDb(config.database);
  try {
    if (!isSqlDb(db)) {
      console.error('julia seed: Supabase over REST cannot run SQL files; set DATABASE_URL or run `supabase db reset`');
      return 1;
    }
    await migrate(db);
    await db.exec(readFileSync(SEED_FILE, 'utf8'));
    const stats = await db.rpc('stats_overview');
    console.log(`seeded: ${JSON.stringify(stats)}`);
    return 0;
  } finally {
    await db.close();
  }
}
