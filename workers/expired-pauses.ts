import { z } from 'zod';
import type { Db } from '../src/db/index.js';
import type { Clock } from '../src/shared/index.js';
import { defineJob } from './job-definition.js';

/** Daily at 06:00 São Paulo (spec 6, "pausas expiradas"). */
export const expiredPausesJob = defineJob({
  queue: 'scheduled', payload: z.object({}), attempts: 3, backoffMs: 30_000, timeoutMs: 120_000,
  schedule: () => [{ pattern: '0 6 * * *' }],
});

/** Cooling-off periods that ran out end, each with its permission_changed event. */
export function expiredPausesHandler(deps: { db: Db; clock: Clock }) {
  return () => deps.db.rpc<{ expired: number }>('policy_expire_pauses', { p_now: deps.clock.now() });
}
