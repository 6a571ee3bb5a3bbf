import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { AppError } from '../shared/errors.js';

export const LOCK_FILE = 'julia.lock';

export class DataDirLockedError extends AppError {
  constructor(dataDir: string, pid: number) {
    super(
      'data_dir_locked',
      `DATA_DIR ${dataDir} is in use by process ${pid}: embedded PGlite serves one process only; ` +
        'stop that process, pick another DATA_DIR, or set DATABASE_URL to share one database',
      { dataDir, pid },
    );
  }
}

export interface DataDirLock {
  release(): void;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else, so it is alive.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite has no postmaster to keep a second process out of its data directory,
 * and two writers corrupt it. `open(..., 'wx')` creates the lock file atomically;
 * a lock left by a process that died (kill -9, power loss) is taken over, since
 * its pid no longer answers. The same pid counts as a holder too: one process
 * opening the directory twice is the same bug.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off('exit', release);
        try {
          if (readFileSync(path, 'utf8').trim() === String(process.pid)) unlinkSync(path);
        } catch {
          // Already gone: nothing to release.
        }
      };
      process.on('exit', release);
      return { release };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const holder = Number.parseInt(readFileSafe(path), 10);
    if (Number.isInteger(holder) && holder > 0 && alive(holder)) throw new DataDirLockedError(resolve(dataDir), holder);
    // Stale (dead pid or a torn write): remove and race for it again.
    try {
      unlinkSync(path);
    } catch {
      // Another process removed it first; the next open decides.
    }
  }
  throw new AppError('data_dir_locked', `could not lock DATA_DIR ${resolve(dataDir)}: another process keeps taking it`);
}

function readFileSafe(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}
