import { sideEffectsOf, type AgentTurnResult } from '../../agent/index.js';
import { agentInput } from '../core.js';
import { CONTINUE, type Processor } from '../processor.js';
import { loaded, type TurnContext } from '../turn-context.js';
import { createLeakDetector, type LeakDetector } from '../prompt-leak.js';
import { validateOutput, type Violation } from '../validate-output.js';
import { quotesInstruction } from '../../instructions/index.js';

export const MAX_REGENERATIONS = 2;

/**
 * Never silence: a draft that breaks a rule is regenerated with the violation
 * as feedback, at most twice; then a person takes over with the draft attached.
 * Regeneration rewrites the text only: the first draft's tool calls and results
 * are replayed and no tool runs again (a shift is never reserved twice, nor a
 * second, different reminder scheduled). A hand-off tells the person what those
 * tools already did. Direct replies from prompts/ (opt-out, bot answer) are ours
 * and not re-checked.
 */
export const validateOutputProcessor: Processor = {
  name: 'validate_output',
  stage: 'post',
  priority: 5,
  async run(ctx) {
    if (!ctx.agentResult || ctx.handoff || ctx.stoppedBy || ctx.replies.length === 0) return CONTINUE;
    let violations = check(ctx);
    for (let attempt = 1; violations.length > 0 && attempt <= MAX_REGENERATIONS; attempt++) {
      ctx.deps.logger.info({ conversationId: ctx.conversationId, attempt, violations: violations.map((v) => v.id) }, 'reply rejected; regenerating');
      const feedback = violations.map((v) => ctx.deps.replies.validationFeedback(v.detail ? `${v.why} (${v.detail})` : v.why));
      const previous: AgentTurnResult = ctx.agentResult!;
      const result = await ctx.deps.agent(agentInput(ctx, feedback, { transcript: previous.transcript ?? [], toolCalls: previous.toolCalls }));
      // Whatever the rewrite says, what the first draft's tools did still stands.
      ctx.agentResult = { ...result, toolCalls: previous.toolCalls, transcript: previous.transcript ?? [] };
      if (result.handoff) {
        ctx.replies = [];
        ctx.handoff = { doctorId: loaded(ctx).doctor.id, conversationId: ctx.conversationId, reason: result.handoff.reason, ...withActions(ctx) };
        return CONTINUE;
      }
      ctx.replies = result.bubbles;
      violations = check(ctx);
    }
    if (violations.length > 0) {
      ctx.handoff = {
        doctorId: loaded(ctx).doctor.id,
        conversationId: ctx.conversationId,
        reason: `validation_failed:${violations.map((v) => v.id).join(',')}`,
        draft: ctx.replies.join('\n\n'),
        ...withActions(ctx),
      };
      ctx.replies = [];
    }
    return CONTINUE;
  },
};

function withActions(ctx: TurnContext): { actions?: string[] } {
  const actions = sideEffectsOf(ctx.agentResult?.toolCalls ?? []);
  return actions.length ? { actions } : {};
}

function check(ctx: TurnContext): Violation[] {
  const r = ctx.agentResult!;
  // What the turn legitimately knew: tool results, the doctor's words and the history.
  // A supervisor's instruction is known too: a value it allows may be offered (never its words).
  const known = [JSON.stringify(r.toolCalls.map((t) => t.result)), ctx.text, ...loaded(ctx).history.map((h) => h.text ?? ''), ...(r.instructions ?? [])].join('\n');
  const found = validateOutput(ctx.replies.join('\n\n'), known, leakDetector(ctx.deps.replies.confidential));
  // No detail: the instruction itself is what must not travel.
  if (r.instructions?.length && quotesInstruction(ctx.replies.join('\n\n'), r.instructions)) {
    found.push({ id: 'instruction_quoted', why: 'repete ao médico o texto de uma instrução interna da supervisão; aplique-a com as suas palavras, sem citá-la' });
  }
  return found;
}

// Built once per set of prompts (boot), not per turn.
const detectors = new WeakMap<string[], LeakDetector>();
function leakDetector(confidential: string[] | undefined): LeakDetector | undefined {
  if (!confidential) return undefined;
  let d = detectors.get(confidential);
  if (!d) detectors.set(confidential, (d = createLeakDetector(confidential)));
  return d;
}
