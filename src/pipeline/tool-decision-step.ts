import { sideEffectsOf, toolDecisions, type AgentTurnResult } from '../agent/index.js';
import { answered, loaded, pick, type TurnContext } from './turn-context.js';

/**
 * A stop or a request for a person that the rules let through and the model
 * recognised (registrar_opt_out, pedir_humano) ends the turn exactly as the
 * opt-out and hand-off steps end it: the same fixed texts from prompts/, the
 * same outcome, the same hand-off path in send_message. What the model wrote
 * after the call is not sent. Returns false when the tools decided nothing.
 */
export function applyToolDecision(ctx: TurnContext, result: AgentTurnResult): boolean {
  const decided = toolDecisions(result.toolCalls);
  const l = loaded(ctx);
  const seed = answered(l.pending).id;
  if (decided.optOut) {
    // Already opted out before this turn: like the opt-out step, no second confirmation.
    ctx.stoppedBy = { processor: 'agent', reason: decided.optOut.changed ? 'opt_out' : 'already_opted_out' };
    ctx.replies = decided.optOut.changed ? [pick(ctx.deps.replies.optOutConfirmation, seed)] : [];
    return true;
  }
  if (decided.handoff) {
    const actions = sideEffectsOf(result.toolCalls);
    const draft = result.text.trim();
    ctx.handoff = {
      doctorId: l.doctor.id,
      conversationId: ctx.conversationId,
      reason: decided.handoff.reason,
      ...(draft ? { draft } : {}),
      ...(actions.length ? { actions } : {}),
    };
    const lines = ctx.botQuestion && ctx.deps.replies.botHandoff?.length ? ctx.deps.replies.botHandoff : ctx.deps.replies.handoffMessages;
    ctx.replies = [pick(lines, seed)];
    return true;
  }
  return false;
}
