import { CONTINUE, type Processor } from '../processor.js';
import { loaded } from '../turn-context.js';

/**
 * The inbound messages were stored on arrival and each outbound is recorded by
 * the wrapper when it leaves; what remains is to mark this turn's messages as
 * handled, last, so a crash before it simply re-runs the turn from its plan.
 */
export const saveInteraction: Processor = {
  name: 'save_interaction',
  stage: 'post',
  priority: 30,
  async run(ctx) {
    const l = loaded(ctx);
    // A hand-off for a model outage leaves them for Júlia once the model is back.
    if (ctx.keepPending) return CONTINUE;
    await ctx.deps.db.rpc('turn_mark_handled', { p_conversation_id: ctx.conversationId, p_interaction_ids: l.pending.map((m) => m.id) });
    return CONTINUE;
  },
};
