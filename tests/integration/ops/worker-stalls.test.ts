import { Queue } from 'bullmq';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/app.js';
import { silentLogger } from '../../../src/shared/index.js';
import { startWorkers, type JobHandler, type RunningWorkers } from '../../../workers/index.js';
import { teardown } from '../../helpers/teardown.js';
import { testConfig } from '../../helpers/test-config.js';
import { createTestDb } from '../../helpers/test-db.js';
import { dropPrefix, testPrefix, testRedis } from '../../helpers/test-redis.js';
import { waitFor } from '../../helpers/wait-for.js';

// Regression (bench/chaos.ts): a job whose worker process died twice while running
// it was failed for good by BullMQ's default stall limit (1), with no retry, so the
// doctor's message was lost or his reply stayed reserved and never went out.
const redis = testRedis();
const prefix = testPrefix('stalls');
const queue = new Queue('scheduled', { connection: redis as never, prefix });
const running: RunningWorkers[] = [];

afterAll(async () => {
  for (const r of running) await Promise.all(r.workers.map((w) => w.close(true)));
  await queue.close();
  await dropPrefix(redis, prefix);
  redis.disconnect();
});

/** A worker process as the job sees it; `crash()` stops it without releasing anything, like SIGKILL. */
function worker(handler: JobHandler) {
  const r = startWorkers({
    connection: redis,
    prefix,
    logger: silentLogger,
    handlers: { alerts: handler },
    // Only the lock and the stall check are shortened: the stall limit is the production one.
    settings: { lockDurationMs: 1_000, stalledIntervalMs: 500 },
  });
  running.push(r);
  return { crash: () => Promise.all(r.workers.map((w) => w.close(true))) };
}

describe('a job whose process dies while running it', () => {
  it('still runs to completion after its worker was killed three times', async () => {
    let started = 0;
    const hang: JobHandler = () => ((started += 1), new Promise(() => {}));
    await queue.add('alerts', {}, { jobId: 'stalled-thrice', attempts: 1 });
    for (let crash = 1; crash <= 3; crash++) {
      const w = worker(hang);
      await waitFor(() => started === crash, { timeoutMs: 20_000, what: `run ${crash}` });
      await w.crash();
    }
    worker(async () => 'done');
    const state = await waitFor(
      async () => {
        const s = await (await queue.getJob('stalled-thrice'))?.getState();
        return s === 'completed' || s === 'failed' ? s : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 100, what: 'the job to settle' },
    );
    const job = await queue.getJob('stalled-thrice');
    expect(job?.failedReason ?? null).toBeNull();
    expect(state).toBe('completed');
    expect(job?.returnvalue).toBe('done');
  });
});

describe('JOB_LOCK_MS', () => {
  it("sets every worker's lock and stall check; unset, BullMQ's 30 s", async () => {
    const db = await createTestDb();
    const lockPrefix = testPrefix('job-lock');
    const app = await createApp(testConfig({ JOB_LOCK_MS: '7000' }), { db, redisPrefix: lockPrefix, logger: silentLogger });
    try {
      const { workers } = await app.startWorkers();
      expect(workers.length).toBeGreaterThan(3);
      for (const w of workers) expect([w.name, w.opts.lockDuration, w.opts.stalledInterval]).toEqual([w.name, 7_000, 7_000]);
    } finally {
      await teardown(lockPrefix, app, db);
    }
    expect(testConfig({}).JOB_LOCK_MS).toBe(30_000);
  });
});
