import { Queue, type JobsOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import type { EnqueueOptions, JobQueue } from '../src/shared/job-queue.js';
import type { JobSigner } from '../src/shared/job-signature.js';
import { ValidationError } from '../src/shared/errors.js';
import { jobDefinition, QUEUE_NAMES, type QueueName } from './catalog.js';

export interface BullQueues extends JobQueue {
  queues: Record<QueueName, Queue>;
  /** The payload as `enqueue` would store it: validated, and signed when the job is. For job schedulers' templates. */
  payloadFor(name: string, payload: unknown): unknown;
  close(): Promise<void>;
}

/**
 * The BullMQ implementation of the JobQueue port. Jobs whose definition says
 * `signed` carry `sig`, the HMAC of the rest of the payload; without a signer
 * such a job cannot be queued at all.
 */
export function createBullQueues(connection: Redis, prefix: string, onError: (err: Error) => void = () => {}, signer?: JobSigner): BullQueues {
  const queues = Object.fromEntries(
    QUEUE_NAMES.map((q) => [q, new Queue(q, { connection: connection as never, prefix, skipWaitingForReady: true })]),
  ) as Record<QueueName, Queue>;
  // Unhandled 'error' events would print stack traces; the owner decides how to report.
  for (const q of Object.values(queues)) q.on('error', onError);
  const payloadFor = (name: string, payload: unknown): unknown => {
    const def = jobDefinition(name);
    const parsed = def.payload.safeParse(payload);
    if (!parsed.success) throw new ValidationError(`job ${name}: invalid payload: ${parsed.error.issues[0]?.message}`);
    if (!def.signed) return parsed.data;
    if (!signer) throw new ValidationError(`job ${name} must be signed and this queue has no signing key`);
    return { ...(parsed.data as Record<string, unknown>), sig: signer.sign(parsed.data) };
  };
  return {
    queues,
    payloadFor,
    async enqueue(name: string, payload: unknown, opts: EnqueueOptions = {}) {
      const def = jobDefinition(name);
      if (opts.jobId && opts.jobId.includes(':')) throw new ValidationError(`job id may not contain ':' (${opts.jobId})`);
      const data = payloadFor(name, payload);
      const jobOpts: JobsOptions = {
        attempts: def.attempts,
        // 'capped' is resolved by the workers' backoffStrategy (workers/index.ts).
        backoff: { type: def.maxBackoffMs ? 'capped' : 'exponential', delay: def.backoffMs },
        removeOnComplete: def.dropOnComplete ? true : { age: 24 * 3600, count: 10_000 },
        removeOnFail: { age: 7 * 24 * 3600 },
        ...(opts.jobId ? { jobId: opts.jobId } : {}),
        ...(opts.delayMs ? { delay: Math.max(0, Math.round(opts.delayMs)) } : {}),
        ...(opts.priority ? { priority: opts.priority } : {}),
        // Debounce and serialize (measured on BullMQ 6.7): `replace` swaps a still-delayed
        // job for the new one with a fresh delay; `keepLastIfActive` parks one follow-up
        // while a job with the same id runs, so at most one runs per key.
        ...(opts.debounce
          ? { delay: Math.round(opts.delayMs ?? opts.debounce.ttlMs), deduplication: { id: opts.debounce.key, replace: opts.debounce.replace ?? true, keepLastIfActive: true } }
          : {}),
      };
      const job = await queues[def.queue].add(name, data, jobOpts);
      return { jobId: job.id ?? '' };
    },
    connected: () => connection.status === 'ready',
    async close() {
      await Promise.all(Object.values(queues).map((q) => q.close()));
    },
  };
}
