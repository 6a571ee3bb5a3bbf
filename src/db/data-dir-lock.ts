import { linkSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
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

/** Directories this process holds: the same pid in a lock file is a previous incarnation otherwise. */
const held = new Set<string>();

/** Linux: the process's start time (clock ticks since boot), which tells a reused pid apart. */
function startTime(pid: number | 'self'): string {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which may hold spaces and parentheses.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? '';
  } catch {
    return '';
  }
}

function alive(pid: number, started: string): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    // EPERM: the process exists but belongs to someone else, so it is alive.
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  // A container restarted after a crash runs again as pid 1 (or another small pid):
  // same number, different process. The start time says which.
  const now = started ? startTime(pid) : '';
  return !started || !now || now === started;
}

/**
 * PGlite has no postmaster to keep a second process out of its data directory,
 * and two writers corrupt it. `open(..., 'wx')` creates the lock file atomically;
 * a lock left by a process that died (kill -9, power loss) is taken over, since
 * its pid no longer answers, or answers with another start time (a reused pid).
 * One process opening the directory twice is refused too.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, LOCK_FILE);
  const key = resolve(path);
  if (held.has(key)) throw new DataDirLockedError(resolve(dataDir), process.pid);
  const content = `${process.pid} ${startTime('self')}\n`;
  for (let attempt = 0; attempt < 3; attempt++) {
    // Written aside, then linked into place: link() fails if the lock exists, and a
    // reader never sees a half-written lock.
    const draft = `${path}.${process.pid}.tmp`;
    writeFileSync(draft, content);
    try {
      linkSync(draft, path);
      held.add(key);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        held.delete(key);
        process.off('exit', release);
        try {
          if (readFileSync(path, 'utf8') === content) unlinkSync(path);
        } catch {
          // Already gone: nothing to release.
        }
      };
      process.on('exit', release);
      return { release };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    } finally {
      unlinkSync(draft);
    }
    const found = readFileSafe(path);
    const [pidText, started = ''] = found.trim().split(' ');
    const holder = Number.parseInt(pidText ?? '', 10);
    // Our own pid in the file, but not held by us: a previous process that had our number.
    const ours = holder === process.pid;
    if (!ours && Number.isInteger(holder) && holder > 0 && alive(holder, started)) throw new DataDirLockedError(resolve(dataDir), holder);
    // Stale: move it aside (atomic), and if what moved is not what we judged stale
    // (another process took the directory meanwhile), put it back.
    const grave = `${path}.stale-${process.pid}`;
    try {
      renameSync(path, grave);
      if (readFileSafe(grave) !== found) linkSync(grave, path);
    } catch {
      // Gone already, or the slot was taken again: the next attempt decides.
    }
    try {
      unlinkSync(grave);
    } catch {
      // Nothing was moved.
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
