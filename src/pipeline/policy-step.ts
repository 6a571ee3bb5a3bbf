import type { HistoryMessage } from '../agent/index.js';
import { deriveTurnPolicy, type PolicyFacts, type TurnPolicy } from '../policy/index.js';
import { errorMessage } from '../shared/index.js';
import { loaded, type TurnContext } from './turn-context.js';

/**
 * The policy step (spec: constraints from the doctor's state and history,
 * manager directives, the stronger model for complex cases), behind the
 * policy_engine flag. It fails open: without it Júlia still answers, under
 * the static rules and the outbound guardrails.
 */
export async function policyFor(ctx: TurnContext, history: HistoryMessage[]): Promise<TurnPolicy | undefined> {
  try {
    // Only the directives that apply to this conversation: its doctor, the shifts in play, their hospitals and specialties.
    const facts = await ctx.deps.db.rpc<PolicyFacts>('policy_context_for', {
      p_doctor_id: loaded(ctx).doctor.id,
      p_conversation_id: ctx.conversationId,
      p_now: ctx.deps.clock.now(),
    });
    if (!facts.enabled) return undefined;
    return deriveTurnPolicy(facts, history, ctx.deps.clock.now());
  } catch (err) {
    ctx.deps.logger.warn({ err: errorMessage(err) }, 'policy step unavailable, continuing without it');
    return undefined;
  }
}

/** One row per agent turn (turn_policies): what the model was told and why. */
export async function recordPolicy(ctx: TurnContext, turnId: string, policy: TurnPolicy): Promise<void> {
  try {
    await ctx.deps.db.rpc('policy_record', { p_turn_id: turnId, p_policy: policy });
  } catch (err) {
    ctx.deps.logger.warn({ err: errorMessage(err) }, 'could not record the turn policy');
  }
}
