import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createRedis } from '../../../src/redis/index.js';
import { createBullQueues } from '../../../workers/queue.js';
import { dropPrefix, TEST_REDIS_URL, testPrefix, testRedis } from '../../helpers/test-redis.js';
import { waitFor } from '../../helpers/wait-for.js';

const CHILD = fileURLToPath(new URL('./shutdown-child.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const redis = testRedis();
const prefix = testPrefix('shutdown');
const queues = createBullQueues(createRedis(TEST_REDIS_URL, { name: 'shutdown-q', blocking: true }), prefix);
afterAll(async () => {
  await queues.close();
  await dropPrefix(redis, prefix);
  redis.disconnect();
});

function child(env: { WORK_MS: number; GRACE_MS: number }) {
  const proc = spawn(process.execPath, ['--import', 'tsx', CHILD], {
    cwd: ROOT,
    env: { ...process.env, REDIS_URL: TEST_REDIS_URL, CHILD_PREFIX: prefix, WORK_MS: String(env.WORK_MS), GRACE_MS: String(env.GRACE_MS) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout.on('data', (b: Buffer) => (out += b.toString()));
  proc.stderr.on('data', (b: Buffer) => (out += b.toString()));
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  return { proc, out: () => out, exited };
}

const report = (id: string) => queues.enqueue('reports', {}, { jobId: id });

describe('graceful shutdown (SIGTERM)', () => {
  it('stops taking jobs at once, lets the running one finish, and exits cleanly', { timeout: 60_000 }, async () => {
    const c = child({ WORK_MS: 1_500, GRACE_MS: 15_000 });
    await waitFor(() => c.out().includes('ready'), { timeoutMs: 30_000, what: 'child ready' });
    await report('job-a');
    await waitFor(() => c.out().includes('started job-a'), { timeoutMs: 10_000, what: 'job-a started' });
    c.proc.kill('SIGTERM');
    await waitFor(() => c.out().includes('closing'), { timeoutMs: 5_000, what: 'closing' });
    await report('job-b');
    expect(await c.exited).toBe(0);
    const lines = c.out().trim().split('\n');
    // The running job finished before the workers closed; the new one was not taken.
    expect(lines.indexOf('finished job-a')).toBeGreaterThan(lines.indexOf('closing'));
    expect(lines.indexOf('finished job-a')).toBeLessThan(lines.indexOf('closed'));
    expect(c.out()).not.toContain('started job-b');
    expect(await (await queues.queues.scheduled.getJob('job-a'))!.getState()).toBe('completed');
    expect(await (await queues.queues.scheduled.getJob('job-b'))!.getState()).toBe('waiting');
  });

  it('past the grace period it exits anyway, and the unfinished job is retried by the next worker', { timeout: 60_000 }, async () => {
    const c = child({ WORK_MS: 20_000, GRACE_MS: 300 });
    await waitFor(() => c.out().includes('ready'), { timeoutMs: 30_000, what: 'child ready' });
    await waitFor(() => c.out().includes('started job-b'), { timeoutMs: 10_000, what: 'left-over job-b picked up' });
    await report('job-c');
    await waitFor(() => c.out().includes('started job-c'), { timeoutMs: 10_000, what: 'job-c started' });
    const t0 = Date.now();
    c.proc.kill('SIGTERM');
    expect(await c.exited).toBe(0);
    expect(Date.now() - t0).toBeLessThan(10_000);
    expect(c.out()).not.toContain('finished job-c');

    const next = child({ WORK_MS: 50, GRACE_MS: 5_000 });
    await waitFor(() => next.out().includes('finished job-c') && next.out().includes('finished job-b'), { timeoutMs: 30_000, what: 'job-c retried' });
    next.proc.kill('SIGTERM');
    expect(await next.exited).toBe(0);
    expect(await (await queues.queues.scheduled.getJob('job-c'))!.getState()).toBe('completed');
  });
});
