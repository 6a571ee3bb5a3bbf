import { CONTINUE, type Processor } from '../processor.js';

/** Per-turn metrics: latency by stage, model, tokens, tools, bubbles. Never fails the turn. */
export const metrics: Processor = {
  name: 'metrics',
  stage: 'post',
  priority: 40,
  async run(ctx) {
    const r = ctx.agentResult;
    try {
      await ctx.deps.db.rpc('turn_metrics_record', {
        p_conversation_id: ctx.conversationId,
        p_outcome: ctx.deferred ? 'model_wait' : ctx.handoff ? 'handoff' : (ctx.stoppedBy?.reason ?? 'reply'),
        p_stages: ctx.stages,
        p_model: r?.model ?? null,
        p_tokens: r ? { input: r.usage.inputTokens, output: r.usage.outputTokens, cacheRead: r.usage.cacheReadInputTokens, cacheCreation: r.usage.cacheCreationInputTokens } : null,
        p_tools: r ? r.toolCalls.map((t) => t.name) : [],
        p_bubbles: ctx.replies.length,
      });
    } catch (err) {
      ctx.deps.logger.warn({ err: (err as Error).message }, 'turn metrics not recorded');
    }
    return CONTINUE;
  },
};
