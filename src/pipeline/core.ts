import type { AgentTurnInput, HistoryMessage } from '../agent/index.js';
import { truncateForModel } from './pre/long-message.js';
import { loaded, type TurnContext } from './turn-context.js';

/**
 * The agent core between the pre- and post-processors: history (already
 * handled messages, then the pending text as the doctor's newest turn), the
 * knowledge a pre-processor may have computed, and the model's reply.
 */
export function agentInput(ctx: TurnContext, feedback?: string[]): AgentTurnInput {
  const l = loaded(ctx);
  const history: HistoryMessage[] = l.history
    .filter((h) => (h.text ?? '').trim())
    // Earlier long texts are cut like the current one: the history must not smuggle them in whole.
    .map((h) => ({ role: h.direction === 'inbound' ? 'doctor' : 'julia', text: truncateForModel(h.text!), at: h.at }));
  const last = l.pending[l.pending.length - 1]!;
  history.push({ role: 'doctor', text: ctx.text, at: last.sentAt, ...(ctx.images.length ? { images: ctx.images } : {}) });
  return {
    doctorId: l.doctor.id,
    conversationId: ctx.conversationId,
    history,
    context: {
      ...(ctx.knowledge ? { knowledge: ctx.knowledge } : {}),
      ...(feedback?.length ? { feedback } : {}),
    },
  };
}

export async function runCore(ctx: TurnContext): Promise<void> {
  const result = await ctx.deps.agent(agentInput(ctx));
  ctx.agentResult = result;
  if (result.handoff) {
    const l = loaded(ctx);
    ctx.handoff = {
      doctorId: l.doctor.id,
      conversationId: ctx.conversationId,
      reason: result.handoff.reason,
      ...(result.handoff.draft ? { draft: result.handoff.draft } : {}),
    };
    ctx.replies = [];
    return;
  }
  ctx.replies = result.bubbles;
}
