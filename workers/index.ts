import { Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from '../src/shared/logger.js';
import { backoffDelayMs, jobDefinition, QUEUE_NAMES, type QueueName } from './catalog.js';

/** A job handler gets the validated payload and the BullMQ job (for attempts, id). */
export type JobHandler = (payload: never, job: Job) => Promise<unknown>;

export interface WorkerOptions {
  connection: Redis;
  prefix: string;
  logger: Logger;
  handlers: Record<string, JobHandler>;
  concurrency?: Partial<Record<QueueName, number>>;
  /** Lock and stall detection; tests shorten them to recover killed workers quickly. */
  settings?: { lockDurationMs?: number; stalledIntervalMs?: number; maxStalledCount?: number };
}

export interface RunningWorkers {
  workers: Worker[];
  close(): Promise<void>;
}

/** Backoff type 'capped': the job definition's exponential steps, capped (see JobDefinition.maxBackoffMs). */
function cappedBackoff(attemptsMade: number, _type?: string, _err?: Error, job?: { name: string }): number {
  return backoffDelayMs(jobDefinition(job?.name ?? ''), attemptsMade);
}

/** One BullMQ worker per queue that has handlers; dispatch by job name. */
export function startWorkers(opts: WorkerOptions): RunningWorkers {
  const byQueue = new Map<QueueName, string[]>();
  for (const name of Object.keys(opts.handlers)) {
    const q = jobDefinition(name).queue;
    byQueue.set(q, [...(byQueue.get(q) ?? []), name]);
  }
  const workers: Worker[] = [];
  for (const queue of QUEUE_NAMES) {
    if (!byQueue.has(queue)) continue;
    const worker = new Worker(
      queue,
      async (job) => {
        const handler = opts.handlers[job.name];
        if (!handler) throw new Error(`no handler for job ${job.name} on queue ${queue}`);
        const payload = jobDefinition(job.name).payload.parse(job.data);
        return handler(payload as never, job);
      },
      {
        connection: opts.connection.duplicate({ maxRetriesPerRequest: null }) as never,
        prefix: opts.prefix,
        concurrency: opts.concurrency?.[queue] ?? 4,
        autorun: true,
        settings: { backoffStrategy: cappedBackoff },
        ...(opts.settings?.lockDurationMs && { lockDuration: opts.settings.lockDurationMs }),
        ...(opts.settings?.stalledIntervalMs && { stalledInterval: opts.settings.stalledIntervalMs }),
        ...(opts.settings?.maxStalledCount !== undefined && { maxStalledCount: opts.settings.maxStalledCount }),
      },
    );
    worker.on('failed', (job, err) =>
      opts.logger.warn({ queue, job: job?.name, jobId: job?.id, attempt: job?.attemptsMade, err: err.message }, 'job failed'),
    );
    worker.on('error', (err) => opts.logger.error({ queue, err: err.message }, 'worker error'));
    workers.push(worker);
  }
  opts.logger.info({ queues: [...byQueue.keys()] }, 'workers started');
  return {
    workers,
    async close() {
      await Promise.all(workers.map((w) => w.close()));
    },
  };
}
