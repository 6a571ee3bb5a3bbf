import type { Db } from '../src/db/index.js';
import { callReceivedSchema, callText, type CallReceived } from '../src/calls/index.js';
import type { OutboundEnqueuer } from '../src/outbound/index.js';
import { spDateString, type Clock, type Logger } from '../src/shared/index.js';
import { defineJob } from './job-definition.js';

/**
 * The `call-received` job: a doctor called Júlia's WhatsApp. Recorded once per
 * call; unless Evolution already answered the call with its own text, Júlia
 * writes one short line asking him to write, at most once a São Paulo day per
 * doctor (the send's idempotency key), through the outbound job like any reply.
 */
export const callReceivedJob = defineJob({
  queue: 'inbound',
  payload: callReceivedSchema,
  attempts: 8,
  backoffMs: 1_000,
  dropOnComplete: true,
  // Its payload makes Júlia write to a phone: signed like the inbound job it stands beside.
  signed: true,
});

export interface CallReceivedDeps {
  db: Db;
  outbound: OutboundEnqueuer;
  clock: Clock;
  logger: Logger;
  /** Evolution rejects calls with its own message (EVOLUTION_REJECT_CALL_MESSAGE): Júlia adds nothing. */
  providerAnswers: boolean;
  random?: () => number;
}

/** Within the reply-proof window (30 min) with room to spare for the queue. */
const STALE_CALL_MS = 20 * 60_000;

interface CallRecord {
  status: 'answer' | 'duplicate' | 'answered_by_provider' | 'stale' | 'opted_out' | 'human_control' | 'conversation_active';
  doctorId?: string;
  conversationId?: string;
  interactionId?: string;
  occurredAt?: string;
}

export function callReceivedHandler(deps: CallReceivedDeps) {
  return async (call: CallReceived) => {
    // A call Evolution reports late (it rang while the instance was offline) is past asking him to write.
    const stale = deps.clock.now().getTime() - new Date(call.at).getTime() > STALE_CALL_MS;
    const skip = deps.providerAnswers ? 'answered_by_provider' : stale ? 'stale' : null;
    const r = await deps.db.rpc<CallRecord>('call_record', {
      p_instance: call.instance, p_call_id: call.callId, p_phone: call.phone, p_lid: call.lid,
      p_at: call.at, p_is_video: call.isVideo, p_skip: skip,
    });
    if (r.status !== 'answer') return { status: r.status };
    const day = spDateString(deps.clock.now());
    // A retry after a crash re-enqueues the same key: still one text.
    await deps.outbound.enqueueOutbound(
      {
        method: 'REPLY', doctorId: r.doctorId!, conversationId: r.conversationId!, inboundInteractionId: r.interactionId!,
        lastInboundAt: new Date(r.occurredAt!).toISOString(), actor: 'julia', instance: call.instance,
      },
      callText(deps.random),
      { idempotencyKey: `call-text:${r.doctorId}:${day}` },
    );
    deps.logger.info({ conversationId: r.conversationId }, 'a doctor called; asked him to write');
    return { status: 'answered' };
  };
}
