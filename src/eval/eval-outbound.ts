import type { Db } from '../db/index.js';
import { toFlags } from '../flags/index.js';
import type { WhatsAppProvider } from '../integrations/evolution/index.js';
import { createSendOutbound, type OutboundEnqueuer, type OutboundResult } from '../outbound/index.js';
import type { Clock, Logger } from '../shared/index.js';

export interface EvalOutbound extends OutboundEnqueuer {
  /** Every send decided so far, in order: what reached the (recorded) WhatsApp, and what a guardrail blocked. */
  results: Array<{ doctorId: string; text: string; delayed: boolean; result?: OutboundResult }>;
}

/**
 * The real one-way-out (guardrails, dedupe, interaction rows) run inline
 * instead of through BullMQ, with a WhatsApp provider that only records. Sends
 * scheduled for later (reminders) are recorded, not played: the scorer reads
 * the reminder rows.
 */
export function createEvalOutbound(db: Db, clock: Clock, logger: Logger): EvalOutbound {
  let n = 0;
  const provider: WhatsAppProvider = {
    kind: 'console',
    async sendText() {
      return { messageId: `eval-out-${++n}` };
    },
    async sendPresence() {},
    async markMessageAsRead() {},
    async getMediaBase64() {
      return null;
    },
    async findSentText() {
      return null;
    },
    unavailableUntil: () => null,
  };
  const send = createSendOutbound({
    db,
    flags: { get: async () => toFlags({ safe_mode: { enabled: false } }, 'memory') },
    provider,
    rateLimiter: { take: async () => ({ ok: true }), release: async () => {}, remaining: async (i) => Object.fromEntries(i.map((x) => [x, 1000])) },
    instances: ['eval'],
    clock,
    logger,
  });
  const results: EvalOutbound['results'] = [];
  return {
    results,
    async enqueueOutbound(ctx, text, opts) {
      if (opts.delayMs && opts.delayMs > 60_000) {
        results.push({ doctorId: ctx.doctorId, text, delayed: true });
        return { jobId: opts.idempotencyKey };
      }
      const result = await send(ctx, text, { idempotencyKey: opts.idempotencyKey });
      results.push({ doctorId: ctx.doctorId, text, delayed: false, result });
      return { jobId: opts.idempotencyKey };
    },
  };
}
