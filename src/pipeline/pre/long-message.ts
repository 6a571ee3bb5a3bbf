import { CONTINUE, stop, type Processor } from '../processor.js';
import { truncateMiddle } from '../../shared/text.js';
import { loaded, pick } from '../turn-context.js';

export const TRUNCATE_ABOVE = 4_000;
export const ASK_SUMMARY_ABOVE = 10_000;

/**
 * Very long messages: above 4,000 characters the model sees the start and the
 * end (a question is as often at the end) and is told the middle was cut;
 * above 10,000 Júlia asks, like a person would, for the short version. Either
 * way the turn answers: a long text is never a reason for a failing job.
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
    ctx.text = truncateForModel(ctx.text);
    return CONTINUE;
  },
};

/** What the model reads of a long text: head and tail, and a line saying the middle was cut. */
export function truncateForModel(text: string, max = TRUNCATE_ABOVE): string {
  return truncateMiddle(text, max, (omitted) => `\n[mensagem longa: ${omitted} caracteres do meio foram cortados; aqui estão só o começo e o fim]\n`);
}
