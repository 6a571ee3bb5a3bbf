import { sideEffectsOf, type AgentTranscript, type AgentTurnInput, type HistoryMessage, type ToolCallRecord } from '../agent/index.js';
import { modelAnswered, waitForModel } from './model-outage.js';
import { truncateForModel } from './pre/long-message.js';
import { policyFor, recordPolicy } from './policy-step.js';
import { applyToolDecision } from './tool-decision-step.js';
import { loaded, pick, turnClassification, type TurnContext } from './turn-context.js';

/**
 * The agent core between the pre- and post-processors: history (already
 * handled messages, then the pending text as the doctor's newest turn), the
 * knowledge a pre-processor may have computed, and the model's reply.
 */
export function agentInput(ctx: TurnContext, feedback?: string[], rewrite?: { transcript: AgentTranscript; toolCalls: ToolCallRecord[] }): AgentTurnInput {
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
      ...(ctx.deps.detectors ? { topics: () => turnClassification(ctx).topics() } : {}),
      ...(feedback?.length ? { feedback } : {}),
      ...(ctx.policy ? { policyConstraints: ctx.policy.constraints, managerDirectives: ctx.policy.directives } : {}),
      ...(ctx.policy?.preferSmart ? { preferSmart: ctx.policy.preferSmart } : {}),
    },
    ...(rewrite ? { rewrite } : {}),
  };
}

export async function runCore(ctx: TurnContext): Promise<void> {
  const input = agentInput(ctx);
  ctx.policy = await policyFor(ctx, input.history);
  const result = await ctx.deps.agent(agentInput(ctx));
  ctx.agentResult = result;
  if (ctx.policy && result.turnId) await recordPolicy(ctx, result.turnId, ctx.policy);
  const failed = result.handoff?.reason === 'llm_unavailable' ? result.handoff : undefined;
  // A stop the model recorded stands even if a later round failed: the doctor hears the confirmation now.
  if (applyToolDecision(ctx, result)) {
    if (!failed) await modelAnswered(ctx);
    return;
  }
  if (failed && failed.retryable !== false) return waitForModel(ctx, failed.error);
  const l = loaded(ctx);
  if (!failed) await modelAnswered(ctx);
  if (result.handoff) {
    const actions = sideEffectsOf(result.toolCalls);
    ctx.handoff = {
      doctorId: l.doctor.id,
      conversationId: ctx.conversationId,
      reason: result.handoff.reason,
      ...(result.handoff.draft ? { draft: result.handoff.draft } : {}),
      ...(actions.length ? { actions } : {}),
    };
    // No model to wait for (no API key, a rejected request): the doctor hears
    // that a person is coming instead of nothing at all.
    ctx.replies = failed ? [pick(ctx.deps.replies.handoffMessages, l.pending[l.pending.length - 1]!.id)] : [];
    return;
  }
  ctx.replies = result.bubbles;
}
