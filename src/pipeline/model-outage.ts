import { DEFAULT_MODEL_OUTAGE, loaded, pick, type TurnContext } from './turn-context.js';

interface OutageRow {
  since: string;
  attempts: number;
  handedOffAt: string | null;
}

const MAX_RETRY_MS = 30_000;
const MIN_RETRY_MS = 1_000;

/**
 * The model could not answer (after the SDK's own retries). Within the budget
 * the turn is re-scheduled with backoff and the doctor's messages stay pending;
 * past it a person is called and the doctor hears so. A conversation already
 * handed off for this reason just keeps waiting: the model-recovery job re-arms
 * its turn when the model answers again.
 */
export async function waitForModel(ctx: TurnContext, error: string | undefined): Promise<void> {
  const l = loaded(ctx);
  const policy = ctx.deps.modelOutage ?? DEFAULT_MODEL_OUTAGE;
  const now = ctx.deps.clock.now();
  const o = await ctx.deps.db.rpc<OutageRow>('model_outage_note', { p_conversation_id: ctx.conversationId, p_now: now, p_error: error ?? null });
  ctx.replies = [];
  if (o.handedOffAt) {
    ctx.deferred = { retryInMs: null };
    return;
  }
  const waited = now.getTime() - new Date(o.since).getTime();
  if (waited < policy.budgetMs) {
    const backoff = Math.min(policy.retryBaseMs * 2 ** (o.attempts - 1), MAX_RETRY_MS);
    // The last retry lands on the end of the budget, not past it.
    ctx.deferred = { retryInMs: Math.max(MIN_RETRY_MS, Math.min(backoff, policy.budgetMs - waited)) };
    ctx.deps.logger.warn({ conversationId: ctx.conversationId, attempts: o.attempts, retryInMs: ctx.deferred.retryInMs }, 'model unavailable; the turn will run again');
    return;
  }
  const last = l.pending[l.pending.length - 1]!;
  ctx.handoff = { doctorId: l.doctor.id, conversationId: ctx.conversationId, reason: 'model_unavailable' };
  ctx.replies = [pick(ctx.deps.replies.handoffMessages, last.id)];
  ctx.keepPending = true;
}

/**
 * The model answered this conversation: its outage is over. A hand-off caused
 * only by the model goes back to Júlia (SQL refuses if a person acted), and this
 * turn's reply may go out.
 */
export async function modelAnswered(ctx: TurnContext): Promise<void> {
  const l = loaded(ctx);
  const r = await ctx.deps.db.rpc<{ released: boolean; existed: boolean }>('model_outage_clear', { p_conversation_id: ctx.conversationId });
  if (r.released) {
    l.conversation.controlled_by = 'julia';
    ctx.deps.logger.info({ conversationId: ctx.conversationId }, 'model back; the conversation returns to Júlia');
  }
}
