import type { Db } from '../db/index.js';
import type { OutboundContext, OutboundEnqueuer } from '../outbound/index.js';

export interface SupervisorMessage {
  chatwootConversationId: number;
  chatwootMessageId: number;
  agentId: string;
  content: string;
}

interface Lookup {
  conversationId: string;
  doctorId: string;
  lastInbound: { id: string; sentAt: string } | null;
}

const REPLY_WINDOW_MS = 30 * 60_000;

/**
 * A supervisor wrote to the doctor in Chatwoot: the conversation is now theirs
 * (Júlia stops), and the message leaves through the one way out. Answering a
 * doctor who just wrote is a REPLY with its proof; otherwise a MANUAL send, with
 * every proactive guardrail. Keyed by the Chatwoot message id: redelivery sends once.
 */
export async function handleSupervisorReply(deps: { db: Db; outbound: OutboundEnqueuer; now: () => Date }, m: SupervisorMessage): Promise<'queued' | 'unknown_conversation'> {
  const found = await deps.db.rpc<Lookup | null>('chatwoot_conversation_lookup', { p_chatwoot_conversation_id: m.chatwootConversationId });
  if (!found) return 'unknown_conversation';
  const actor = `chatwoot:${m.agentId}`;
  // Also the hand-off's first human reply and last sign of a person (human control expiry).
  await deps.db.rpc('handoff_supervisor_message', { p_conversation_id: found.conversationId, p_actor: actor, p_now: deps.now() });
  const recent = found.lastInbound && deps.now().getTime() - new Date(found.lastInbound.sentAt).getTime() <= REPLY_WINDOW_MS;
  const ctx: OutboundContext = recent
    ? { method: 'REPLY', doctorId: found.doctorId, conversationId: found.conversationId, inboundInteractionId: found.lastInbound!.id, lastInboundAt: found.lastInbound!.sentAt, actor }
    : { method: 'MANUAL', doctorId: found.doctorId, conversationId: found.conversationId, actor };
  await deps.outbound.enqueueOutbound(ctx, m.content, { idempotencyKey: `chatwoot-${m.chatwootMessageId}` });
  return 'queued';
}
