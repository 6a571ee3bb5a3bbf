import type { Db } from '../db/index.js';

/** One offer of a wave, with what its text needs (fill_offer_json). */
export interface PlannedOffer {
  shift_id: string;
  doctor_id: string;
  outbound_key: string;
  score: number;
  wave: number;
  name: string | null;
  city: string | null;
  region: string | null;
  specialty: string | null;
}

export type WaveResult = { ok: true; wave: number; offers: PlannedOffer[] } | { ok: false; reason: 'busy' | 'not_due' | 'not_open' };

/** The planner's SQL (supabase/migrations/0282_fill_ranking.sql, 0295_fill_empty_wave_stays_due.sql). */
export function createPlannerStore(db: Db) {
  return {
    sync: (now: Date, horizonDays: number) =>
      db.rpc<{ created: number; expired: number; lapsed: number; sent: number; blocked: number }>('fill_plan_sync', { p_now: now, p_horizon_days: horizonDays }),
    /** Who may be contacted now, whatever the shift: built once per run, read by every wave of it. */
    refreshCandidates: (now: Date, registrationRequired: boolean) =>
      db.rpc<{ candidates: number }>('fill_candidates_refresh', { p_now: now, p_registration_required: registrationRequired }),
    due: (now: Date, limit = 2000) => db.rpc<Array<{ shift_id: string; starts_at: string }>>('fill_due', { p_now: now, p_limit: limit }),
    wave: (shiftId: string, now: Date, p: { size: number; spacingS: number; ttlS: number }, registrationRequired: boolean) =>
      db.rpc<WaveResult>('fill_plan_wave', {
        p_shift_id: shiftId,
        p_now: now,
        p_size: p.size,
        p_spacing_s: p.spacingS,
        p_ttl_s: p.ttlS,
        p_registration_required: registrationRequired,
      }),
    /** An empty wave hands its plan back as due (0295_fill_empty_wave_stays_due.sql). */
    keepDue: (shiftId: string, wave: number, now: Date) => db.rpc<null>('fill_plan_keep_due', { p_shift_id: shiftId, p_wave: wave, p_now: now }),
    unsent: (before: Date, limit = 500) => db.rpc<PlannedOffer[]>('fill_unsent', { p_before: before, p_limit: limit }),
    withdrawable: (since: Date) => db.rpc<string[]>('fill_withdrawable', { p_since: since }),
  };
}
export type PlannerStore = ReturnType<typeof createPlannerStore>;
