import type { Db } from '../db/index.js';
import { spHuman } from '../shared/index.js';

export interface ExpiredHandoff {
  handoffId: string;
  conversationId: string;
  since: string;
  endedAt: string;
  doctorName: string | null;
  reason: string | null;
}

/**
 * HUMAN_CONTROL_EXPIRE_HOURS: hand-offs with no person's message for that long go
 * back to Júlia (decided in SQL, one conversation at a time under its row lock);
 * then every expiry whose notices are not out yet is returned, so a crash between
 * the decision and the notices posts them on the next run.
 */
export async function expireHumanControl(deps: { db: Db; now: () => Date }, hours: number): Promise<ExpiredHandoff[]> {
  await deps.db.rpc('human_control_expire', { p_hours: hours, p_now: deps.now() });
  return deps.db.rpc<ExpiredHandoff[]>('handoff_expiry_notices', { p_limit: 50 });
}

/** The private note in Chatwoot (and the Slack line) when human control expires. */
export function expiredNoteText(e: ExpiredHandoff, hours: number): string {
  return `⏰ Esta conversa estava com a equipe desde ${spHuman(new Date(e.since))} e ninguém escreveu ao médico em ${hours}h. A Júlia voltou a atendê-la. Para assumir de novo, responda ao médico aqui.`;
}
