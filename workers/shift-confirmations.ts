import { z } from 'zod';
import type { Db } from '../src/db/index.js';
import type { SlackNotifier } from '../src/integrations/slack/index.js';
import type { OutboundEnqueuer } from '../src/outbound/index.js';
import { shiftConfirmationText, type ShiftSummary } from '../src/ops/index.js';
import { spHuman, type Clock, type Logger } from '../src/shared/index.js';
import { defineJob } from './job-definition.js';

/** Hourly: shifts that ended, confirmations to ask, remind or escalate (spec 5.5). */
export const shiftConfirmationsJob = defineJob({
  queue: 'scheduled', payload: z.object({}), attempts: 3, backoffMs: 10_000, timeoutMs: 120_000,
  schedule: () => [{ pattern: '0 * * * *' }],
});

interface Pending {
  shiftId: string;
  doctorId: string;
  conversationId: string;
  name: string | null;
  shift: ShiftSummary;
}

export interface ShiftConfirmationsDeps {
  db: Db;
  outbound: OutboundEnqueuer;
  notices: SlackNotifier;
  clock: Clock;
  logger: Logger;
}

/**
 * Ask once (4 h after the end, so a night shift ending at 07:00 is asked that
 * morning at 11:00), remind once a day later, and tell the managers when the
 * doctor stays silent 48 h after the question. Each step is enqueued with a
 * key per shift and step, then marked: a retry never asks twice.
 */
export function shiftConfirmationsHandler(deps: ShiftConfirmationsDeps) {
  return async () => {
    const now = deps.clock.now();
    const r = await deps.db.rpc<{ ask: Pending[]; remind: Pending[]; escalate: Array<{ shiftId: string; shift: ShiftSummary }> }>(
      'shift_confirmation_scan',
      { p_now: now },
    );
    for (const [step, list] of [['ask', r.ask], ['remind', r.remind]] as const) {
      for (const p of list) {
        await deps.outbound.enqueueOutbound(
          { method: 'FOLLOWUP', doctorId: p.doctorId, conversationId: p.conversationId, actor: 'julia' },
          shiftConfirmationText(p.name, p.shift, step === 'remind'),
          { idempotencyKey: `shift-confirm-${p.shiftId}-${step}` },
        );
        await deps.db.rpc('shift_confirmation_mark', { p_shift_id: p.shiftId, p_step: step, p_now: now });
      }
    }
    for (const e of r.escalate) {
      await deps.notices.post(
        `Plantão sem confirmação do médico há 48 h: ${e.shift.hospital}, ${spHuman(new Date(e.shift.startsAt))} (plantão ${e.shiftId}). Vale confirmar com o hospital ou ligar.`,
      );
    }
    const counts = { asked: r.ask.length, reminded: r.remind.length, escalated: r.escalate.length };
    if (counts.asked || counts.reminded || counts.escalated) deps.logger.info(counts, 'shift confirmations');
    return counts;
  };
}
