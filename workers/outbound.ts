import { DelayedError, UnrecoverableError, type Job } from 'bullmq';
import { z } from 'zod';
import { OUTBOUND_METHODS, type SendOutbound } from '../src/outbound/index.js';
import { AppError } from '../src/shared/errors.js';
import type { JobSigner } from '../src/shared/job-signature.js';
import type { Logger } from '../src/shared/logger.js';
import { defineJob } from './job-definition.js';

const context = z.object({
  method: z.enum(OUTBOUND_METHODS),
  doctorId: z.string().min(1),
  conversationId: z.string().optional(),
  inboundInteractionId: z.string().optional(),
  lastInboundAt: z.string().optional(),
  campaignId: z.string().optional(),
  reminderId: z.string().optional(),
  fillShiftId: z.string().optional(),
  actor: z.string().min(1),
  bypassReason: z.string().optional(),
  instance: z.string().optional(),
  handoffNotice: z.boolean().optional(),
  dueAt: z.string().optional(),
});

export const outboundPayload = z.object({
  ctx: context,
  text: z.string().min(1).max(4_096),
  idempotencyKey: z.string().min(1).max(200),
  /** HMAC of the rest (src/shared/job-signature.ts); checked before anything is sent. */
  sig: z.string().max(128).optional(),
});
export type OutboundPayload = z.infer<typeof outboundPayload>;

/** Retries are for "in doubt" provider failures; each retry reconciles first. */
// Outlives a 15-minute database or Redis outage (docs/decisions/0009-durability.md):
// waits 2,4,...,32 s then 60 s each: 62 s + 30 x 60 s = 31 min. Re-enqueued sends are
// deduped by outbound_prepare on the idempotency key, so the payload can leave Redis at once.
export const outboundJob = defineJob({ queue: 'outbound', payload: outboundPayload, attempts: 36, backoffMs: 2_000, maxBackoffMs: 60_000, dropOnComplete: true });

/**
 * The outbound worker: runs the wrapper at send time. A deferral (out of hours,
 * rate limit, open circuit, in-doubt grace, safe_mode pause) moves the job back to delayed
 * without consuming an attempt: the worker never sleeps.
 */
export function createOutboundHandler(
  sendOutbound: SendOutbound,
  logger: Logger,
  /** Called once the send is decided (never for a deferral); must be idempotent. */
  onSettled?: (payload: OutboundPayload, result: { outcome: string }) => Promise<void>,
  /** Called on each deferral (best effort: a failure is logged, the deferral stands). */
  onDeferred?: (payload: OutboundPayload, result: { outcome: 'deferred'; reason: string; until: Date }) => Promise<void>,
  /** Verifies `sig`; a job that fails is refused before any check or send, and reported. */
  guard?: { signer: JobSigner; onForged: (payload: OutboundPayload, job: Job) => Promise<void> },
) {
  return async (payload: OutboundPayload, job: Job) => {
    if (guard) {
      const { sig, ...signed } = payload;
      if (!guard.signer.verify(signed, sig)) {
        // Never retried: a forged or unsigned job stays in the failed set (the dead letters of the queue).
        logger.warn({ jobId: job.id, method: payload.ctx.method, actor: payload.ctx.actor, signed: sig !== undefined }, 'outbound job refused: bad signature');
        await guard.onForged(payload, job).catch((err: Error) => logger.warn({ err: err.message }, 'forged-job report failed'));
        throw new UnrecoverableError('outbound job refused: missing or invalid signature');
      }
    }
    let result;
    // Jobs queued before dueAt existed: when the job was first due.
    const ctx = payload.ctx.dueAt ? payload.ctx : { ...payload.ctx, dueAt: new Date(job.timestamp + (job.opts.delay ?? 0)).toISOString() };
    try {
      result = await sendOutbound(ctx, payload.text, { idempotencyKey: payload.idempotencyKey });
    } catch (err) {
      // Bad input or a missing doctor never succeeds on retry.
      if (err instanceof AppError && (err.code === 'validation' || err.code === 'not_found')) throw new UnrecoverableError(err.message);
      throw err;
    }
    if (result.outcome === 'deferred') {
      logger.info({ jobId: job.id, reason: result.reason, until: result.until.toISOString(), delayMs: result.delayMs }, 'outbound deferred');
      await onDeferred?.(payload, result).catch((err: Error) => logger.warn({ err: err.message }, 'outbound deferral hook failed'));
      await job.moveToDelayed(Date.now() + Math.max(1, result.delayMs), job.token);
      throw new DelayedError();
    }
    // Back with its paused campaign, which sends it on resume: nothing is settled here.
    if (result.outcome === 'withdrawn') {
      logger.info({ jobId: job.id, rule: result.rule }, 'outbound withdrawn to its paused campaign');
      return { outcome: result.outcome };
    }
    // A paused send that outlived its lateness window: its reminder is 'expired', not cancelled.
    const expired = result.outcome === 'blocked' && result.rule === 'safe_mode_expired';
    await onSettled?.(payload, expired ? { outcome: 'expired' } : result);
    return { outcome: result.outcome, outboundMessageId: result.outboundMessageId };
  };
}
