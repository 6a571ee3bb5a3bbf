import { z } from 'zod';
import type { GroupProcessor } from '../src/groups/index.js';
import type { JobQueue } from '../src/shared/index.js';
import { safeJobId } from '../src/shared/index.js';
import { defineJob } from './job-definition.js';

/**
 * One pending group message → chatter discarded, or shifts extracted, deduped
 * and decided. A model error throws so BullMQ retries (capped backoff); the
 * message stays pending and the sweeper re-arms it if the job is lost.
 */
export const groupProcessJob = defineJob({
  queue: 'groups',
  payload: z.object({ messageId: z.string().uuid() }),
  attempts: 6,
  backoffMs: 5_000,
  maxBackoffMs: 60_000,
});

export function groupProcessHandler(processor: GroupProcessor) {
  return async (payload: { messageId: string }) => processor.process(payload.messageId);
}

/**
 * The job id is the message's, so arming twice queues it once. The sweeper
 * adds its run's time bucket: a finished job stays in BullMQ for a day and
 * would otherwise swallow the re-arm of a message still pending.
 */
export function armGroupProcess(queue: JobQueue, messageId: string, bucket?: string) {
  return queue.enqueue('group-process', { messageId }, { jobId: safeJobId('gp', messageId, ...(bucket ? [bucket] : [])) });
}
