import { CONTINUE, stop, type Processor } from '../processor.js';
import { loaded, pick, turnClassification } from '../turn-context.js';

/**
 * A request for a person, a legal threat, strong anger or a payment dispute:
 * a human takes over. Júlia says so naturally, once; the send processor flips
 * the conversation to human control after the message is queued.
 * With an API key, a close call goes to the fast model first (src/classify).
 */
export const handoffTrigger: Processor = {
  name: 'handoff_trigger',
  stage: 'pre',
  priority: 50,
  async run(ctx) {
    const l = loaded(ctx);
    const hit = await turnClassification(ctx).handoff();
    if (!hit) return CONTINUE;
    const reason = hit.result.reason ?? 'human_request';
    ctx.handoff = { doctorId: l.doctor.id, conversationId: ctx.conversationId, reason };
    if (l.conversation.controlled_by === 'human') return stop('handoff_already_human');
    // A bot question in the same turn gets its honest answer in the hand-off line itself.
    const lines = ctx.botQuestion && ctx.deps.replies.botHandoff?.length ? ctx.deps.replies.botHandoff : ctx.deps.replies.handoffMessages;
    return stop(`handoff_${reason}`, pick(lines, hit.message.id));
  },
};
