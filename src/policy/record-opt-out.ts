import type { Db } from '../db/index.js';

/**
 * Who read the doctor's words as a request to stop: the rules (and their
 * arbiter) in the opt-out step, the doctor agent through registrar_opt_out, or
 * the daily review reading yesterday's conversations. Kept in the event's
 * actor so a wrong reading can be traced to the reader that made it.
 */
export type OptOutSource = 'rules' | 'agent' | 'review';

const ACTOR: Record<OptOutSource, string> = { rules: 'julia', agent: 'julia:agente', review: 'revisao_diaria' };

/**
 * The one recording of a doctor's own request to stop. doctor_state_set_permission
 * locks the doctor's state row and writes permission_changed only when the state
 * actually changes, so the same stop read twice, or by two readers at once,
 * leaves one event; `changed` says whether this call was the one. From the
 * commit on, the outbound wrapper (R0) blocks every proactive send and the
 * campaign planner leaves the doctor out.
 */
export async function recordOptOut(db: Db, doctorId: string, source: OptOutSource, at?: Date): Promise<{ changed: boolean }> {
  const res = await db.rpc<{ changed: boolean }>('doctor_state_set_permission', {
    p_doctor_id: doctorId,
    p_state: 'opted_out',
    p_reason: 'doctor_request',
    p_actor: ACTOR[source],
    ...(at ? { p_now: at } : {}),
  });
  return { changed: res.changed };
}
