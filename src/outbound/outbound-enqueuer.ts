import type { JobQueue } from '../shared/job-queue.js';
import { safeJobId } from '../shared/ids.js';
import type { JobSigner } from '../shared/job-signature.js';
import type { EnqueueOutboundOptions, OutboundContext, OutboundEnqueuer } from './contract.js';

/**
 * Producers' side of the outbound queue. The job id is derived from the
 * idempotency key, so enqueuing the same message twice is a no-op while the
 * job exists, and the key itself guards the send after that. Every payload is
 * signed (`sig`): the worker refuses a job it cannot verify, so a job written
 * straight into Redis cannot claim a method, actor or bypass it was not given.
 */
export function createOutboundEnqueuer(queue: JobQueue, signer: JobSigner): OutboundEnqueuer {
  return {
    enqueueOutbound(ctx: OutboundContext, text: string, opts: EnqueueOutboundOptions) {
      // dueAt: a send paused by safe_mode knows how late it already is (safe-mode-lateness.ts).
      const payload = { ctx: { ...ctx, dueAt: ctx.dueAt ?? new Date(Date.now() + (opts.delayMs ?? 0)).toISOString() }, text, idempotencyKey: opts.idempotencyKey };
      return queue.enqueue(
        'outbound',
        { ...payload, sig: signer.sign(payload) },
        { jobId: outboundJobId(opts.idempotencyKey), ...(opts.delayMs ? { delayMs: opts.delayMs } : {}) },
      );
    },
  };
}

export const outboundJobId = (idempotencyKey: string) => safeJobId('outbound', idempotencyKey);
