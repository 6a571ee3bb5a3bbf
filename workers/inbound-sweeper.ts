import { z } from 'zod';
import type { Db } from '../src/db/index.js';
import { replyBubbleKey, replyContext, type OutboundEnqueuer } from '../src/outbound/index.js';
import type { JobQueue, Logger } from '../src/shared/index.js';
import { ensureTurn } from './inbound.js';
import { defineJob } from './job-definition.js';

/**
 * The `inbound-sweeper` job (every minute): the inbound job stores a message and
 * then schedules its turn; a crash or a Redis error between the two would leave
 * the doctor unanswered until he wrote again. The sweeper finds messages still
 * unhandled a minute later and makes sure their turn exists. Idempotent: it uses
 * the turn's debounce key without replacing a turn that is already pending.
 *
 * It also re-queues reply bubbles whose plan was stored a minute past their due time
 * but which never reached the outbound wrapper (no outbound row). A turn that died before
 * its jobs were acknowledged is the turn's own retry's business (send_message, 0200); what
 * is left for this net is Redis losing an add it had acknowledged (a crash with
 * appendfsync everysec, a failover, no AOF), after the messages were marked handled: the
 * doctor would be answered on paper and silent on WhatsApp. The same idempotency key
 * makes this safe: a job still pending makes the add a no-op, and the wrapper
 * deduplicates a send that did happen.
 */
export const inboundSweeperJob = defineJob({
  queue: 'scheduled',
  payload: z.object({}),
  // It runs again in a minute; retrying would only pile up behind the next run.
  attempts: 1,
  backoffMs: 1_000,
  // Re-arms turns a crash between "stored" and "scheduled" would have lost.
  schedule: () => [{ every: SWEEP_EVERY_MS }],
});

/** Longer than a debounce plus an ordinary turn, so a healthy turn is never second-guessed. */
export const SWEEP_MIN_AGE_SECONDS = 60;
export const SWEEP_EVERY_MS = 60_000;

export interface InboundSweeperDeps {
  db: Db;
  queue: JobQueue;
  logger: Logger;
  turnDebounceMs: number;
  minAgeSeconds?: number;
  /** Re-queues lost reply bubbles; without it only turns are re-armed. */
  outbound?: OutboundEnqueuer;
}

interface UnsentBubble {
  conversationId: string;
  doctorId: string;
  interactionId: string;
  index: number;
  text: string;
  handoff: boolean;
  instance: string | null;
  sentAt: string;
}

export function inboundSweeperHandler(deps: InboundSweeperDeps) {
  return async () => {
    const r = await deps.db.rpc<{ conversationIds: string[] }>('inbound_sweep', { p_min_age_seconds: deps.minAgeSeconds ?? SWEEP_MIN_AGE_SECONDS });
    for (const conversationId of r.conversationIds) await ensureTurn(deps.queue, conversationId, deps.turnDebounceMs);
    if (r.conversationIds.length) deps.logger.warn({ count: r.conversationIds.length }, 'inbound sweeper re-armed turns of unanswered messages');
    let requeued = 0;
    if (deps.outbound) {
      const unsent = await deps.db.rpc<UnsentBubble[]>('turn_plan_unsent', { p_min_age_seconds: deps.minAgeSeconds ?? SWEEP_MIN_AGE_SECONDS });
      for (const b of unsent) {
        // The same job send_message queued (src/outbound/reply-context.ts).
        await deps.outbound.enqueueOutbound(
          replyContext({
            doctorId: b.doctorId,
            conversationId: b.conversationId,
            inboundInteractionId: b.interactionId,
            lastInboundAt: b.sentAt,
            instance: b.instance,
            handoffNotice: b.handoff,
          }),
          b.text,
          { idempotencyKey: replyBubbleKey(b.interactionId, b.index) },
        );
        requeued++;
      }
      if (requeued) deps.logger.warn({ count: requeued }, 'inbound sweeper re-queued reply bubbles that never reached the outbound wrapper');
    }
    return { armed: r.conversationIds.length, ...(deps.outbound && { requeued }) };
  };
}
