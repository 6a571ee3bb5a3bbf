import { ConfigError } from '../shared/errors.js';
import type { Logger } from '../shared/logger.js';
import { pendingMigrations } from './migrate.js';
import type { SqlDb } from './rpc.js';

const UNDEFINED_TABLE = '42P01';

async function appliedMigrations(db: Pick<SqlDb, 'query'>): Promise<string[]> {
  try {
    return (await db.query<{ name: string }>('select name from schema_migrations')).map((r) => r.name);
  } catch (err) {
    // A database nobody has migrated yet has no ledger at all.
    if ((err as { code?: unknown })?.code === UNDEFINED_TABLE) return [];
    throw err;
  }
}

/**
 * `julia web` does not migrate: the workers do at boot, and the release command does
 * (`julia migrate`). Started beside them on a new database, or on one a release has
 * not migrated yet, web used to fail at boot on whatever function it called first
 * ("function job_signing_key() does not exist"). It now waits until every migration
 * it ships with is applied, saying once what it waits for, and after `timeoutMs`
 * stops with an error that says what to run.
 */
export async function waitForSchema(
  db: Pick<SqlDb, 'query'>,
  opts: { timeoutMs: number; logger?: Logger; pollMs?: number; dir?: string },
): Promise<void> {
  const deadline = Date.now() + opts.timeoutMs;
  let warned = false;
  for (;;) {
    const pending = pendingMigrations(await appliedMigrations(db), opts.dir);
    if (pending.length === 0) {
      if (warned) opts.logger?.info('database schema is up to date');
      return;
    }
    if (Date.now() >= deadline) {
      throw new ConfigError(
        `database schema is not up to date: ${pending.length} migration(s) pending (first: ${pending[0]}). ` +
          'Run `julia migrate`, or start a `julia worker`, which migrates at boot.',
      );
    }
    if (!warned) opts.logger?.warn({ pending: pending.length, first: pending[0], waitMs: opts.timeoutMs }, 'database schema not migrated yet; waiting for a worker or `julia migrate`');
    warned = true;
    await new Promise((r) => setTimeout(r, opts.pollMs ?? 500));
  }
}
