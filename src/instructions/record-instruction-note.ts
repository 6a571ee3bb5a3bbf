import type { Db } from '../db/index.js';
import { parseInstructionNote } from './parse-instruction-note.js';

export interface InstructionNoteInput {
  chatwootConversationId: number;
  chatwootMessageId: number;
  agentId: string;
  content: string;
}

export interface InstructionNoteDeps {
  db: Db;
  now: () => Date;
  /** How long an instruction holds (SUPERVISOR_INSTRUCTION_HOURS). */
  ttlHours: number;
  /** Posts Júlia's private note in the conversation (the chatwoot-note job); absent without Chatwoot. */
  note?(n: { conversationId: string; key: string; text: string }): Promise<void>;
}

interface Recorded {
  status: 'stored' | 'revoked' | 'duplicate' | 'unknown_conversation';
  conversationId?: string;
  revoked?: number;
}

/**
 * A supervisor's note addressed to Júlia: stored (or every active instruction
 * revoked) keyed by the Chatwoot message id, then acknowledged with a private
 * note through the chatwoot-note job, whose key is the same message id, so a
 * redelivery or a retry after a crash acknowledges once.
 * Returns undefined for a note that is not addressed to Júlia.
 */
export async function recordInstructionNote(deps: InstructionNoteDeps, m: InstructionNoteInput): Promise<string | undefined> {
  const parsed = parseInstructionNote(m.content);
  if (!parsed) return undefined;
  const now = deps.now();
  if (parsed.kind === 'empty') return 'ignored';
  const res = await deps.db.rpc<Recorded>('instruction_from_note', {
    p_chatwoot_conversation_id: m.chatwootConversationId,
    p_chatwoot_message_id: m.chatwootMessageId,
    p_author: `chatwoot:${m.agentId}`,
    p_body: parsed.kind === 'instruction' ? parsed.body : '(revogação)',
    p_revoke: parsed.kind === 'revoke',
    p_expires_at: new Date(now.getTime() + deps.ttlHours * 3_600_000),
    p_now: now,
  });
  if (res.status === 'unknown_conversation' || !res.conversationId) return 'unknown_conversation';
  // A duplicate still re-arms the acknowledgement: its job id is the same, so it posts once.
  const text =
    parsed.kind === 'revoke'
      ? 'Júlia: entendido, desconsidero as instruções anteriores desta conversa.'
      : `Júlia: instrução recebida. Sigo com ela nas próximas mensagens desta conversa por ${deps.ttlHours} h (ou até "@julia revogar"). Não repito o texto da instrução ao médico.`;
  await deps.note?.({ conversationId: res.conversationId, key: `instruction-ack-${m.chatwootMessageId}`, text });
  return parsed.kind === 'revoke' ? 'instruction_revoked' : 'instruction';
}
