import { z } from 'zod';
import type { Db } from '../src/db/index.js';
import type { OutboundEnqueuer } from '../src/outbound/index.js';
import { followupText, type FollowupStage, type ShiftSummary } from '../src/ops/index.js';
import type { Clock, Logger } from '../src/shared/index.js';
import { defineJob } from './job-definition.js';

/** Daily at 10:00 São Paulo (spec 6, "followups"). */
export const followupsJob = defineJob({
  queue: 'scheduled', payload: z.object({}), attempts: 3, backoffMs: 30_000, timeoutMs: 300_000,
  // Weekdays only: a follow-up planned on a Saturday would wait for Monday in the wrapper,
  // and could go out after the doctor answered over the weekend.
  schedule: () => [{ pattern: '0 10 * * 1-5' }],
});

interface DueFollowup {
  conversationId: string;
  doctorId: string;
  anchorAt: string;
  stage: 0 | 1 | 2 | 3;
  name: string | null;
  shift: ShiftSummary | null;
}

export interface FollowupsDeps {
  db: Db;
  outbound: OutboundEnqueuer;
  clock: Clock;
  logger: Logger;
}

/**
 * The cadence for a doctor who went quiet after Júlia's message: 48 h, then
 * 5 days with a real open shift that fits him (skipped when none does), then
 * 15 days, then a 60-day pause. followups_due drops a conversation the moment
 * he answers. Order per step: enqueue with a key fixed by (conversation,
 * silence, step), then advance; a crash in between re-enqueues the same key.
 * Guardrails (opt-out, cooling-off, pacing, hours) run in the wrapper.
 */
export function followupsHandler(deps: FollowupsDeps) {
  return async () => {
    const now = deps.clock.now();
    const due = await deps.db.rpc<DueFollowup[]>('followups_due', { p_now: now });
    const counts = { sent: 0, skipped: 0, paused: 0 };
    for (const f of due) {
      const advance = () =>
        deps.db.rpc('followup_advance', { p_conversation_id: f.conversationId, p_anchor_at: f.anchorAt, p_stage: f.stage, p_now: now });
      if (f.stage === 3) {
        await advance();
        counts.paused++;
        continue;
      }
      if (f.stage === 1 && !f.shift) {
        await advance();
        counts.skipped++;
        continue;
      }
      if (f.stage === 1 && f.shift) {
        // The offered shift gets its conversation ref, so "quero" can reserve it.
        await deps.db.rpc('agent_remember_offered', { p_conversation_id: f.conversationId, p_shift_ids: [f.shift.shiftId], p_now: now });
        await deps.db.rpc('offer_made_record', {
          p_doctor_id: f.doctorId, p_conversation_id: f.conversationId, p_shift_ids: [f.shift.shiftId], p_via: 'followup', p_now: now,
        });
      }
      // A silence after an exchange a campaign started is that campaign's follow-up: it carries
      // the campaign's id, so the campaigns flag and a pause of the campaign stop it (R4a).
      const campaignId = await deps.db.rpc<string | null>('followup_campaign', { p_conversation_id: f.conversationId, p_anchor_at: f.anchorAt });
      await deps.outbound.enqueueOutbound(
        { method: 'FOLLOWUP', doctorId: f.doctorId, conversationId: f.conversationId, actor: 'julia', ...(campaignId && { campaignId }) },
        followupText(f.stage as FollowupStage, f.name, f.shift ?? undefined),
        { idempotencyKey: `followup-${f.conversationId}-${Date.parse(f.anchorAt)}-${f.stage}` },
      );
      await advance();
      counts.sent++;
    }
    if (due.length) deps.logger.info(counts, 'follow-ups');
    return counts;
  };
}
