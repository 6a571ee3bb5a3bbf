import { z } from 'zod';
import type { Db } from '../src/db/index.js';
import { statusUpdateSchema } from '../src/catchup/index.js';
import { defineJob } from './job-definition.js';

/**
 * Delivery and read status from `messages.update` / `send.message`: applied to
 * our outbound messages by provider id, monotonic, in SQL. Short DB writes, so
 * it shares the inbound queue.
 */
export const evolutionStatusJob = defineJob({
  queue: 'inbound',
  payload: z.object({ instance: z.string().min(1), updates: z.array(statusUpdateSchema).min(1).max(500) }),
  attempts: 8,
  backoffMs: 1_000,
  // On the inbound queue with the doctors' messages: a status written into Redis by hand could
  // settle a send as delivered that never was.
  signed: true,
});

export function evolutionStatusHandler(deps: { db: Db }) {
  return (payload: z.infer<typeof evolutionStatusJob.payload>) =>
    deps.db.rpc('outbound_status_apply', { p_instance: payload.instance, p_updates: payload.updates });
}
