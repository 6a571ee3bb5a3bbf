import { z } from 'zod';
import type { Db } from '../src/db/index.js';
import { createFillStore, type FillDueAlert } from '../src/fill/index.js';
import type { SlackNotifier } from '../src/integrations/slack/index.js';
import { maskPhoneForPeople, spHuman, type Clock, type Logger } from '../src/shared/index.js';
import { defineJob } from './job-definition.js';

/** Every 15 minutes: shifts still open FILL_ALERT_BEFORE_HOURS before their start. */
export const fillAlertsJob = defineJob({ queue: 'scheduled', payload: z.object({}), attempts: 3, backoffMs: 10_000, timeoutMs: 120_000 });

export interface FillAlertsDeps {
  db: Db;
  notices: SlackNotifier;
  clock: Clock;
  logger: Logger;
  beforeHours: number;
}

const OFFER_WORDS: Record<string, string> = {
  planned: 'na fila', sent: 'sem resposta', blocked: 'bloqueada', withdrawn: 'retirada', accepted: 'aceitou', refused: 'recusou', expired: 'expirou',
};

/** The managers' notice: the shift, the time left and who was already asked (names and masked phones only). */
export function fillAlertText(a: FillDueAlert, now: Date): string {
  const hours = Math.max(0, Math.round((new Date(a.starts_at).getTime() - now.getTime()) / 360_000) / 10);
  const asked = (a.asked ?? []).map((d) => `• ${d.name ?? 'sem nome'} (${d.phone ? maskPhoneForPeople(d.phone) : 'sem telefone'}): ${OFFER_WORDS[d.status] ?? d.status}`);
  return [
    `⏰ Vaga ainda aberta a ${hours}h do início: ${a.hospital}, ${a.specialty}, ${spHuman(new Date(a.starts_at))}.`,
    asked.length ? `Já perguntados (${asked.length}):` : 'Nenhum médico foi perguntado ainda pelo preenchimento automático.',
    ...asked,
  ].join('\n');
}

/**
 * Each open shift alerts once: the shift is marked first (one UPDATE decides,
 * so two runs at once or a retried run post it once), then posted. A notice
 * is best-effort (the notifier logs a Slack failure), like every alert.
 */
export function fillAlertsHandler(deps: FillAlertsDeps) {
  const store = createFillStore(deps.db);
  return async () => {
    const now = deps.clock.now();
    const due = await store.dueAlerts(now, deps.beforeHours);
    let posted = 0;
    for (const a of due) {
      const { marked } = await store.markAlerted(a.shift_id, now);
      if (!marked) continue;
      await deps.notices.post(fillAlertText(a, now));
      posted++;
    }
    if (posted) deps.logger.info({ posted }, 'fill alerts');
    return { due: due.length, posted };
  };
}
