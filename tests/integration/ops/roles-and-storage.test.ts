import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lockDataDir, LOCK_FILE } from '../../../src/db/index.js';
import { waitFor } from '../../helpers/wait-for.js';
import { teardown } from '../../helpers/teardown.js';
import { TEST_REDIS_URL, testPrefix } from '../../helpers/test-redis.js';
import { freePort } from '../../helpers/free-port.js';
import { migratedDataDir } from '../../helpers/test-db.js';

const JULIA = join(import.meta.dirname, '../../../src/julia.mjs');
// A prefix of its own: the service started here registers its queues and schedulers on the machine's Redis.
const prefix = testPrefix('roles-and-storage');
const baseEnv = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', LOG_LEVEL: 'warn', REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix };
afterAll(() => teardown(prefix));
const julia = (args: string[], env: Record<string, string> = {}) =>
  spawnSync(process.execPath, [JULIA, ...args], { env: { ...baseEnv, ...env }, encoding: 'utf8', timeout: 150_000 });
const dataDir = () => mkdtempSync(join(tmpdir(), 'julia-lock-'));

describe('roles need a shared database', () => {
  for (const role of ['web', 'worker']) {
    it(`julia ${role} without DATABASE_URL or Supabase exits 1 with one line naming the variable`, () => {
      const dir = dataDir();
      const r = julia([role], { DATA_DIR: dir });
      expect(r.status).toBe(1);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(new RegExp(`^julia ${role} needs a shared database: set DATABASE_URL \\(or SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY\\)`));
      // It refused before touching anything: no embedded database was created.
      expect(existsSync(join(dir, 'PG_VERSION'))).toBe(false);
    }, 60_000);
  }

  it('the release command (migrate --shared) refuses the embedded database the same way', () => {
    const r = julia(['migrate', '--shared'], { DATA_DIR: dataDir() });
    expect(r.status).toBe(1);
    expect(r.stderr.trim()).toMatch(/^julia migrate --shared needs a shared database: set DATABASE_URL/);
  }, 60_000);
});

describe('embedded data directory lock', () => {
  it('a second process on a locked directory exits with a clear error while the first keeps working', async () => {
    // Already migrated (a fresh directory's first boot is cli.test.ts's): the lock is what is tested here.
    const dir = migratedDataDir('lock');
    const [port1, port2] = [await freePort(), await freePort()];
    const first = spawn(process.execPath, [JULIA, 'serve'], { env: { ...baseEnv, PORT: String(port1), DATA_DIR: dir }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    first.stderr.on('data', (d) => (out += String(d)));
    const exited = new Promise<number | null>((resolve) => first.once('exit', (code) => resolve(code)));
    try {
      const ready = async () => (await fetch(`http://127.0.0.1:${port1}/readyz`)).status === 200;
      await waitFor(ready, { timeoutMs: 150_000, intervalMs: 250, what: 'first serve /readyz' }).catch((err: Error) => {
        throw new Error(`${err.message}: ${out}`);
      });
      expect(readFileSync(join(dir, LOCK_FILE), 'utf8').split(' ')[0]).toBe(String(first.pid));

      const second = julia(['serve'], { PORT: String(port2), DATA_DIR: dir });
      expect(second.status).toBe(1);
      expect(second.stderr.trim().split('\n')).toHaveLength(1);
      expect(second.stderr).toContain(`is in use by process ${first.pid}: embedded PGlite serves one process only`);
      expect(second.stderr).toContain('DATABASE_URL');
      // A command is not a second service: it reaches the first one's database through its socket.
      const beside = julia(['migrate'], { DATA_DIR: dir });
      expect(beside.stderr).toBe('');
      expect(beside.stdout.trim()).toBe('database is up to date');

      expect(await ready()).toBe(true);
    } finally {
      first.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
    // A clean shutdown releases the lock: the next process opens the directory.
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    expect(julia(['migrate'], { DATA_DIR: dir }).stdout.trim()).toBe('database is up to date');
  }, 240_000);

  it('takes over a lock left by a process that died', () => {
    // Migrated already: what is tested is taking the lock over, not migrating.
    const dir = migratedDataDir('lock');
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    writeFileSync(join(dir, LOCK_FILE), `${dead.stdout}\n`);
    const r = julia(['migrate'], { DATA_DIR: dir });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  }, 150_000);

  it('takes over a lock whose pid was reused by another process (a restarted container)', () => {
    // Migrated already: what is tested is taking the lock over, not migrating.
    const dir = migratedDataDir('lock');
    // This test process is alive, but it is not the process that wrote this start time.
    writeFileSync(join(dir, LOCK_FILE), `${process.pid} 1\n`);
    const r = julia(['migrate'], { DATA_DIR: dir });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  }, 150_000);

  it('refuses a live holder in process, and releases only its own lock', () => {
    const dir = dataDir();
    const lock = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(/is in use by process \d+/);
    lock.release();
    const again = lockDataDir(dir);
    lock.release(); // a stale handle: must not remove the new holder's lock
    expect(existsSync(join(dir, LOCK_FILE))).toBe(true);
    again.release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  });
});
