import type { Db } from '../src/db/index.js';
import { inboundMessageSchema, type InboundMessage } from '../src/inbound/index.js';
import { defineJob } from './job-definition.js';

/**
 * Group messages (shift offers shared in doctors' WhatsApp groups) are never
 * answered; they are stored for the group pipeline, which parses them into
 * shifts for managers to review.
 */
export const groupIngestJob = defineJob({ queue: 'groups', payload: inboundMessageSchema, attempts: 5, backoffMs: 2_000, dropOnComplete: true });

export function groupIngestHandler(deps: { db: Db }) {
  return async (message: InboundMessage) => deps.db.rpc('group_message_save', { p_message: message });
}
