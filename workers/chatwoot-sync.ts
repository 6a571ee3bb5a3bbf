import type { Job } from 'bullmq';
import { z } from 'zod';
import type { Db } from '../src/db/index.js';
import type { ChatwootClient } from '../src/integrations/chatwoot/index.js';
import type { JobQueue } from '../src/shared/index.js';
import { defineJob } from './job-definition.js';

/**
 * Mirrors a conversation into Chatwoot: every interaction not mirrored yet, in
 * order, each recorded once. Serialized per conversation (debounce key), so one
 * Chatwoot conversation is opened per doctor conversation. A retry after a crash
 * between "posted" and "recorded" checks Chatwoot for our source id first.
 */
export const chatwootSyncJob = defineJob({ queue: 'supervision', payload: z.object({ conversationId: z.uuid() }), attempts: 8, backoffMs: 2_000 });

export function scheduleChatwootSync(queue: JobQueue, conversationId: string) {
  return queue.enqueue('chatwoot-sync', { conversationId }, { debounce: { key: `cw-${conversationId}`, ttlMs: 300 } });
}

interface Pending {
  chatwootConversationId: number | null;
  controlledBy: 'julia' | 'human';
  doctor: { phone: string | null; lid: string | null; name: string | null };
  interactions: Array<{ id: string; direction: 'inbound' | 'outbound'; kind: string; text: string | null; by: string | null }>;
}

export function chatwootSyncHandler(deps: { db: Db; chatwoot: ChatwootClient }) {
  return async ({ conversationId }: { conversationId: string }, job: Job) => {
    const p = await deps.db.rpc<Pending | null>('chatwoot_pending', { p_conversation_id: conversationId });
    if (!p) return { status: 'missing' };
    let cw = p.chatwootConversationId;
    if (!cw) {
      const opened = await deps.chatwoot.openConversation(p.doctor);
      cw = (await deps.db.rpc<{ chatwootConversationId: number }>('chatwoot_link', { p_conversation_id: conversationId, p_chatwoot_conversation_id: opened })).chatwootConversationId;
    }
    const present = job.attemptsMade > 0 ? await deps.chatwoot.sourceIds(cw) : new Set<string>();
    for (const i of p.interactions) {
      const sourceId = `julia-${i.id}`;
      const messageId = present.has(sourceId)
        ? 0
        : await deps.chatwoot.postMessage(cw, {
            content: i.text?.trim() || `[${i.kind}]`,
            type: i.direction === 'inbound' ? 'incoming' : 'outgoing',
            sourceId,
          });
      await deps.db.rpc('chatwoot_mark_mirrored', { p_interaction_id: i.id, p_conversation_id: conversationId, p_chatwoot_message_id: messageId });
    }
    if (p.controlledBy === 'human') await deps.chatwoot.addLabels(cw, ['atendimento-humano']);
    return { mirrored: p.interactions.length, chatwootConversationId: cw };
  };
}
