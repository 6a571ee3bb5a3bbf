import type { QueueStat } from '../src/metrics/index.js';
import type { BullQueues } from './queue.js';

/** Depth and age per queue, read from BullMQ (for /metrics and `julia status`). */
export async function queueStats(queues: BullQueues, now: () => number = Date.now): Promise<QueueStat[]> {
  return Promise.all(
    Object.entries(queues.queues).map(async ([name, q]) => {
      const counts = await q.getJobCounts('waiting', 'prioritized', 'active', 'delayed', 'failed');
      // Oldest first in each list that holds jobs ready to run; a delayed job was ready only once its delay ended.
      const [waiting, prioritized] = await Promise.all([q.getJobs(['waiting'], 0, 0, true), q.getJobs(['prioritized'], 0, 0, true)]);
      const oldest = Math.min(...[...waiting, ...prioritized].map((j) => j.timestamp + (j.delay ?? 0)));
      return {
        queue: name,
        waiting: (counts.waiting ?? 0) + (counts.prioritized ?? 0),
        active: counts.active ?? 0,
        delayed: counts.delayed ?? 0,
        failed: counts.failed ?? 0,
        oldestWaitingSeconds: Number.isFinite(oldest) ? Math.max(0, (now() - oldest) / 1000) : 0,
      };
    }),
  );
}

/** Waiting jobs per queue (delayed ones are waiting on purpose: humanized timing, deferrals). */
export async function queueDepths(queues: BullQueues): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const [name, q] of Object.entries(queues.queues)) out[name] = (await q.getJobCounts('wait'))['wait'] ?? 0;
  return out;
}
