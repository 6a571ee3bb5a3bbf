import { z } from 'zod';
import type { Db } from '../src/db/index.js';
import type { SlackNotifier } from '../src/integrations/slack/index.js';
import type { Clock } from '../src/shared/index.js';
import { spHuman } from '../src/shared/index.js';
import { noticeBlocks } from '../src/slack/index.js';
import { defineJob } from './job-definition.js';

/**
 * `handoff-reminder` (recurring): a hand-off nobody resolved after
 * HANDOFF_REMINDER_MINUTES is reminded once to the managers' channel, with a
 * button to the Chatwoot conversation. Claimed in SQL, so two workers remind once.
 */
export const handoffReminderJob = defineJob({
  queue: 'scheduled', payload: z.object({}).loose(), attempts: 1, backoffMs: 1_000,
  // Every minute: a reminder is due at most a minute late.
  schedule: () => [{ every: 60_000 }],
});

interface Due {
  conversationId: string;
  chatwootConversationId: number | null;
  doctorName: string | null;
  since: string;
  reason: string | null;
}

export function handoffReminderHandler(deps: { db: Db; notices: SlackNotifier; clock: Clock; minutes: number; chatwootUrl?: string }) {
  return async () => {
    const due = await deps.db.rpc<Due[]>('handoff_reminders_claim', { p_older_than_minutes: deps.minutes, p_now: deps.clock.now() });
    for (const d of due) {
      const title = `Hand-off sem resolução há mais de ${deps.minutes} min`;
      const lines = [`Médico: ${d.doctorName ?? 'sem nome'}`, `Desde: ${spHuman(new Date(d.since))}`, ...(d.reason ? [`Motivo: ${d.reason}`] : [])];
      const link = deps.chatwootUrl && d.chatwootConversationId ? { url: `${deps.chatwootUrl}/conversations/${d.chatwootConversationId}`, label: 'Abrir no Chatwoot' } : undefined;
      await deps.notices.post(`${title}: ${lines.join(' · ')}${link ? ` ${link.url}` : ''}`, noticeBlocks({ title, lines, ...(link ? { link } : {}) }));
    }
    return { reminded: due.length };
  };
}
