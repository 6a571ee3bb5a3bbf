import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedis } from '../../../src/redis/index.js';
import { createBullQueues, type BullQueues } from '../../../workers/queue.js';
import { upsertSchedules } from '../../../workers/schedules.js';
import { shareWithProcesses, type SharedDb } from '../../helpers/shared-db.js';
import { createTestDb, type TestDb } from '../../helpers/test-db.js';
import { dropPrefix, TEST_REDIS_URL, testPrefix, testRedis } from '../../helpers/test-redis.js';
import { waitFor } from '../../helpers/wait-for.js';

const CHILD = fileURLToPath(new URL('./scheduler-child.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const redis = testRedis();
const prefix = testPrefix('two-workers');
let db: TestDb;
let gateway: SharedDb;
let queues: BullQueues;
const procs: Array<ReturnType<typeof spawn>> = [];

beforeAll(async () => {
  db = await createTestDb();
  gateway = await shareWithProcesses(db);
  queues = createBullQueues(createRedis(TEST_REDIS_URL, { name: 'two-workers-q', blocking: true }), prefix);
});
afterAll(async () => {
  await Promise.all(
    procs.map((p) => (p.exitCode !== null ? undefined : new Promise((r) => (p.once('exit', r), p.kill('SIGKILL'))))),
  );
  await queues.close();
  await dropPrefix(redis, prefix);
  redis.disconnect();
  await gateway.stop();
  await db.close();
});

function worker() {
  const proc = spawn(process.execPath, ['--import', 'tsx', CHILD], {
    cwd: ROOT,
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      HUMANIZED_DELAY: 'off',
      REDIS_URL: TEST_REDIS_URL,
      CHILD_PREFIX: prefix,
      ...gateway.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  procs.push(proc);
  let out = '';
  proc.stdout!.on('data', (b: Buffer) => (out += b.toString()));
  proc.stderr!.on('data', (b: Buffer) => (out += b.toString()));
  return { proc, out: () => out, exited: new Promise<number | null>((r) => proc.once('exit', r)) };
}

describe('two worker processes started together', () => {
  it('register each scheduler once and process each scheduled job once', { timeout: 120_000 }, async () => {
    const [a, b] = [worker(), worker()];
    await waitFor(() => a.out().includes('ready') && b.out().includes('ready'), { timeoutMs: 60_000, what: 'both workers ready' });

    // Every capability's schedules (campaigns, sweepers, model recovery, ...), as each process declares them.
    const declared = (out: string) => JSON.parse(/^schedules (.*)$/m.exec(out)![1]!) as string[];
    expect(declared(a.out())).toEqual(declared(b.out()));
    expect(declared(a.out())).toEqual(expect.arrayContaining(['alerts', 'campaign-dispatch', 'followups', 'inbound-sweeper', 'reports', 'scheduled-messages']));
    const stored = await queues.queues.scheduled.getJobSchedulers(0, -1, true);
    expect(stored.map((s) => s.key).sort()).toEqual([...declared(a.out())].sort());

    // A fast scheduler (every 250 ms) on a real job, so both processes compete for many slots.
    await upsertSchedules(queues, [{ id: 'test-fast', queue: 'scheduled', jobName: 'expired-pauses', every: 250 }]);
    const done = () => [...`${a.out()}\n${b.out()}`.matchAll(/^done (repeat:test-fast:\d+)$/gm)].map((m) => m[1]!);
    await waitFor(() => done().length >= 20, { timeoutMs: 60_000, what: '20 scheduled jobs done' });
    await queues.queues.scheduled.removeJobScheduler('test-fast');

    const ids = done();
    expect(new Set(ids).size).toBe(ids.length);
    // One job per 250 ms slot: the ids are the slot times, never two jobs for one slot.
    const slots = ids.map((id) => Number(id.split(':')[2])).sort((x, y) => x - y);
    expect(slots.every((t) => (t - slots[0]!) % 250 === 0)).toBe(true);
    // Both processes took part (neither was idle while the other did everything).
    expect(a.out()).toMatch(/^done repeat:/m);
    expect(b.out()).toMatch(/^done repeat:/m);
    expect((await queues.queues.scheduled.getJobSchedulers(0, -1, true)).length).toBe(declared(a.out()).length);

    for (const w of [a, b]) w.proc.kill('SIGTERM');
    expect(await a.exited).toBe(0);
    expect(await b.exited).toBe(0);
  });
});
