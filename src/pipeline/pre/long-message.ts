import { CONTINUE, stop, type Processor } from '../processor.js';
import { loaded, pick } from '../turn-context.js';

export const TRUNCATE_ABOVE = 4_000;
export const ASK_SUMMARY_ABOVE = 10_000;

/**
 * Very long messages: above 4,000 characters the model sees the start (and is
 * told so); above 10,000 Júlia asks, like a person would, for the short version.
 */
export const longMessage: Processor = {
  name: 'long_message',
  stage: 'pre',
  priority: 45,
  async run(ctx) {
    const length = ctx.text.length;
    if (length <= TRUNCATE_ABOVE) return CONTINUE;
    const l = loaded(ctx);
    const last = l.pending[l.pending.length - 1]!;
    await ctx.deps.db.rpc('business_event_emit', {
      p_event_type: 'long_message', p_doctor_id: l.doctor.id, p_conversation_id: ctx.conversationId,
      p_interaction_id: last.id, p_props: { length }, p_dedupe_key: `long-message-${last.id}`,
    });
    if (length > ASK_SUMMARY_ABOVE) return stop('message_too_long', pick(ctx.deps.replies.longMessage, last.id));
    ctx.text = `${ctx.text.slice(0, TRUNCATE_ABOVE)}\n[mensagem longa: só o começo está aqui]`;
    return CONTINUE;
  },
};
