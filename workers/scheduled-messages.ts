import { z } from 'zod';
import type { Db } from '../src/db/index.js';
import type { SlackNotifier } from '../src/integrations/slack/index.js';
import type { OutboundEnqueuer } from '../src/outbound/index.js';
import type { Clock, Logger } from '../src/shared/index.js';
import { defineJob } from './job-definition.js';

/** Every minute (spec 6, "mensagens agendadas"): reminders due now. */
export const scheduledMessagesJob = defineJob({
  queue: 'scheduled', payload: z.object({}), attempts: 3, backoffMs: 5_000, timeoutMs: 50_000,
  schedule: () => [{ pattern: '* * * * *' }],
});

interface DueReminder {
  id: string;
  doctorId: string;
  conversationId: string;
  remindAt: string;
  message: string;
}

export interface ScheduledMessagesDeps {
  db: Db;
  outbound: OutboundEnqueuer;
  notices: SlackNotifier;
  clock: Clock;
  logger: Logger;
}

/**
 * The database is the reminder's home; the delayed REMINDER job is only the
 * fast path. This scan re-enqueues every due reminder with the SAME key as
 * agendar_lembrete, so it is a no-op while that job exists, a new job when
 * Redis lost it, and the wrapper's idempotency key still sends at most once.
 */
export function scheduledMessagesHandler(deps: ScheduledMessagesDeps) {
  return async () => {
    const r = await deps.db.rpc<{ due: DueReminder[]; cancelled: string[]; late: Array<{ id: string; remindAt: string }> }>('reminders_due', {
      p_now: deps.clock.now(),
    });
    for (const rem of r.due) {
      await deps.outbound.enqueueOutbound(
        { method: 'REMINDER', doctorId: rem.doctorId, conversationId: rem.conversationId, reminderId: rem.id, actor: 'julia' },
        rem.message,
        { idempotencyKey: `reminder-${rem.id}` },
      );
    }
    // A reminder far past its time is not sent late; the managers hear of it instead of silence.
    for (const l of r.late) await deps.notices.post(`Lembrete ${l.id} não saiu no horário pedido (${l.remindAt}); marcado como falho, vale um contato manual.`);
    if (r.due.length || r.cancelled.length || r.late.length) {
      deps.logger.info({ due: r.due.length, cancelled: r.cancelled.length, late: r.late.length }, 'scheduled messages');
    }
    return { enqueued: r.due.length, cancelled: r.cancelled.length, late: r.late.length };
  };
}
