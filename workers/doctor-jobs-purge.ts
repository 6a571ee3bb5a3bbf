import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { QUEUE_NAMES } from './catalog.js';

/**
 * Removes the jobs not yet started (waiting, delayed, prioritized) whose payload
 * names an erased doctor: his id, one of his conversations or his number. An
 * active job holds a lock and is not removed; it finds his rows gone, and the
 * outbound reservation refuses an erased doctor (migration 0263), so it sends nothing.
 */
export async function purgeDoctorJobs(connection: Redis, prefix: string, needles: string[]): Promise<number> {
  const wanted = needles.filter((n) => n && n.length >= 8);
  if (wanted.length === 0) return 0;
  let removed = 0;
  for (const name of QUEUE_NAMES) {
    const queue = new Queue(name, { connection: connection as never, prefix, skipWaitingForReady: true });
    queue.on('error', () => {});
    try {
      // Collect first, remove after: removing while paging would shift the pages.
      const ids: string[] = [];
      const page = 500;
      for (let start = 0; ; start += page) {
        const jobs = await queue.getJobs(['waiting', 'delayed', 'prioritized'], start, start + page - 1);
        for (const job of jobs) {
          if (job?.id && wanted.some((n) => JSON.stringify(job.data ?? {}).includes(n))) ids.push(job.id);
        }
        if (jobs.length < page) break;
      }
      // 1 = removed; 0 = started or gone meanwhile.
      for (const id of ids) removed += (await queue.remove(id)) === 1 ? 1 : 0;
    } finally {
      await queue.close();
    }
  }
  return removed;
}
