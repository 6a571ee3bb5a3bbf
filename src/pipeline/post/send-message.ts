import { replyBubbleKey, replyContext } from '../../outbound/index.js';
import { CONTINUE, type Processor } from '../processor.js';
import { splitBubbles } from '../split-bubbles.js';
import { answered, loaded, type PendingMessage, type TurnContext } from '../turn-context.js';

interface Plan {
  bubbles: string[];
  delays: number[];
  created: boolean;
  /** Bubbles of plans stored for the other pending messages that never reached the wrapper. */
  earlier: Array<{ interactionId: string; index: number; text: string; handoff: boolean }>;
}

/**
 * Never straight to WhatsApp: the reply plan is stored first (one per answered
 * message, so a retried turn reuses it word for word), then each bubble becomes
 * a delayed `outbound` job with a deterministic idempotency key.
 *
 * A pending message other than the answered one may already have a plan: an earlier
 * run of this turn stored it and died before its jobs were acknowledged by Redis (a
 * worker killed while Redis restarted: the adds were still in ioredis's offline queue),
 * and the doctor wrote again before the retry. Those bubbles are queued again under
 * their own keys, before this plan's, so the wrapper decides them (superseded by the
 * newer message, a recorded outcome) instead of no one ever
 * (docs/decisions/0200-turn-plan-orphans.md).
 */
export const sendMessage: Processor = {
  name: 'send_message',
  stage: 'post',
  priority: 20,
  async run(ctx) {
    const l = loaded(ctx);
    if (l.pending.length === 0) return CONTINUE;
    const last = answered(l.pending);
    const humanInControl = l.conversation.controlled_by === 'human';
    // Never a plan here: it would pre-empt the answer these messages get after the outage.
    if (ctx.keepPending && ctx.handoff) return modelOutageHandoff(ctx, last, humanInControl);
    const bubbles = humanInControl ? [] : splitBubbles(ctx.replies);
    const delays = bubbles.map((_, i) => ctx.delays[Math.min(i, ctx.delays.length - 1)] ?? 0);
    const plan = await ctx.deps.db.rpc<Plan>('turn_plan_store', {
      p_conversation_id: ctx.conversationId,
      p_interaction_id: last.id,
      p_bubbles: bubbles,
      p_delays: delays,
      p_outcome: ctx.handoff ? 'handoff' : ctx.stoppedBy ? ctx.stoppedBy.reason : 'reply',
      p_earlier: l.pending.filter((m) => m.id !== last.id).map((m) => m.id),
    });
    for (const b of plan.earlier ?? []) {
      const answeredThen = l.pending.find((m) => m.id === b.interactionId);
      if (!answeredThen) continue;
      await ctx.deps.outbound.enqueueOutbound(replyTo(ctx, answeredThen, b.handoff), b.text, { idempotencyKey: replyBubbleKey(b.interactionId, b.index) });
    }
    for (const [i, text] of plan.bubbles.entries()) {
      await ctx.deps.outbound.enqueueOutbound(
        replyTo(ctx, last, Boolean(ctx.handoff)),
        text,
        { delayMs: plan.delays[i] ?? 0, idempotencyKey: replyBubbleKey(last.id, i) },
      );
    }
    if (ctx.handoff) {
      // After the hand-off line is queued: from here on nothing automatic goes out.
      const res = await ctx.deps.db.rpc<{ changed: boolean }>('conversation_set_control', {
        p_conversation_id: ctx.conversationId, p_controlled_by: 'human', p_reason: ctx.handoff.reason, p_actor: 'julia',
      });
      if (res.changed) await ctx.deps.notifyHandoff(ctx.handoff);
    }
    return CONTINUE;
  },
};

/**
 * A model outage outlasted its budget. No plan is stored, because the turn that
 * answers these messages after the outage must store its own; the line has its
 * own idempotency key. It may leave under human control (handoffNotice).
 */
async function modelOutageHandoff(ctx: TurnContext, last: PendingMessage, humanInControl: boolean) {
  for (const [i, text] of (humanInControl ? [] : splitBubbles(ctx.replies)).entries()) {
    await ctx.deps.outbound.enqueueOutbound(
      replyTo(ctx, last, true),
      text,
      { delayMs: ctx.delays[i] ?? 0, idempotencyKey: `outage-handoff-${last.id}-${i}` },
    );
  }
  const res = await ctx.deps.db.rpc<{ changed: boolean }>('model_outage_handoff', { p_conversation_id: ctx.conversationId, p_now: ctx.deps.clock.now() });
  if (res.changed) await ctx.deps.notifyHandoff(ctx.handoff!);
  return CONTINUE;
}

/** A REPLY to the last pending message, with the proof its method needs (spec 9.3). */
function replyTo(ctx: TurnContext, last: PendingMessage, handoffNotice: boolean) {
  return replyContext({
    doctorId: loaded(ctx).doctor.id,
    conversationId: ctx.conversationId,
    inboundInteractionId: last.id,
    lastInboundAt: last.sentAt,
    instance: last.instance,
    handoffNotice,
  });
}
