import { z } from 'zod';
import { runTurn, type PipelineDeps } from '../src/pipeline/index.js';
import type { JobQueue } from '../src/shared/index.js';
import { scheduleTurn } from './inbound.js';
import { defineJob } from './job-definition.js';

/**
 * The `turn` job: one run of the pipeline for a conversation. Debounced and
 * serialized per conversation at enqueue time (see scheduleTurn), so a burst
 * becomes one turn and two turns of one conversation never overlap.
 */
export const turnJob = defineJob({
  queue: 'turn',
  payload: z.object({ conversationId: z.uuid() }),
  // Outlives a 15-minute database or Redis outage (docs/decisions/0009-durability.md):
  // waits 3,6,...,48 s then 60 s each: 93 s + 30 x 60 s = 31.5 min.
  attempts: 36,
  backoffMs: 3_000,
  maxBackoffMs: 60_000,
});

export function turnHandler(deps: PipelineDeps, sched?: { queue: JobQueue }) {
  return async ({ conversationId }: { conversationId: string }) => {
    const outcome = await runTurn(conversationId, deps);
    deps.logger.info(
      { conversationId, status: outcome.status, stoppedBy: outcome.stoppedBy?.processor, bubbles: outcome.bubbles, stages: outcome.ctx.stages },
      'turn done',
    );
    if (outcome.status === 'deferred' && outcome.retryInMs != null && sched) {
      // The model is down: run again later through the same debounce key. Added
      // while this job is active, BullMQ parks it and enqueues it, delayed, when
      // this one completes; a new message from the doctor meanwhile replaces it.
      await scheduleTurn(sched.queue, conversationId, outcome.retryInMs);
    }
    return { status: outcome.status, bubbles: outcome.bubbles, ...(outcome.status === 'deferred' ? { retryInMs: outcome.retryInMs } : {}) };
  };
}
