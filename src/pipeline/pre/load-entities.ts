import { CONTINUE, stop, type Processor } from '../processor.js';
import type { Loaded } from '../turn-context.js';

/** Loads the conversation, doctor, state, pending messages and history in one call. */
export const loadEntities: Processor = {
  name: 'load_entities',
  stage: 'pre',
  priority: 1,
  async run(ctx) {
    const l = await ctx.deps.db.rpc<Loaded | null>('turn_load', { p_conversation_id: ctx.conversationId });
    if (!l) return stop('conversation_not_found');
    ctx.loaded = l;
    // A turn armed by a message that another turn already answered: nothing to do.
    return l.pending.length === 0 ? stop('nothing_pending') : CONTINUE;
  },
};
