import { z } from 'zod';
import type { Db } from '../src/db/index.js';
import type { Clock } from '../src/shared/index.js';
import { defineJob } from './job-definition.js';

/** Daily at 03:00 São Paulo (spec 6, "doctor state"). */
export const doctorStateMaintenanceJob = defineJob({
  queue: 'scheduled', payload: z.object({}), attempts: 3, backoffMs: 60_000, timeoutMs: 600_000,
  schedule: () => [{ pattern: '0 3 * * *' }],
});

/** Every doctor has a state row and a 7-day contact counter recounted from the sends. */
export function doctorStateMaintenanceHandler(deps: { db: Db; clock: Clock }) {
  return () => deps.db.rpc<{ created: number; recounted: number }>('doctor_state_maintenance', { p_now: deps.clock.now() });
}
