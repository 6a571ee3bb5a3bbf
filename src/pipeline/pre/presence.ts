import { CONTINUE, type Processor } from '../processor.js';
import { loaded } from '../turn-context.js';

/**
 * Marks the doctor's messages as read, as a person opening the chat would.
 * Skipped under human control: the supervisor reads them in Chatwoot.
 */
export const presence: Processor = {
  name: 'presence',
  stage: 'pre',
  priority: 15,
  async run(ctx) {
    const l = loaded(ctx);
    if (!ctx.deps.markRead || l.conversation.controlled_by === 'human') return CONTINUE;
    const byChat = new Map<string, { instance: string; ids: string[] }>();
    for (const m of l.pending) {
      const chat = m.meta?.chatJid;
      if (!chat || !m.instance || !m.providerMessageId) continue;
      const entry = byChat.get(chat) ?? { instance: m.instance, ids: [] };
      entry.ids.push(m.providerMessageId);
      byChat.set(chat, entry);
    }
    for (const [chat, { instance, ids }] of byChat) {
      try {
        await ctx.deps.markRead(instance, chat, ids);
      } catch (err) {
        // A missing blue tick is not worth failing a turn over.
        ctx.deps.logger.warn({ err: (err as Error).message }, 'mark as read failed');
      }
    }
    return CONTINUE;
  },
};
