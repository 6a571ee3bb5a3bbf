import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { waitFor } from '../../helpers/wait-for.js';
import { teardown } from '../../helpers/teardown.js';
import { TEST_REDIS_URL, testPrefix } from '../../helpers/test-redis.js';
import { freePort } from '../../helpers/free-port.js';

const JULIA = join(import.meta.dirname, '../../../src/julia.mjs');
// Only what a fresh shell has: the CLI must work on embedded defaults.
const baseEnv = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', LOG_LEVEL: 'warn' };

function julia(args: string[], env: Record<string, string>) {
  return spawnSync(process.execPath, [JULIA, ...args], { env: { ...baseEnv, ...env }, encoding: 'utf8', timeout: 60_000 });
}

describe('julia CLI', () => {
  it('exits non-zero with one line naming a bad variable', () => {
    const r = julia(['migrate'], { PORT: 'abc' });
    expect(r.status).toBe(1);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/PORT/);
  });

  it('names the missing half of a half-configured integration', () => {
    const r = julia(['serve'], { SLACK_BOT_TOKEN: 'xoxb-test' });
    expect(r.status).toBe(1);
    expect(r.stderr.trim()).toBe('invalid configuration: SLACK_SIGNING_SECRET is required when SLACK_BOT_TOKEN is set (Slack)');
  });

  it('stops boot on a broken migration, naming the file and the SQL error', () => {
    const dir = mkdtempSync(join(tmpdir(), 'julia-mig-'));
    writeFileSync(join(dir, '0001_ok.sql'), 'create table t1 (id int);');
    writeFileSync(join(dir, '0002_typo.sql'), 'alter tabel t1 add column x int;');
    const r = julia(['migrate'], { DATA_DIR: mkdtempSync(join(tmpdir(), 'julia-data-')), JULIA_MIGRATIONS_DIR: dir });
    expect(r.status).toBe(1);
    expect(r.stderr.trim()).toMatch(/^migration 0002_typo\.sql failed: syntax error at or near "tabel"$/);
  });

  it('migrates idempotently: the second run reports nothing to do', () => {
    const env = { DATA_DIR: mkdtempSync(join(tmpdir(), 'julia-data-')) };
    const first = julia(['migrate'], env);
    expect(first.status).toBe(0);
    expect(first.stdout).toMatch(/applied \d+ migration\(s\): 0001_foundation\.sql/);
    const second = julia(['migrate'], env);
    expect(second.status).toBe(0);
    expect(second.stdout.trim()).toBe('database is up to date');
  });

  it('serve on embedded defaults answers /readyz with 200 and shuts down cleanly', async () => {
    const port = await freePort();
    // Its own Redis prefix, dropped at the end: the service registers its queues and schedulers there.
    const prefix = testPrefix('cli-serve');
    onTestFinished(() => teardown(prefix));
    const child = spawn(process.execPath, [JULIA, 'serve'], {
      env: { ...baseEnv, PORT: String(port), DATA_DIR: mkdtempSync(join(tmpdir(), 'julia-data-')), REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += String(d)));
    try {
      const body = await waitFor(
        async () => {
          const res = await fetch(`http://127.0.0.1:${port}/readyz`);
          return res.status === 200 ? res.json() : null;
        },
        { timeoutMs: 45_000, intervalMs: 250, what: 'readyz' },
      );
      expect(body).toEqual({ ready: true, database: 'ok', redis: 'ok' });
    } finally {
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    }
    expect(stderr).toBe('');
  }, 60_000);
});
