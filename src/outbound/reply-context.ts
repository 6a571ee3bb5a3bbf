import type { OutboundContext } from './contract.js';

export interface ReplyTo {
  doctorId: string;
  conversationId: string;
  /** The inbound message being answered and when the doctor sent it (ISO): the REPLY proof (spec 9.3). */
  inboundInteractionId: string;
  lastInboundAt: string;
  /** The number the doctor wrote to; the reply leaves from it. */
  instance?: string | null;
  /** The hand-off line, the one automatic message allowed under human control. */
  handoffNotice?: boolean;
}

/**
 * Júlia's answer to one inbound message. The turn (send_message) and the inbound
 * sweeper, which re-queues a bubble lost before the wrapper, build it here, so a
 * re-queued bubble is the same job, under the same key, as the one the turn queued.
 */
export function replyContext(r: ReplyTo): OutboundContext {
  return {
    method: 'REPLY',
    doctorId: r.doctorId,
    conversationId: r.conversationId,
    inboundInteractionId: r.inboundInteractionId,
    lastInboundAt: r.lastInboundAt,
    actor: 'julia',
    ...(r.instance ? { instance: r.instance } : {}),
    ...(r.handoffNotice ? { handoffNotice: true } : {}),
  };
}

/** Idempotency key of bubble `index` of the answer to an inbound message (also read by turn_plan_unsent, 0195). */
export const replyBubbleKey = (inboundInteractionId: string, index: number) => `reply-${inboundInteractionId}-${index}`;
