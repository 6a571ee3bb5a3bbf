import { lstatSync } from 'node:fs';
import { dirname } from 'node:path';
import type { SqlDb } from './rpc.js';
import { createPostgresDb } from './postgres.js';
import { DataDirLockedError } from './data-dir-lock.js';
import { socketPathFor } from './pglite-socket-path.mjs';

/** How long a command waits for a holder that is still starting to serve its socket. */
export const BESIDE_WAIT_MS = 15_000;
const RETRY_MS = 200;

/** A socket someone else could have put there (another user's directory) is not ours to trust. */
function privateSocketDir(path: string): boolean {
  try {
    const stat = lstatSync(dirname(path));
    const uid = typeof process.getuid === 'function' ? process.getuid() : stat.uid;
    return stat.isDirectory() && stat.uid === uid && (stat.mode & 0o077) === 0;
  } catch {
    return false;
  }
}

/**
 * The process that holds an embedded DATA_DIR (`julia serve`, or another command)
 * serves its database on a Unix socket there (pglite-socket-serve.mjs): a command
 * run beside it connects through that socket with the Postgres adapter instead of
 * refusing. One connection, unprepared statements and short idle time: the holder
 * runs one client's messages at a time, and its own statements between them.
 */
export async function connectBeside(dataDir: string, locked: DataDirLockedError, opts: { waitMs?: number } = {}): Promise<SqlDb> {
  const path = socketPathFor(dataDir);
  const deadline = Date.now() + (opts.waitMs ?? BESIDE_WAIT_MS);
  let last: unknown;
  for (;;) {
    if (privateSocketDir(path)) {
      const db = createPostgresDb({ url: 'postgres://postgres@localhost/postgres', path, max: 1, prepare: false });
      try {
        await db.query('select 1');
        // Every statement is a turn at the service's one session: connections stay short.
        return Object.assign(db, { close: () => db.sql.end({ timeout: 2 }) });
      } catch (err) {
        last = err;
        await db.sql.end({ timeout: 0 }).catch(() => {});
      }
    }
    if (Date.now() >= deadline) break;
    await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
  }
  const why = last instanceof Error ? `: ${last.message}` : '';
  throw Object.assign(locked, { message: `${locked.message} (and it does not serve the database on ${path}${why})` });
}
