import { z } from 'zod';
import type { Db } from '../src/db/index.js';
import { createFillStore, type FillDueAlert } from '../src/fill/index.js';
import type { SlackNotifier } from '../src/integrations/slack/index.js';
import { maskPhoneForPeople, spHuman, type Clock, type Logger } from '../src/shared/index.js';
import { defineJob } from './job-definition.js';

/** Every 15 minutes: shifts still open FILL_ALERT_BEFORE_HOURS before their start. */
export const fillAlertsJob = defineJob({
  queue: 'scheduled', payload: z.object({}), attempts: 3, backoffMs: 10_000, timeoutMs: 120_000,
  schedule: () => [{ pattern: '*/15 * * * *' }],
});

export interface FillAlertsDeps {
  db: Db;
  notices: SlackNotifier;
  clock: Clock;
  logger: Logger;
  beforeHours: number;
}

/** A doctor asked about the shift, as fill_alert_asked (migration 0285) returns him. */
export interface AskedContact {
  doctor_id: string;
  name: string | null;
  phone: string | null;
  status: string;
}

const OFFER_WORDS: Record<string, string> = {
  planned: 'na fila', sent: 'sem resposta', blocked: 'bloqueada pelas regras de envio', withdrawn: 'retirada', accepted: 'aceitou', refused: 'recusou', expired: 'não respondeu a tempo',
};

const hoursInWords = (h: number) => (Number.isInteger(h) ? `${h}h` : `${h.toFixed(1).replace('.', ',')}h`);

/** The managers' notice: the shift, the time left and who was already asked (names and masked phones only). */
export function fillAlertText(a: FillDueAlert, asked: AskedContact[]): string {
  const lines = asked.map((d) => `• ${d.name ?? 'sem nome'} (${d.phone ? maskPhoneForPeople(d.phone) : 'sem telefone'}): ${OFFER_WORDS[d.status] ?? d.status}`);
  return [
    `⏰ Vaga ainda aberta a ${hoursInWords(Math.max(0, Number(a.hours_left)))} do início: ${a.hospital}, ${a.specialty}, ${spHuman(new Date(a.starts_at))}.`,
    lines.length ? `Já perguntados (${lines.length}):` : 'Nenhum médico foi perguntado ainda pelo preenchimento automático.',
    ...lines,
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
      const asked = await deps.db.rpc<AskedContact[]>('fill_alert_asked', { p_shift_id: a.shift_id });
      await deps.notices.post(fillAlertText(a, asked));
      posted++;
    }
    if (posted) deps.logger.info({ posted }, 'fill alerts');
    return { due: due.length, posted };
  };
}
