import { CONTINUE, stop, type Processor } from '../processor.js';
import { loaded } from '../turn-context.js';

/**
 * Group messages are routed to group ingestion by the inbound job and never
 * join a doctor's conversation; this guard keeps one that did (data from an
 * older version, a misrouted chat) from ever being answered.
 */
export const groupIngestion: Processor = {
  name: 'group_ingestion',
  stage: 'pre',
  priority: 5,
  async run(ctx) {
    const l = loaded(ctx);
    const groups = l.pending.filter((m) => m.meta?.chatJid?.endsWith('@g.us'));
    if (groups.length === 0) return CONTINUE;
    for (const g of groups) await ctx.deps.groupIngest?.(g);
    l.pending = l.pending.filter((m) => !groups.includes(m));
    if (l.pending.length > 0) return CONTINUE;
    await ctx.deps.db.rpc('business_event_emit', {
      p_event_type: 'group_message_ingested', p_doctor_id: l.doctor.id, p_conversation_id: ctx.conversationId,
      p_props: { count: groups.length },
    });
    return stop('group_message');
  },
};
