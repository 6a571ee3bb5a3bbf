import type { Queue } from 'bullmq';
import { waitFor } from './wait-for.js';

/** Delayed jobs due later than this are not "about to happen" (a follow-up tomorrow, a retry in a minute). */
const HORIZON_MS = 3_000;

/**
 * Waits until no job is waiting or running in any of the queues, and none is
 * delayed to run within the next few seconds (the job schedulers' next runs
 * aside), on two reads in a row: every inbound, turn (its debounce is a delayed
 * job), send and follow-up the test caused has finished. A test that checks
 * "nothing else was sent" asserts after this instead of sleeping through a
 * guessed quiet period, which was both slower and blind to a slow machine.
 */
export async function queuesIdle(queues: Record<string, Queue>, opts: { timeoutMs?: number } = {}): Promise<void> {
  let quietReads = 0;
  await waitFor(
    async () => {
      quietReads = (await busy(Object.values(queues))) ? 0 : quietReads + 1;
      return quietReads >= 2;
    },
    { timeoutMs: opts.timeoutMs ?? 30_000, intervalMs: 50, what: 'the queues to be idle' },
  );
}

async function busy(queues: Queue[]): Promise<boolean> {
  for (const q of queues) {
    const c = await q.getJobCounts('waiting', 'active', 'prioritized', 'waiting-children');
    if (Object.values(c).some((n) => n > 0)) return true;
    const delayed = await q.getJobs(['delayed']);
    if (delayed.some((j) => !j.repeatJobKey && j.timestamp + (j.delay ?? 0) <= Date.now() + HORIZON_MS)) return true;
  }
  return false;
}
