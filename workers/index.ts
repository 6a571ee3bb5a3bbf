import { UnrecoverableError, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import type { JobSigner } from '../src/shared/job-signature.js';
import type { Logger } from '../src/shared/logger.js';
import { withTimeout } from '../src/shared/timeout.js';
import { maskPii } from '../src/shared/pii.js';
import { backoffDelayMs, isJobName, jobDefinition, QUEUE_NAMES, type JobName, type JobPayload, type QueueName } from './catalog.js';

/** A job handler gets the validated payload and the BullMQ job (for attempts, id). */
export type JobHandler<N extends JobName = JobName> = (payload: JobPayload<N>, job: Job) => Promise<unknown>;

/** The handlers a process runs, by job name: each typed by its job's payload in the catalog. */
export type JobHandlers = { [N in JobName]?: JobHandler<N> };

/**
 * The handler for a job name read back from Redis. Its payload is parsed by that
 * same job's schema before the call, which is what the widening below relies on.
 */
function handlerFor(handlers: JobHandlers, name: string): ((payload: unknown, job: Job) => Promise<unknown>) | undefined {
  return isJobName(name) ? (handlers[name] as ((payload: unknown, job: Job) => Promise<unknown>) | undefined) : undefined;
}

export interface WorkerOptions {
  connection: Redis;
  prefix: string;
  logger: Logger;
  handlers: JobHandlers;
  concurrency?: Partial<Record<QueueName, number>>;
  /** Lock and stall detection (JOB_LOCK_MS); tests shorten them to recover killed workers quickly. */
  settings?: { lockDurationMs?: number; stalledIntervalMs?: number; maxStalledCount?: number };
  /** Checks `sig` on jobs whose definition is `signed`; without it such jobs are all refused. */
  signer?: JobSigner;
  /** Told of each refused job (dead letter, managers' notice); best effort, must not throw. */
  onForged?: (job: { name: string; id: string | undefined; data: unknown; reason: string }) => Promise<void>;
}

export interface RunningWorkers {
  workers: Worker[];
  /**
   * Graceful stop: no new job is taken at once; running ones get `graceMs` to
   * finish. Past it this returns anyway and the caller exits: the unfinished
   * jobs' locks lapse and another worker retries them (handlers are idempotent
   * and each DB change is one transaction, so nothing is left half-done).
   */
  close(opts?: { graceMs?: number }): Promise<void>;
}

/**
 * How many times a job may be found stalled (its process died or froze while
 * running it) before BullMQ fails it for good. BullMQ's default is 1, and that
 * failure is unrecoverable (no retry, whatever the attempts): two crashes that hit
 * the same job, say a SIGKILL and then an OOM, or a deploy past its grace period,
 * lost the doctor's message or left his reply reserved and never sent (found by
 * bench/chaos.ts). A stall is the process's failure, not the job's; the handlers
 * are idempotent, so the job is simply run again. The bound still stops a job
 * that itself kills every process that takes it.
 */
export const MAX_STALLED_COUNT = 10;

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
  // Jobs running in this process, so a shutdown can wait for them with a bound.
  const active = new Set<Promise<unknown>>();
  let gaveUp = false;
  for (const queue of QUEUE_NAMES) {
    if (!byQueue.has(queue)) continue;
    const worker = new Worker(
      queue,
      async (job) => {
        const handler = handlerFor(opts.handlers, job.name);
        if (!handler) throw new Error(`no handler for job ${job.name} on queue ${queue}`);
        try {
          const def = jobDefinition(job.name);
          if (def.signed) await refuseUnsigned(opts, job);
          const payload = def.payload.parse(job.data);
          const run = handler(payload, job);
          active.add(run);
          void run.then(() => active.delete(run), () => active.delete(run));
          return await (def.timeoutMs ? withTimeout(run, def.timeoutMs, `job ${job.name}`) : run);
        } catch (err) {
          // BullMQ stores the message as failedReason and the stack in Redis: mask both here,
          // whatever the thrower forgot (finding 12). The error keeps its class (UnrecoverableError).
          throw maskError(err);
        }
      },
      {
        connection: opts.connection.duplicate({ maxRetriesPerRequest: null }) as never,
        prefix: opts.prefix,
        concurrency: opts.concurrency?.[queue] ?? 4,
        autorun: true,
        settings: { backoffStrategy: cappedBackoff },
        ...(opts.settings?.lockDurationMs && { lockDuration: opts.settings.lockDurationMs }),
        ...(opts.settings?.stalledIntervalMs && { stalledInterval: opts.settings.stalledIntervalMs }),
        maxStalledCount: opts.settings?.maxStalledCount ?? MAX_STALLED_COUNT,
      },
    );
    worker.on('failed', (job, err) =>
      opts.logger.warn({ queue, job: job?.name, jobId: job?.id, attempt: job?.attemptsMade, err: maskPii(err.message) }, 'job failed'),
    );
    worker.on('error', (err) => opts.logger.error({ queue, err: maskPii(err.message) }, 'worker error'));
    workers.push(worker);
  }
  opts.logger.info({ queues: [...byQueue.keys()] }, 'workers started');
  return {
    workers,
    async close({ graceMs = 25_000 } = {}) {
      if (gaveUp) return;
      // BullMQ's close stops fetching at once (it aborts the blocking fetch) and
      // then waits for the running jobs, renewing their locks meanwhile.
      const closing = Promise.all(workers.map((w) => w.close()));
      let timer: NodeJS.Timeout | undefined;
      const late = await Promise.race([
        closing.then(() => false),
        new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), graceMs))),
      ]);
      clearTimeout(timer);
      if (late) {
        // Stop waiting: the process exits, its locks lapse, and another worker retries those jobs.
        gaveUp = true;
        opts.logger.warn({ graceMs, running: active.size }, 'workers: jobs still running after the grace period; they will be retried');
      }
    },
  };
}

/**
 * A signed job's payload must carry the HMAC of the rest of it, as the queue
 * port wrote it. A job added by anything else (the queue board, a script, a
 * neighbour on a shared Redis) or edited after the fact fails once, never
 * retried, before any handler runs: it stays in BullMQ's failed set with its
 * reason and is reported through onForged.
 */
async function refuseUnsigned(opts: WorkerOptions, job: Job): Promise<void> {
  const data = job.data as Record<string, unknown> | null;
  const { sig, ...signed } = data && typeof data === 'object' ? data : { sig: undefined };
  if (opts.signer?.verify(signed, sig)) return;
  const reason = `${job.name} job refused: missing or invalid signature`;
  opts.logger.warn({ job: job.name, jobId: job.id, signed: sig !== undefined }, 'job refused: bad signature');
  await opts.onForged?.({ name: job.name, id: job.id, data: job.data, reason }).catch((err: Error) => opts.logger.warn({ err: maskPii(err.message) }, 'forged-job report failed'));
  throw new UnrecoverableError(reason);
}

/** The same error with personal data masked in its message and stack. */
export function maskError(err: unknown): Error {
  if (!(err instanceof Error)) return new Error(maskPii(String(err)));
  try {
    err.message = maskPii(err.message);
    if (err.stack) err.stack = maskPii(err.stack);
    return err;
  } catch {
    // A frozen or exotic error: replace it, keeping its name.
    const safe = new Error(maskPii(err.message));
    safe.name = err.name;
    return safe;
  }
}
