import { Queue } from 'bullmq';
import { afterAll, describe, expect, it } from 'vitest';
import { coalesceWrites, createRedis, type Redis } from '../../../src/redis/index.js';
import { dropPrefix, testPrefix, TEST_REDIS_URL, testRedis } from '../../helpers/test-redis.js';

/** Counts the socket writes Node makes (one per _write, one per _writev batch). */
function countWrites(redis: Redis): { writes: number } {
  const socket = (redis as unknown as { stream: { _write: (...a: unknown[]) => void; _writev: (...a: unknown[]) => void } }).stream;
  const counter = { writes: 0 };
  const write = socket._write.bind(socket);
  const writev = socket._writev.bind(socket);
  socket._write = (...a) => (counter.writes++, write(...a));
  socket._writev = (...a) => (counter.writes++, writev(...a));
  return counter;
}

const ready = (r: Redis) => (r.status === 'ready' ? Promise.resolve() : new Promise((res) => r.once('ready', res)));

describe('coalesceWrites (the producers connection)', () => {
  const prefix = testPrefix('coalesce');
  const clients: Redis[] = [];
  const open = (coalesce: boolean) => {
    const r = createRedis(TEST_REDIS_URL, { name: 'coalesce-test', blocking: true });
    clients.push(r);
    return coalesce ? coalesceWrites(r) : r;
  };
  afterAll(async () => {
    const r = testRedis();
    await dropPrefix(r, prefix);
    r.disconnect();
    for (const c of clients) c.disconnect();
  });

  it('sends the commands of one turn in one write, each with its own reply, in order', async () => {
    const plain = open(false);
    const coalesced = open(true);
    await Promise.all([ready(plain), ready(coalesced)]);
    const seen = [countWrites(plain), countWrites(coalesced)];
    const run = (r: Redis) => Promise.all(Array.from({ length: 20 }, (_, i) => r.incr(`${prefix}:n`).then((v) => [i, v])));
    await run(plain);
    const replies = await run(coalesced);
    expect(seen[0]!.writes).toBe(20);
    expect(seen[1]!.writes).toBe(1);
    // INCR replies follow the order the commands were issued in.
    expect(replies.map(([, v]) => v)).toEqual(Array.from({ length: 20 }, (_, i) => 21 + i));
  });

  it("gives an error reply to its own command only, and keeps working in later turns", async () => {
    const r = open(true);
    await ready(r);
    await r.set(`${prefix}:s`, 'text');
    const [a, b, c] = await Promise.allSettled([r.incr(`${prefix}:m`), r.incr(`${prefix}:s`), r.get(`${prefix}:s`)]);
    expect(a).toEqual({ status: 'fulfilled', value: 1 });
    expect(b.status).toBe('rejected');
    expect(c).toEqual({ status: 'fulfilled', value: 'text' });
    await new Promise((res) => setTimeout(res, 5));
    expect(await r.incr(`${prefix}:m`)).toBe(2);
  });

  it('adds BullMQ jobs (scripts) as before, including before the connection is ready', async () => {
    const r = open(true);
    const queue = new Queue('inbound', { connection: r as never, prefix, skipWaitingForReady: true });
    const jobs = await Promise.all(Array.from({ length: 10 }, (_, i) => queue.add('inbound', { i }, { jobId: `in-${i % 5}` })));
    // The job id dedupes inside one write as across writes.
    expect(new Set(jobs.map((j) => j.id))).toEqual(new Set(['in-0', 'in-1', 'in-2', 'in-3', 'in-4']));
    expect(await queue.count()).toBe(5);
    await queue.close();
  });
});
