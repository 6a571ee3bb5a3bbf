import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PREFIX = 'julia-test-run-';

/**
 * One temporary directory for a whole test run, made the run's TMPDIR: the test
 * workers inherit it (vitest starts them with this process's environment), so
 * every `mkdtemp(tmpdir())` of a test, a helper or a PGlite worker lands inside
 * it, and the returned teardown removes all of it. A test that forgets its own
 * directory can no longer fill /tmp, as leaked PGlite copies once did. Roots of
 * runs that were killed (their pid is gone) are removed at the next start.
 */
export function useRunTempDir(): () => void {
  const base = tmpdir();
  removeAbandonedRoots(base);
  const root = mkdtempSync(join(base, `${PREFIX}${process.pid}-`));
  const previous = process.env.TMPDIR;
  process.env.TMPDIR = root;
  return () => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    rmSync(root, { recursive: true, force: true });
  };
}

function removeAbandonedRoots(base: string): void {
  for (const name of readdirSync(base)) {
    if (!name.startsWith(PREFIX)) continue;
    const pid = Number(name.slice(PREFIX.length).split('-')[0]);
    if (Number.isInteger(pid) && pid > 0 && alive(pid)) continue;
    rmSync(join(base, name), { recursive: true, force: true });
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
