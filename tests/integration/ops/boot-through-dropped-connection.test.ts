import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startLoginResetProxy } from '../../helpers/login-reset-proxy.js';
import { TEST_JOB_SIGNING_KEY } from '../../helpers/job-signer.js';
import { createScratchDatabase } from '../../helpers/test-postgres.js';
import { dropPrefix, TEST_REDIS_URL, testPrefix, testRedis } from '../../helpers/test-redis.js';
import { waitFor } from '../../helpers/wait-for.js';

// A worker restarted while PostgreSQL restarted exited with an unhandled `read ECONNRESET`:
// postgres.js reads the server's array types with a query of its own on each new connection,
// nobody awaits it, and the guard against such rejections was installed only after boot.
const JULIA = join(import.meta.dirname, '../../../src/julia.mjs');
const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe('a role booting while PostgreSQL drops its connections', () => {
  it('julia worker waits through a connection reset just after login instead of exiting', async () => {
    const scratch = await createScratchDatabase('bootreset');
    cleanups.push(() => scratch.drop());
    const proxy = await startLoginResetProxy(scratch.url, 1);
    cleanups.push(() => proxy.close());
    const prefix = testPrefix('bootreset');
    cleanups.push(async () => {
      const redis = testRedis();
      await dropPrefix(redis, prefix);
      redis.disconnect();
    });
    const child = spawn(process.execPath, [JULIA, 'worker'], {
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '/tmp',
        LOG_LEVEL: 'info',
        DATABASE_URL: proxy.url,
        REDIS_URL: TEST_REDIS_URL,
        REDIS_PREFIX: prefix,
        JOB_SIGNING_KEY: TEST_JOB_SIGNING_KEY,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += String(d)));
    child.stderr.on('data', (d) => (out += String(d)));
    let exit: number | null | undefined;
    const exited = new Promise<void>((resolve) => child.once('exit', (code) => ((exit = code), resolve())));
    cleanups.push(async () => {
      if (exit === undefined) child.kill('SIGKILL');
      await exited;
    });

    await waitFor(() => exit !== undefined || out.includes('"database reachable"'), { timeoutMs: 60_000, intervalMs: 100, what: 'the worker past its database wait' });
    // The dropped rejection, if it had ended the process, has long been delivered by now.
    await new Promise((r) => setTimeout(r, 500));
    expect(exit, out).toBeUndefined();
    expect(proxy.resets()).toBe(1);
    expect(out).toContain('database not reachable yet; waiting');
    expect(out).toContain('a dropped database connection rejected a query nobody awaited; continuing');
  }, 90_000);
});
