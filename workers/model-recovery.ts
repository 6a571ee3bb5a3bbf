import { z } from 'zod';
import type { Db } from '../src/db/index.js';
import type { PipelineDeps } from '../src/pipeline/index.js';
import type { JobQueue, Logger } from '../src/shared/index.js';
import { scheduleTurn } from './inbound.js';
import { defineJob } from './job-definition.js';

/**
 * `model-recovery` (recurring): conversations handed off only because the model
 * was down wait here. While any does, probe the model with the cheapest call;
 * once it answers, re-arm each one's turn, which answers the doctor's pending
 * messages (he need not write again) and gives the conversation back to Júlia
 * unless a person acted meanwhile (decided in SQL when the turn succeeds).
 */
export const modelRecoveryJob = defineJob({
  queue: 'scheduled',
  payload: z.object({}).loose(),
  attempts: 1,
  backoffMs: 1_000,
  // Probes the model while outage hand-offs wait, and gives them back when it answers.
  schedule: (config) => [{ every: config.MODEL_RECOVERY_INTERVAL_MS }],
});

export interface ModelRecoveryDeps {
  db: Db;
  queue: JobQueue;
  logger: Logger;
  probeModel: NonNullable<PipelineDeps['probeModel']>;
  turnDebounceMs: number;
}

export function modelRecoveryHandler(deps: ModelRecoveryDeps) {
  return async () => {
    const waiting = await deps.db.rpc<Array<{ conversationId: string }>>('model_outage_waiting', {});
    if (waiting.length === 0) return { waiting: 0 };
    const probe = await deps.probeModel();
    // Unconfigured: nothing to wait for; those hand-offs are a person's.
    if (probe !== 'ok') return { waiting: waiting.length, probe };
    for (const w of waiting) await scheduleTurn(deps.queue, w.conversationId, deps.turnDebounceMs);
    deps.logger.info({ conversations: waiting.length }, 'model answering again; re-arming turns of model-outage hand-offs');
    return { waiting: waiting.length, probe, scheduled: waiting.length };
  };
}
