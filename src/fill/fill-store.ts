import type { Db } from '../db/index.js';

/** One doctor already asked about a shift. */
export interface FillAsked {
  doctor_id: string;
  name: string | null;
  status: FillOfferStatus;
  wave: number;
  score: number;
  sent_at: string | null;
}

export type FillPlanStatus = 'active' | 'filled' | 'cancelled' | 'expired' | 'off';
export type FillOfferStatus = 'planned' | 'sent' | 'blocked' | 'withdrawn' | 'accepted' | 'refused' | 'expired';

/** A shift in the horizon as `status` shows it; plan_status is null while no plan exists yet. */
export interface FillShiftStatus {
  shift_id: string;
  hospital: string;
  specialty: string;
  starts_at: string;
  wave: number;
  offers_sent: number;
  answers: { accepted: number; refused: number; pending: number };
  hours_left: number;
  plan_status: FillPlanStatus | null;
  next_wave_at: string | null;
  asked: FillAsked[];
}

/** Each part of a score: its points and a short reason in Portuguese. */
export type ScoreParts = Record<string, { value: number; reason: string }>;

export interface FillExplanation {
  score: number;
  parts: ScoreParts;
  status: FillOfferStatus;
  wave: number;
  sent_at: string | null;
}

/** Over plans started in [since, until), cancelled shifts left out; time to fill counts from the plan's start. */
export interface FillMetrics {
  shifts: number;
  filled: number;
  fill_rate: number | null;
  median_time_to_fill_s: number | null;
  offers_per_filled_shift: number | null;
  median_lead_hours: number | null;
}

export interface FillDueAlert {
  shift_id: string;
  hospital: string;
  specialty: string;
  starts_at: string;
  hours_left: number;
  plan_status: FillPlanStatus | null;
  wave: number;
  asked: FillAsked[];
}

/** The fill-plan tables, only through their SQL functions (supabase/migrations/0280_fill_plans.sql). */
export function createFillStore(db: Db) {
  return {
    status: (now: Date, horizonDays = 20) => db.rpc<FillShiftStatus[]>('fill_status', { p_now: now, p_horizon_days: horizonDays }),
    explain: (shiftId: string, doctorId: string) => db.rpc<FillExplanation | null>('fill_offer_explain', { p_shift_id: shiftId, p_doctor_id: doctorId }),
    metrics: (since: Date, until: Date) => db.rpc<FillMetrics>('fill_metrics', { p_since: since, p_until: until }),
    setHospitalEnabled: (hospitalId: string, enabled: boolean, actor: string, now?: Date) =>
      db.rpc<{ hospital_id: string; enabled: boolean; plans_changed: number }>('fill_set_enabled', {
        p_hospital_id: hospitalId,
        p_enabled: enabled,
        p_actor: actor,
        p_now: now ?? new Date(),
      }),
    hospitalSettings: () =>
      db.rpc<Array<{ hospital_id: string; hospital: string; enabled: boolean; updated_by: string; updated_at: string }>>('fill_hospital_settings_list'),
    dueAlerts: (now: Date, beforeHours: number) => db.rpc<FillDueAlert[]>('fill_due_alerts', { p_now: now, p_before_hours: beforeHours }),
    markAlerted: (shiftId: string, now: Date) => db.rpc<{ marked: boolean }>('fill_mark_alerted', { p_shift_id: shiftId, p_now: now }),
  };
}
export type FillStore = ReturnType<typeof createFillStore>;
