import type { Db } from '../db/index.js';

export interface HandbackResult {
  status: 'handed_back' | 'not_in_handoff' | 'unknown_conversation';
  conversationId?: string;
  summary?: string;
}

/**
 * A person finished in Chatwoot (resolved, or removed the hand-off label): Júlia
 * takes the conversation back. The SQL builds a short summary of what the person
 * handled; her next turn reads it (agent_steering) until she has spoken again.
 * Idempotent: a second signal for the same hand-back finds it already Júlia's.
 */
export async function handBack(deps: { db: Db; now: () => Date }, m: { chatwootConversationId: number; actor: string; via: string }): Promise<HandbackResult> {
  return deps.db.rpc<HandbackResult>('handback_from_chatwoot', {
    p_chatwoot_conversation_id: m.chatwootConversationId,
    p_actor: m.actor,
    p_via: m.via,
    p_now: deps.now(),
  });
}
