import { z } from 'zod';
import { runCatchup, type CatchupDeps } from '../src/catchup/index.js';
import { defineJob } from './job-definition.js';

/**
 * Catch-up with Evolution for one instance (issue 16, docs/decisions/0010):
 * every few minutes from the scheduler, at once on `connection.update` open,
 * and as a continuation when one run could not read its whole window.
 */
export const evolutionCatchupJob = defineJob({
  queue: 'scheduled',
  payload: z.object({
    instance: z.string().min(1),
    reason: z.enum(['schedule', 'reconnect', 'continue']).default('schedule'),
    from: z.string().optional(),
    upper: z.string().optional(),
    cursor: z.object({ at: z.number(), jid: z.string() }).optional(),
  }),
  attempts: 3,
  backoffMs: 10_000,
  // A forged run with an early `from` would feed long-unanswered messages to turns.
  signed: true,
  // One scheduler per instance, every CATCHUP_INTERVAL_MS (0: only when the webhook reports a reconnect).
  schedule: (config) =>
    config.CATCHUP_INTERVAL_MS > 0
      ? config.evolutionInstances.map((instance) => ({ id: `evolution-catchup-${instance}`, every: config.CATCHUP_INTERVAL_MS, payload: { instance, reason: 'schedule' as const } }))
      : [],
});

export function evolutionCatchupHandler(deps: CatchupDeps) {
  return async (payload: z.infer<typeof evolutionCatchupJob.payload>) => {
    const summary = await runCatchup(deps, payload);
    // In-doubt sends that Evolution reported through send.message are settled as sent, with its id.
    const { settled } = await deps.db.rpc<{ settled: Array<{ id: string; providerMessageId: string }> }>('outbound_settle_in_doubt');
    if (settled.length > 0) deps.logger.info({ settled: settled.map((s) => s.id) }, 'catch-up: in-doubt sends settled from send.message');
    return { ...summary, settled: settled.length };
  };
}
