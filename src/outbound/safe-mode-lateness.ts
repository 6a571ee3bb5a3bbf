import type { OutboundMethod } from './contract.js';

const HOUR = 3_600_000;

/**
 * How late a send paused by safe_mode may still leave once the flag is cleared,
 * counted from when it was due (ARCHITECTURE.md section 6, "Pausing"). Past
 * it, the send is settled as `outbound_blocked` rule `safe_mode_expired` and
 * the managers are told: a stale message is worse than none.
 * - REMINDER: 2 h. A reminder for a 07:00 shift is useless at noon.
 * - FOLLOWUP: 2 days; the conversation it follows goes cold.
 * - CAMPAIGN: 3 days; shifts are usually a week or more ahead.
 * - REACTIVATION: 7 days; nothing in it is time-bound.
 * - COMMAND / MANUAL outside the 24 h after the doctor's last message: 24 h.
 * - FILL_OFFER: 2 h. An urgent shift's offer goes stale fast, and the next wave replaces it.
 * - REPLY never waits: safe_mode stops Júlia's replies (blocked R4b_safe_mode).
 */
export const SAFE_MODE_LATENESS_MS: Record<OutboundMethod, number> = {
  REPLY: 0,
  REMINDER: 2 * HOUR,
  FOLLOWUP: 48 * HOUR,
  CAMPAIGN: 72 * HOUR,
  REACTIVATION: 7 * 24 * HOUR,
  COMMAND: 24 * HOUR,
  MANUAL: 24 * HOUR,
  FILL_OFFER: 2 * HOUR,
};

/** While paused, a send looks at the flag again this often (a deferral costs one Redis move, no attempt). */
export const SAFE_MODE_POLL_MS = 60_000;

export type PauseVerdict = { kind: 'expired'; dueAt: Date; lateMs: number } | { kind: 'wait'; until: Date };

/**
 * A send paused by safe_mode: past its window (from `dueAt`) it expires,
 * otherwise it looks again after `pollMs`, or at the end of its window if sooner.
 * Without a due time it cannot be late: it just waits.
 */
export function pauseVerdict(method: OutboundMethod, dueAt: string | undefined, now: Date, pollMs = SAFE_MODE_POLL_MS): PauseVerdict {
  const due = dueAt ? new Date(dueAt).getTime() : NaN;
  const next = now.getTime() + pollMs;
  if (!Number.isFinite(due)) return { kind: 'wait', until: new Date(next) };
  const expiresAt = due + SAFE_MODE_LATENESS_MS[method];
  if (now.getTime() >= expiresAt) return { kind: 'expired', dueAt: new Date(due), lateMs: now.getTime() - due };
  return { kind: 'wait', until: new Date(Math.min(next, expiresAt)) };
}
