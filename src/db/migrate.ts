import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AppError } from '../shared/errors.js';
import type { Logger } from '../shared/logger.js';
import type { SqlDb } from './rpc.js';
import { vectorSupport, VECTOR_SHIM_SQL, withoutVector } from './vector-support.js';
import { isTransientConnectionError } from './wait-for-database.js';

// JULIA_MIGRATIONS_DIR exists so tests can prove a broken file stops boot.
export const MIGRATIONS_DIR =
  process.env.JULIA_MIGRATIONS_DIR ?? fileURLToPath(new URL('../../supabase/migrations', import.meta.url));

export class MigrationError extends AppError {
  constructor(
    readonly file: string,
    message: string,
  ) {
    super('migration', `migration ${file} failed: ${message}`, { file });
  }
}

export interface MigrationFile {
  name: string;
  sql: string;
  checksum: string;
}

export function listMigrations(dir = MIGRATIONS_DIR): MigrationFile[] {
  return readdirSync(dir)
    .filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f))
    .sort()
    .map((name) => {
      const sql = readFileSync(join(dir, name), 'utf8');
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex').slice(0, 16) };
    });
}

const LEDGER = `create table if not exists schema_migrations (
  name text primary key,
  checksum text not null,
  applied_at timestamptz not null default now()
)`;

/**
 * Applies pending files in name order, each in its own transaction under an
 * advisory lock, so two processes booting at once apply each file once. A file
 * edited after it was applied is an error: history is fixed, add a new file.
 */
export async function migrate(db: SqlDb, opts: { dir?: string; logger?: Logger } = {}): Promise<string[]> {
  const files = listMigrations(opts.dir);
  const applied: string[] = [];
  // Under the lock too: every process runs this at boot, and two of them creating the
  // ledger or replacing the shim at once fail on PostgreSQL's catalog ("duplicate key ...
  // pg_proc", "tuple concurrently updated"), which killed a worker started beside another.
  const support = await db.withMigrationLock(async (tx) => {
    await tx.exec(LEDGER);
    const found = await vectorSupport(tx);
    if (found === 'text-only') await tx.exec(VECTOR_SHIM_SQL);
    return found;
  });
  for (const file of files) {
    const did = await db.withMigrationLock(async (tx) => {
      const rows = await tx.query<{ checksum: string }>('select checksum from schema_migrations where name = $1', [file.name]);
      if (rows[0]) {
        if (rows[0].checksum !== file.checksum) {
          throw new MigrationError(file.name, 'file changed after it was applied; add a new migration instead');
        }
        return false;
      }
      try {
        // The checksum stays that of the file on disk; only what runs is adapted.
        await tx.exec(support === 'text-only' ? withoutVector(file.sql) : file.sql);
      } catch (err) {
        // A connection cut mid-file is the server going away, not the file failing: the
        // transaction rolled back, and the caller may run migrate again (throughRestart).
        if (isTransientConnectionError(err)) throw err;
        throw new MigrationError(file.name, err instanceof Error ? err.message : String(err));
      }
      await tx.query('insert into schema_migrations (name, checksum) values ($1, $2)', [file.name, file.checksum]);
      return true;
    });
    if (did) {
      applied.push(file.name);
      opts.logger?.info({ migration: file.name, ...(support === 'text-only' && { pgvector: 'absent' }) }, 'migration applied');
    }
  }
  return applied;
}

/** Names of files on disk not yet applied: used where we cannot migrate (Supabase over REST). */
export function pendingMigrations(appliedNames: string[], dir?: string): string[] {
  const done = new Set(appliedNames);
  return listMigrations(dir)
    .map((f) => f.name)
    .filter((n) => !done.has(n));
}
