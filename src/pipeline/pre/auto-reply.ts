import { detectAutoReply } from '../../classify/index.js';
import { CONTINUE, stop, type Processor } from '../processor.js';
import { loaded, type PendingMessage } from '../turn-context.js';

/** An auto-responder repeats itself word for word; a doctor rarely resends a long text unchanged. */
const REPEAT_MIN_CHARS = 40;

/** Kinds that never call for an answer of their own. */
const SILENT_KINDS = new Set(['reaction', 'delete']);

const squeeze = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * A doctor's automatic answer (away message, business greeting) is stored,
 * marked, and not answered: answering a machine is a loop, and it is not the
 * doctor replying (auto_reply_record keeps it out of follow-up and campaign
 * reply counts). Runs after opt-out (an opt-out is always honoured) and before
 * the bot question, which an away message's "mensagem automática" would trip.
 * A turn that also holds a real message of the doctor goes on.
 */
export const autoReply: Processor = {
  name: 'auto_reply',
  stage: 'pre',
  priority: 32,
  async run(ctx) {
    const l = loaded(ctx);
    // The loop's signature: the same long text again after Júlia already answered it once. A
    // doctor who repeats himself because nobody answered is not caught by this.
    const lastOutbound = l.history.reduce((at, h) => (h.direction === 'outbound' && h.at > at ? h.at : at), '');
    const earlier = new Set(
      l.history
        .filter((h) => h.direction === 'inbound' && h.at < lastOutbound && (h.text ?? '').length >= REPEAT_MIN_CHARS)
        .map((h) => squeeze(h.text!)),
    );
    const automatic: Array<{ m: PendingMessage; reason: string }> = [];
    for (const m of l.pending) {
      const text = m.text ?? '';
      const verdict = detectAutoReply(text);
      if (verdict.autoReply) automatic.push({ m, reason: verdict.reason! });
      else if (text.length >= REPEAT_MIN_CHARS && earlier.has(squeeze(text))) automatic.push({ m, reason: 'repeated' });
    }
    if (automatic.length === 0) return CONTINUE;
    const reason = automatic[0]!.reason;
    await ctx.deps.db.rpc('auto_reply_record', {
      p_conversation_id: ctx.conversationId, p_interaction_ids: automatic.map((a) => a.m.id), p_reason: reason,
    });
    const ids = new Set(automatic.map((a) => a.m.id));
    // Anything else the doctor sent in this turn is his own and gets its answer.
    if (l.pending.some((m) => !ids.has(m.id) && !SILENT_KINDS.has(m.kind))) return CONTINUE;
    return stop('auto_reply');
  },
};
