import type { Db } from '../src/db/index.js';
import { inboundMessageSchema, type InboundMessage } from '../src/inbound/index.js';
import type { JobQueue } from '../src/shared/index.js';
import { armGroupProcess } from './group-process.js';
import { defineJob } from './job-definition.js';

/**
 * Group messages (shift offers shared in doctors' WhatsApp groups) are never
 * answered; they are stored and handed to the group pipeline (group-process),
 * which parses them into shifts for managers to review.
 */
// Signed: the payload names the group, and a trusted group's shifts are imported without review.
export const groupIngestJob = defineJob({ queue: 'groups', payload: inboundMessageSchema, attempts: 5, backoffMs: 2_000, dropOnComplete: true, signed: true });

export function groupIngestHandler(deps: { db: Db; queue?: JobQueue }) {
  return async (message: InboundMessage) => {
    const saved = await deps.db.rpc<{ status: string; id: string | null }>('group_message_save', { p_message: message });
    // A retried ingest finds the row already saved (id null): the sweeper covers a lost arm.
    // A post from a group nobody allowed is saved as 'ignored' and never read.
    if (saved.status === 'created' && saved.id && deps.queue) await armGroupProcess(deps.queue, saved.id);
    return saved;
  };
}
