import { CONTINUE, stop, type Processor } from '../processor.js';
import { loaded } from '../turn-context.js';

/** While a person controls the conversation, Júlia sends nothing automatic. */
export const humanControl: Processor = {
  name: 'human_control',
  stage: 'pre',
  priority: 60,
  async run(ctx) {
    const l = loaded(ctx);
    if (l.conversation.controlled_by !== 'human') return CONTINUE;
    // Handed off only because the model was down, and no person acted since:
    // try the model again; if it answers, the conversation returns to Júlia.
    const outage = await ctx.deps.db.rpc<{ handedOffAt: string | null } | null>('model_outage_get', { p_conversation_id: ctx.conversationId });
    if (outage?.handedOffAt) return CONTINUE;
    const last = l.pending[l.pending.length - 1]!;
    await ctx.deps.db.rpc('business_event_emit', {
      p_event_type: 'inbound_under_human_control', p_doctor_id: l.doctor.id, p_conversation_id: ctx.conversationId,
      p_interaction_id: last.id, p_props: { messages: l.pending.length }, p_dedupe_key: `human-control-${last.id}`,
    });
    return stop('human_control');
  },
};
