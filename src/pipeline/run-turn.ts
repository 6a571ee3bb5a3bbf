import { runCore } from './core.js';
import type { Processor } from './processor.js';
import { POST_PROCESSORS, PRE_PROCESSORS } from './processors.js';
import { newTurnContext, type PipelineDeps, type TurnContext } from './turn-context.js';

export interface TurnOutcome {
  status: 'replied' | 'stopped' | 'handoff' | 'noop' | 'deferred';
  stoppedBy?: { processor: string; reason: string };
  /** For 'deferred': run the turn again after this long (null: the recovery job will). */
  retryInMs?: number | null;
  bubbles: number;
  ctx: TurnContext;
}

const byPriority = (a: Processor, b: Processor) => a.priority - b.priority;
/** Stops that mean "there was nothing to do": post-processors are skipped entirely. */
const NOOP_REASONS = new Set(['nothing_pending', 'conversation_not_found', 'awaiting_transcript']);

/**
 * One turn of a conversation: pre-processors until one stops, the agent core
 * if none did, then every post-processor. Times each stage for the metrics.
 */
export async function runTurn(conversationId: string, deps: PipelineDeps, processors?: { pre?: Processor[]; post?: Processor[] }): Promise<TurnOutcome> {
  const ctx = newTurnContext(conversationId, deps);
  const pre = [...(processors?.pre ?? PRE_PROCESSORS)].sort(byPriority);
  const post = [...(processors?.post ?? POST_PROCESSORS)].sort(byPriority);
  for (const p of pre) {
    const result = await timed(ctx, p.name, () => p.run(ctx));
    if (result.action === 'stop') {
      ctx.stoppedBy = { processor: p.name, reason: result.reason };
      if (NOOP_REASONS.has(result.reason)) return { status: 'noop', stoppedBy: ctx.stoppedBy, bubbles: 0, ctx };
      ctx.replies = result.reply ? [result.reply] : [];
      break;
    }
  }
  if (!ctx.stoppedBy) await timed(ctx, 'agent', () => runCore(ctx));
  if (ctx.deferred) {
    // Waiting for the model: nothing is planned, sent or marked handled; only measured.
    for (const p of post.filter((x) => x.name === 'metrics')) await timed(ctx, p.name, () => p.run(ctx));
    return { status: 'deferred', retryInMs: ctx.deferred.retryInMs, bubbles: 0, ctx };
  }
  for (const p of post) await timed(ctx, p.name, () => p.run(ctx));
  const status = ctx.handoff ? 'handoff' : ctx.stoppedBy ? 'stopped' : 'replied';
  return { status, ...(ctx.stoppedBy ? { stoppedBy: ctx.stoppedBy } : {}), bubbles: ctx.replies.length, ctx };
}

async function timed<T>(ctx: TurnContext, name: string, fn: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await fn();
  } finally {
    ctx.stages[name] = Math.round(performance.now() - started);
  }
}
