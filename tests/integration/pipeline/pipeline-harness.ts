import type { AgentTurnInput, AgentTurnResult } from '../../../src/agent/index.js';
import type { OutboundContext } from '../../../src/outbound/index.js';
import type { HandoffNotice, PipelineDeps } from '../../../src/pipeline/index.js';
import { fixedClock, silentLogger } from '../../../src/shared/index.js';
import { inboundFrom } from '../../helpers/evolution-fixture.js';
import type { TestDb } from '../../helpers/test-db.js';

export const REPLIES = {
  botAnswer: 'Sou sim, sou a assistente virtual da equipe. Quer falar com alguém?',
  handoffMessages: ['Vou chamar alguém da equipe pra te ajudar'],
  botHandoff: ['Sou uma assistente virtual, sim. Já chamo alguém da equipe'],
  optOutConfirmation: ['Tudo certo, não te mando mais mensagem'],
  audioRequest: ['Não consigo ouvir áudio agora, me escreve?'],
  longMessage: ['Me resume em poucas linhas?'],
  validationFeedback: (reason: string) => `Reescreva: ${reason}`,
};

export function agentReply(text: string, extra: Partial<AgentTurnResult> = {}): AgentTurnResult {
  return {
    bubbles: text.split(/\n\s*\n/),
    text,
    model: 'claude-haiku-4-5',
    modelReason: 'default',
    usage: { inputTokens: 10, outputTokens: 5, cacheCreationInputTokens: 0, cacheReadInputTokens: 0, calls: [] },
    toolCalls: [],
    rounds: 1,
    latencyMs: 1,
    ...extra,
  };
}

/** Pipeline deps on a real database, with recording ports for the agent, outbound and notifications. */
export function harness(db: TestDb, script: Array<AgentTurnResult | ((i: AgentTurnInput) => AgentTurnResult)> = []) {
  const agentCalls: AgentTurnInput[] = [];
  const sent: Array<{ ctx: OutboundContext; text: string; delayMs?: number; key: string }> = [];
  const handoffs: HandoffNotice[] = [];
  const reads: string[][] = [];
  const deps: PipelineDeps = {
    db,
    logger: silentLogger,
    clock: fixedClock('2026-11-23T14:00:00Z'),
    humanizedDelay: false,
    random: () => 0.5,
    replies: REPLIES,
    async agent(input) {
      agentCalls.push(input);
      const next = script.shift();
      if (!next) throw new Error('agent script exhausted');
      return typeof next === 'function' ? next(input) : next;
    },
    outbound: {
      async enqueueOutbound(ctx, text, opts) {
        if (sent.some((s) => s.key === opts.idempotencyKey)) return { jobId: opts.idempotencyKey };
        sent.push({ ctx, text, ...(opts.delayMs !== undefined ? { delayMs: opts.delayMs } : {}), key: opts.idempotencyKey });
        return { jobId: opts.idempotencyKey };
      },
    },
    async markRead(_instance, _chat, ids) {
      reads.push(ids);
    },
    async notifyHandoff(n) {
      handoffs.push(n);
    },
  };
  return { deps, agentCalls, sent, handoffs, reads };
}

let seq = 0;
/** Persists inbound messages for one doctor (as the inbound job does) and returns the conversation id. */
export async function inbound(db: TestDb, phone: string, texts: Array<string | { fixture: string }>): Promise<string> {
  let conversationId = '';
  for (const t of texts) {
    seq++;
    const base = typeof t === 'string'
      ? inboundFrom('text-conversation', { id: `P-${phone}-${seq}`, text: t, timestamp: 1_800_000_000 + seq, remoteJid: `${phone}@s.whatsapp.net` })
      : inboundFrom(t.fixture, { id: `P-${phone}-${seq}`, timestamp: 1_800_000_000 + seq, remoteJid: `${phone}@s.whatsapp.net` });
    const r = await db.rpc<{ conversationId: string }>('inbound_persist', { p_message: base });
    conversationId = r.conversationId;
  }
  return conversationId;
}
