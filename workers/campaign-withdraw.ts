import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { outboundJobId } from '../src/outbound/index.js';

/**
 * Withdraws outbound jobs that have not started (waiting, delayed, prioritized)
 * by idempotency key, for a paused or cancelled campaign. Removing an active
 * job fails in BullMQ (it holds a lock), which is what we want: it is sending.
 */
export function createOutboundWithdrawer(connection: Redis, prefix: string) {
  const queue = new Queue('outbound', { connection: connection as never, prefix, skipWaitingForReady: true });
  queue.on('error', () => {});
  return {
    async withdraw(keys: string[]): Promise<string[]> {
      const removed: string[] = [];
      for (const key of keys) {
        const id = outboundJobId(key);
        const job = await queue.getJob(id);
        if (!job) continue;
        const state = await job.getState();
        if (state !== 'waiting' && state !== 'delayed' && state !== 'prioritized' && state !== 'waiting-children') continue;
        // 1 = removed; 0 = gone or locked meanwhile.
        if ((await queue.remove(id)) === 1) removed.push(key);
      }
      return removed;
    },
    close: () => queue.close(),
  };
}
