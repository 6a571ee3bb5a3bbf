import { CONTINUE, type Processor } from '../processor.js';
import { loaded } from '../turn-context.js';

/**
 * Supervisors see every inbound message in Chatwoot, including those that
 * trigger a hand-off or arrive under human control, so this runs before any
 * processor that can stop. The mirror is a job of its own: Chatwoot being slow
 * or down never delays Júlia's answer.
 */
export const chatwootSync: Processor = {
  name: 'chatwoot_sync',
  stage: 'pre',
  priority: 25,
  async run(ctx) {
    if (!ctx.deps.mirrorInbound) return CONTINUE;
    const l = loaded(ctx);
    await ctx.deps.mirrorInbound(ctx.conversationId, l.pending.map((m) => m.id));
    return CONTINUE;
  },
};
