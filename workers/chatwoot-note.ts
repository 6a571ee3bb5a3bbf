import { createHash } from 'node:crypto';
import type { Job } from 'bullmq';
import { z } from 'zod';
import type { Db } from '../src/db/index.js';
import type { ChatwootClient } from '../src/integrations/chatwoot/index.js';
import type { JobQueue } from '../src/shared/index.js';
import { defineJob } from './job-definition.js';

/**
 * `chatwoot-note`: a private note in a doctor's Chatwoot conversation (Júlia's
 * draft on a hand-off; why a supervisor's message was blocked or delayed).
 * Waits (retries) until the mirror has opened the Chatwoot conversation; the
 * note's source id makes a retry after a crash post it once.
 */
export const chatwootNoteJob = defineJob({
  queue: 'supervision',
  payload: z.object({ conversationId: z.uuid(), key: z.string().min(1).max(200), text: z.string().min(1).max(8_000) }),
  attempts: 10,
  backoffMs: 1_000,
});

export function scheduleChatwootNote(queue: JobQueue, n: { conversationId: string; key: string; text: string }) {
  const id = createHash('sha256').update(n.key).digest('hex').slice(0, 32);
  return queue.enqueue('chatwoot-note', n, { jobId: `cw-note-${id}` });
}

export function chatwootNoteHandler(deps: { db: Db; chatwoot: ChatwootClient }) {
  return async (n: { conversationId: string; key: string; text: string }, job: Job) => {
    const linked = await deps.db.rpc<{ chatwootConversationId: number | null }>('chatwoot_conversation_of', { p_conversation_id: n.conversationId });
    if (!linked.chatwootConversationId) throw new Error('chatwoot conversation not opened yet');
    const sourceId = `julia-note-${createHash('sha256').update(n.key).digest('hex').slice(0, 24)}`;
    if (job.attemptsMade > 0 && (await deps.chatwoot.sourceIds(linked.chatwootConversationId)).has(sourceId)) return { status: 'already_posted' };
    await deps.chatwoot.postMessage(linked.chatwootConversationId, { content: n.text, type: 'outgoing', sourceId, private: true });
    return { status: 'posted' };
  };
}
