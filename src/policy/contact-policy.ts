/**
 * How often Júlia may reach a doctor on her own (spec 11.3, R1-R3). These are
 * the numbers the guardrails enforce and the sends write back to doctor_state.
 */
export const REPLY_PROOF_WINDOW_MS = 30 * 60_000;
/** Proactive contacts allowed in any rolling 7 days (R3). */
export const CONTACT_CAP_7D = 3;
/** After a proactive message, leave the doctor alone this long (R2). */
export const PROACTIVE_GAP_MS = 24 * 3_600_000;
/** After a reply, no proactive message for this long: a follow-up must not land on a live chat. */
export const REPLY_GAP_MS = 2 * 3_600_000;
/** A grave objection (complaint, threat to block) pauses proactive contact this long. */
export const COOLING_OFF_MS = 30 * 24 * 3_600_000;

/** The next_allowed_at a send writes; doctor_state keeps the later of this and its current value. */
export function nextAllowedAfter(proactive: boolean, sentAt: Date): Date {
  return new Date(sentAt.getTime() + (proactive ? PROACTIVE_GAP_MS : REPLY_GAP_MS));
}
