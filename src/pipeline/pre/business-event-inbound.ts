import { CONTINUE, type Processor } from '../processor.js';
import { loaded } from '../turn-context.js';

/**
 * E04: a doctor answering after Júlia offered shifts is the funnel's next step
 * (offer_made → offer_replied → offer_accepted). Once per inbound message.
 */
export const businessEventInbound: Processor = {
  name: 'business_event_inbound',
  stage: 'pre',
  priority: 22,
  async run(ctx) {
    const l = loaded(ctx);
    const offered = (l.conversation.state as { offered?: unknown[] }).offered;
    if (!Array.isArray(offered) || offered.length === 0) return CONTINUE;
    const last = l.pending[l.pending.length - 1]!;
    await ctx.deps.db.rpc('business_event_emit', {
      p_event_type: 'offer_replied',
      p_doctor_id: l.doctor.id,
      p_conversation_id: ctx.conversationId,
      p_interaction_id: last.id,
      p_props: { offered: offered.length },
      p_dedupe_key: `offer-replied-${last.id}`,
    });
    ctx.events.push('offer_replied');
    return CONTINUE;
  },
};
