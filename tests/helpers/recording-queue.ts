import type { EnqueueOptions, JobQueue } from '../../src/shared/job-queue.js';

/** A JobQueue port that records instead of enqueuing: for handler-level tests. */
export function recordingQueue(): JobQueue & { jobs: Array<{ name: string; payload: any; opts?: EnqueueOptions }> } {
  const jobs: Array<{ name: string; payload: any; opts?: EnqueueOptions }> = [];
  return {
    jobs,
    async enqueue(name, payload, opts) {
      jobs.push({ name, payload, opts });
      return { jobId: opts?.jobId ?? `${name}-${jobs.length}` };
    },
  };
}
