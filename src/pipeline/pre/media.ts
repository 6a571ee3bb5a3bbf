import { CONTINUE, stop, type Processor } from '../processor.js';
import { loaded, pick } from '../turn-context.js';

/**
 * Media a person cannot "read" here. A voice note alone gets a natural request
 * to type; a sticker or reaction alone needs no answer; images go on to the
 * model as images; documents, videos, places and contacts as descriptions.
 */
export const media: Processor = {
  name: 'media',
  stage: 'pre',
  priority: 40,
  async run(ctx) {
    const l = loaded(ctx);
    const kinds = new Set(l.pending.map((m) => m.kind));
    const hasWords = l.pending.some((m) => (m.text ?? '').trim().length > 0 && !['sticker', 'reaction', 'delete'].includes(m.kind));
    const emit = (type: string) =>
      ctx.deps.db.rpc('business_event_emit', {
        p_event_type: type, p_doctor_id: l.doctor.id, p_conversation_id: ctx.conversationId,
        p_interaction_id: l.pending[l.pending.length - 1]!.id, p_props: { kinds: [...kinds] },
        p_dedupe_key: `${type}-${l.pending[l.pending.length - 1]!.id}`,
      });
    if (kinds.has('audio') && !hasWords) {
      await emit('audio_text_requested');
      return stop('audio_only', pick(ctx.deps.replies.audioRequest, l.pending[0]!.id));
    }
    if (!hasWords && [...kinds].every((k) => ['sticker', 'reaction', 'delete'].includes(k))) {
      await emit('media_no_reply');
      return stop('nothing_to_answer');
    }
    return CONTINUE;
  },
};
