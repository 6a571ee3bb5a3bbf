import { describe, expect, it } from 'vitest';
import { TimeoutError, type JobQueue } from '../../shared/index.js';
import { boundedEnqueue } from './bounded-enqueue.js';

const queue = (connected: boolean): JobQueue => ({ enqueue: async () => ({ jobId: 'x' }), connected: () => connected });
const after = <T>(ms: number, value: T) => new Promise<T>((r) => setTimeout(() => r(value), ms));

describe('boundedEnqueue', () => {
  it('refuses at once, without calling the add, when the connection is down', async () => {
    let called = false;
    const started = Date.now();
    await expect(boundedEnqueue(queue(false), 'enqueue inbound', async () => { called = true; })).rejects.toThrow(/not connected/);
    expect(called).toBe(false);
    expect(Date.now() - started).toBeLessThan(100);
  });

  it('waits for a connected but slow Redis', async () => {
    await expect(boundedEnqueue(queue(true), 'enqueue inbound', () => after(300, 'added'), 2_000)).resolves.toBe('added');
  });

  it('gives up past the deadline', async () => {
    await expect(boundedEnqueue(queue(true), 'enqueue inbound', () => after(1_000, 'late'), 100)).rejects.toBeInstanceOf(TimeoutError);
  });

  it('treats a queue that cannot tell as connected', async () => {
    await expect(boundedEnqueue({ enqueue: async () => ({ jobId: 'x' }) }, 'enqueue', () => after(10, 'ok'), 1_000)).resolves.toBe('ok');
  });
});
