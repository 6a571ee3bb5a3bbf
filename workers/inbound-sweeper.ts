import { z } from 'zod';
import type { Db } from '../src/db/index.js';
import type { JobQueue, Logger } from '../src/shared/index.js';
import { ensureTurn } from './inbound.js';
import { defineJob } from './job-definition.js';

/**
 * The `inbound-sweeper` job (every minute): the inbound job stores a message and
 * then schedules its turn; a crash or a Redis error between the two would leave
 * the doctor unanswered until he wrote again. The sweeper finds messages still
 * unhandled a minute later and makes sure their turn exists. Idempotent: it uses
 * the turn's debounce key without replacing a turn that is already pending.
 */
export const inboundSweeperJob = defineJob({
  queue: 'scheduled',
  payload: z.object({}),
  // It runs again in a minute; retrying would only pile up behind the next run.
  attempts: 1,
  backoffMs: 1_000,
});

/** Longer than a debounce plus an ordinary turn, so a healthy turn is never second-guessed. */
export const SWEEP_MIN_AGE_SECONDS = 60;
export const SWEEP_EVERY_MS = 60_000;

export interface InboundSweeperDeps {
  db: Db;
  queue: JobQueue;
  logger: Logger;
  turnDebounceMs: number;
  minAgeSeconds?: number;
}

export function inboundSweeperHandler(deps: InboundSweeperDeps) {
  return async () => {
    const r = await deps.db.rpc<{ conversationIds: string[] }>('inbound_sweep', { p_min_age_seconds: deps.minAgeSeconds ?? SWEEP_MIN_AGE_SECONDS });
    for (const conversationId of r.conversationIds) await ensureTurn(deps.queue, conversationId, deps.turnDebounceMs);
    if (r.conversationIds.length) deps.logger.warn({ count: r.conversationIds.length }, 'inbound sweeper re-armed turns of unanswered messages');
    return { armed: r.conversationIds.length };
  };
}
