import { z } from 'zod';
import type { FillPlanner } from '../src/fill/index.js';
import { underLease, type Lease } from '../src/redis/index.js';
import { defineJob } from './job-definition.js';

/** The per-minute fill-plan run (src/fill). Missing a run only delays a wave, so no retries pile up. */
export const fillWavesJob = defineJob({
  queue: 'scheduled', payload: z.object({}).passthrough(), attempts: 1, backoffMs: 5_000,
  schedule: () => [{ pattern: '* * * * *' }],
});

/**
 * One run at a time across processes (a short Redis lease); the SQL holds without
 * it too: a wave is claimed under its plan's row lock and waves are serialised.
 */
export function fillWavesHandler(planner: FillPlanner, lease: Lease) {
  return () => underLease(lease, 'another fill run is in progress', () => planner.tick());
}
