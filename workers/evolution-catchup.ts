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
  }),
  attempts: 3,
  backoffMs: 10_000,
});

export function evolutionCatchupHandler(deps: CatchupDeps) {
  return (payload: z.infer<typeof evolutionCatchupJob.payload>) => runCatchup(deps, payload);
}
