import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createPostgresDb } from '../../../src/db/index.js';
import { startCuttingProxy } from '../../helpers/cutting-proxy.js';
import { TEST_JOB_SIGNING_KEY } from '../../helpers/job-signer.js';
import { createScratchDatabase } from '../../helpers/test-postgres.js';
import { dropPrefix, TEST_REDIS_URL, testPrefix, testRedis } from '../../helpers/test-redis.js';
import { waitFor } from '../../helpers/wait-for.js';

// A worker restarted while PostgreSQL restarted exited with an unhandled `read ECONNRESET`:
// postgres.js reads the server's array types with a query of its own on each new connection,
// nobody awaits it, and the guard against such rejections was installed only after boot.
// A restart later in boot, while migrating, ended the process with a MigrationError.
const JULIA = join(import.meta.dirname, '../../../src/julia.mjs');
const MIGRATION_FILES = readdirSync(join(import.meta.dirname, '../../../supabase/migrations')).filter((f) => f.endsWith('.sql')).length;
const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function bootWorker(cutWhen?: (chunk: Buffer) => boolean) {
  const scratch = await createScratchDatabase('bootreset');
  cleanups.push(() => scratch.drop());
  const proxy = await startCuttingProxy(scratch.url, { cuts: 1, ...(cutWhen && { cutWhen }) });
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
  const state = { out: '', exit: undefined as number | null | undefined };
  child.stdout.on('data', (d) => (state.out += String(d)));
  child.stderr.on('data', (d) => (state.out += String(d)));
  const exited = new Promise<void>((resolve) => child.once('exit', (code) => ((state.exit = code), resolve())));
  cleanups.push(async () => {
    if (state.exit === undefined) child.kill('SIGKILL');
    await exited;
  });
  return { scratch, proxy, state };
}

describe('a role booting while PostgreSQL drops its connections', () => {
  it('julia worker waits through a connection reset just after login instead of exiting', async () => {
    const { proxy, state } = await bootWorker();
    await waitFor(() => state.exit !== undefined || state.out.includes('"database reachable"'), { timeoutMs: 60_000, intervalMs: 100, what: 'the worker past its database wait' });
    // The dropped rejection, if it had ended the process, has long been delivered by now.
    await new Promise((r) => setTimeout(r, 500));
    expect(state.exit, state.out).toBeUndefined();
    expect(proxy.resets()).toBe(1);
    expect(state.out).toContain('database not reachable yet; waiting');
    expect(state.out).toContain('a dropped database connection rejected a query nobody awaited; continuing');
  }, 90_000);

  it('julia worker cut off in the middle of migrating migrates again and applies every file once', async () => {
    let ledgerWrites = 0;
    // The tenth file's ledger row: that file's transaction is cut before it commits.
    const { scratch, proxy, state } = await bootWorker((chunk) => chunk.includes('insert into schema_migrations') && ++ledgerWrites === 10);
    const db = createPostgresDb({ url: scratch.url, max: 1 });
    cleanups.push(() => db.close());
    const applied = async () => Number((await db.query<{ n: string }>('select count(*) as n from schema_migrations'))[0]!.n);
    await waitFor(async () => state.exit !== undefined || (await applied().catch(() => 0)) === MIGRATION_FILES, { timeoutMs: 120_000, intervalMs: 250, what: 'every migration applied' });
    await new Promise((r) => setTimeout(r, 500));
    expect(state.exit, state.out).toBeUndefined();
    expect(proxy.resets()).toBe(1);
    expect(await applied()).toBe(MIGRATION_FILES);
    expect(state.out).toMatch(/"step":"migrate".*"msg":"database not reachable yet; waiting"/);
    expect(state.out).not.toContain('MigrationError');
  }, 150_000);
});
