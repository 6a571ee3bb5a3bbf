import type { z } from 'zod';
import type { Config } from '../src/config.js';

/**
 * Every background job: its queue, zod payload, retries and backoff (trigger.dev
 * style). Payloads are validated when enqueued and again when processed, so a
 * malformed job fails once, loudly, instead of retrying forever.
 */
export const QUEUE_NAMES = ['inbound', 'turn', 'outbound', 'groups', 'supervision', 'scheduled'] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

export interface JobDefinition<P extends z.ZodType = z.ZodType> {
  queue: QueueName;
  payload: P;
  attempts: number;
  /** Exponential backoff base in ms. */
  backoffMs: number;
  /** Caps each exponential step, so a long outage is retried steadily instead of with ever longer gaps. */
  maxBackoffMs?: number;
  /** An attempt running longer fails (and is retried); the handler must be idempotent. */
  timeoutMs?: number;
  /**
   * The payload carries a doctor's words: removed from Redis the moment the job
   * completes instead of lingering a day. Dedupe then rests on the database
   * (unique provider id, idempotency key), not on completed job ids.
   */
  dropOnComplete?: boolean;
  /**
   * The payload decides whom Júlia writes to or what she imports (an inbound
   * message, a group post): the queue port signs it with the job signing key and
   * the worker refuses, before the handler, a job whose signature does not match
   * (docs/decisions/0230-queue-board-and-groups.md).
   */
  signed?: boolean;
  /**
   * When the job recurs (spec section 6): one or more BullMQ job schedulers,
   * derived from the configuration where an operator sets the cadence. A process
   * upserts them only when it runs the job's handler, so a job whose capability
   * is off (no Chatwoot, no Slack) is not scheduled either.
   */
  schedule?: (config: Config) => Array<Recurrence<z.input<P>>>;
}

/** One job scheduler: a cron pattern read in São Paulo time, or a period in ms. */
export interface Recurrence<I = unknown> {
  /** The scheduler's id; the job name when the job has one scheduler. */
  id?: string;
  every?: number;
  pattern?: string;
  payload?: I;
}

/** The wait before retry `attempt` (1 = the first retry): exponential, capped when the job says so. */
export function backoffDelayMs(def: Pick<JobDefinition, 'backoffMs' | 'maxBackoffMs'>, attempt: number): number {
  const raw = def.backoffMs * 2 ** (attempt - 1);
  return def.maxBackoffMs ? Math.min(raw, def.maxBackoffMs) : raw;
}

/** How long a job keeps retrying before BullMQ gives up: the sum of its waits (run time aside). */
export function retryWindowMs(def: Pick<JobDefinition, 'attempts' | 'backoffMs' | 'maxBackoffMs'>): number {
  let total = 0;
  for (let attempt = 1; attempt < def.attempts; attempt++) total += backoffDelayMs(def, attempt);
  return total;
}

export function defineJob<P extends z.ZodType>(def: JobDefinition<P>): JobDefinition<P> {
  return def;
}

