import type { z } from 'zod';

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
  /**
   * The payload carries a doctor's words: removed from Redis the moment the job
   * completes instead of lingering a day. Dedupe then rests on the database
   * (unique provider id, idempotency key), not on completed job ids.
   */
  dropOnComplete?: boolean;
}

export function defineJob<P extends z.ZodType>(def: JobDefinition<P>): JobDefinition<P> {
  return def;
}

