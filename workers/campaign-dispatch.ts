import { z } from 'zod';
import type { Dispatcher } from '../src/campaigns/index.js';
import { underLease, type Lease } from '../src/redis/index.js';
import { defineJob } from './job-definition.js';

/** The per-minute campaign run (spec 5.3, 6). Missing a run only delays sends, so no retries pile up. */
export const campaignDispatchJob = defineJob({
  queue: 'scheduled', payload: z.object({}).passthrough(), attempts: 1, backoffMs: 5_000,
  schedule: () => [{ pattern: '* * * * *' }],
});

/**
 * Two processes (or a slow run overlapping the next) never dispatch at once:
 * a short Redis lease. Claims are row-locked anyway; the lease keeps the
 * headroom arithmetic from being done twice against the same rate slots.
 */
export function campaignDispatchHandler(dispatcher: Dispatcher, lease: Lease) {
  return () => underLease(lease, 'another dispatcher is running', () => dispatcher.tick());
}
