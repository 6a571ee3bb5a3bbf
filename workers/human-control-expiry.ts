import { z } from 'zod';
import type { Db } from '../src/db/index.js';
import { expiredNoteText, expireHumanControl } from '../src/handoff/index.js';
import type { Clock, Logger } from '../src/shared/index.js';
import { defineJob } from './job-definition.js';

/**
 * `human-control-expiry` (recurring, only with HUMAN_CONTROL_EXPIRE_HOURS): a
 * conversation a person took and then left silent goes back to Júlia, with a
 * private note in Chatwoot, a Slack notice and the mirror re-armed (label off,
 * status back to `pending`). Each notice is marked once posted.
 */
export const humanControlExpiryJob = defineJob({
  queue: 'scheduled', payload: z.object({}).loose(), attempts: 1, backoffMs: 1_000,
  // A hand-off goes back at most a quarter of its deadline late, and at most a minute.
  schedule: (config) => {
    const hours = config.HUMAN_CONTROL_EXPIRE_HOURS;
    return hours ? [{ every: Math.min(60_000, Math.max(1_000, Math.round((hours * 3_600_000) / 4))) }] : [];
  },
});

export interface ExpiryNotices {
  /** Slack, with the Chatwoot link. */
  slack(conversationId: string, text: string): Promise<void>;
  /** Chatwoot private note (a job keyed by the hand-off: posted once). */
  note?(n: { conversationId: string; key: string; text: string }): Promise<void>;
  /** Re-arms the Chatwoot mirror (status and label follow control). */
  mirror?(conversationId: string): Promise<void>;
}

export function humanControlExpiryHandler(deps: { db: Db; clock: Clock; hours: number; notices: ExpiryNotices; logger?: Logger }) {
  return async () => {
    const expired = await expireHumanControl({ db: deps.db, now: () => deps.clock.now() }, deps.hours);
    for (const e of expired) {
      const text = expiredNoteText(e, deps.hours);
      await deps.notices.note?.({ conversationId: e.conversationId, key: `handoff-expired-${e.handoffId}`, text });
      await deps.notices.mirror?.(e.conversationId);
      await deps.notices.slack(e.conversationId, `${e.doctorName ?? 'Médico sem nome'}: ${text}`);
      await deps.db.rpc('handoff_expiry_notified', { p_handoff_id: e.handoffId });
    }
    return { handedBack: expired.length };
  };
}
