import { z } from 'zod';
import type { Db } from '../src/db/index.js';
import { inboundMessageSchema, type InboundMessage } from '../src/inbound/index.js';
import { safeJobId, type JobQueue, type Logger } from '../src/shared/index.js';
import { defineJob } from './job-definition.js';

/**
 * The `inbound` job: persist the message and its doctor_inbound event in one
 * transaction (a redelivery is a no-op), then (re)arm the conversation's turn.
 */
export const inboundJob = defineJob({
  queue: 'inbound',
  payload: inboundMessageSchema.extend({ fromMeAttempt: z.number().int().min(0).default(0) }),
  // Outlives a 15-minute database outage with margin (docs/decisions/0009-durability.md):
  // waits 1,2,4,...,32 s then 60 s each: retryWindowMs = 63 s + 33 x 60 s = 34 min.
  attempts: 40,
  backoffMs: 1_000,
  maxBackoffMs: 60_000,
  // A redelivered webhook is deduped by inbound_persist (unique provider id).
  dropOnComplete: true,
  // The message names the number Júlia answers: only the service may queue one.
  signed: true,
});

export interface InboundJobDeps {
  db: Db;
  queue: JobQueue;
  logger: Logger;
  turnDebounceMs: number;
}

/** A fromMe with no matching send is re-checked this many times before we call it a human. */
const FROM_ME_RECHECKS = 3;
const FROM_ME_RECHECK_DELAY_MS = 10_000;

export function scheduleTurn(queue: JobQueue, conversationId: string, debounceMs: number) {
  return queue.enqueue('turn', { conversationId }, { debounce: { key: `turn-${conversationId}`, ttlMs: debounceMs } });
}

/**
 * Makes sure a turn is pending for the conversation without disturbing one that
 * is: a job already scheduled, running or waiting to retry stays as it is.
 */
export function ensureTurn(queue: JobQueue, conversationId: string, debounceMs: number) {
  return queue.enqueue('turn', { conversationId }, { debounce: { key: `turn-${conversationId}`, ttlMs: debounceMs, replace: false } });
}

export function inboundHandler(deps: InboundJobDeps) {
  return async (message: InboundMessage & { fromMeAttempt: number }) => {
    if (message.isGroup) {
      await deps.queue.enqueue('group-ingest', message, { jobId: safeJobId('grp', message.instance, message.providerMessageId) });
      return { status: 'group' };
    }
    if (message.fromMe) return handleFromMe(deps, message);
    const r = await deps.db.rpc<{ status: 'created' | 'duplicate'; conversationId: string }>('inbound_persist', { p_message: message });
    if (!message.triggersTurn) return r;
    if (r.status === 'created') {
      await scheduleTurn(deps.queue, r.conversationId, deps.turnDebounceMs);
    } else {
      // A retry after dying between the insert and the schedule lands here: if the
      // message still waits for an answer, its turn must exist (a no-op when it does).
      const t = await deps.db.rpc<{ conversationId: string | null; pending: boolean }>('inbound_turn_needed', {
        p_instance: message.instance,
        p_provider_message_id: message.providerMessageId,
      });
      if (t.pending && t.conversationId) await ensureTurn(deps.queue, t.conversationId, deps.turnDebounceMs);
    }
    return r;
  };
}

async function handleFromMe(deps: InboundJobDeps, message: InboundMessage & { fromMeAttempt: number }) {
  const r = await deps.db.rpc<{ status: string; conversationId?: string }>('inbound_from_me', { p_message: message });
  if (r.status === 'in_flight' && message.fromMeAttempt < FROM_ME_RECHECKS) {
    // Our own send may not be recorded yet; look again later instead of waiting here.
    const next = message.fromMeAttempt + 1;
    await deps.queue.enqueue('inbound', { ...message, fromMeAttempt: next }, {
      jobId: safeJobId('in', message.instance, message.providerMessageId, `recheck${next}`),
      delayMs: FROM_ME_RECHECK_DELAY_MS,
    });
  }
  if (r.status === 'human_control') deps.logger.info({ conversationId: r.conversationId }, 'a person answered from the phone; human control');
  return r;
}
