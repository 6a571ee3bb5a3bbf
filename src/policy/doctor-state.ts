import type { Db } from '../db/index.js';
import { COOLING_OFF_MS } from './contact-policy.js';

export const PERMISSION_STATES = ['opted_in', 'opted_out', 'cooling_off'] as const;
export type PermissionState = (typeof PERMISSION_STATES)[number];

export interface DoctorState {
  doctor_id: string;
  permission_state: PermissionState;
  opted_out_at: string | null;
  opted_out_reason: string | null;
  cooling_off_until: string | null;
  next_allowed_at: string | null;
  contact_count_7d: number;
  last_inbound_at: string | null;
  last_outbound_at: string | null;
  last_proactive_at: string | null;
}

export interface PermissionChange extends DoctorState {
  previous: PermissionState | null;
  changed: boolean;
}

/**
 * doctor_state is the only home of a doctor's permission (spec 12.1). Every
 * transition goes through doctor_state_set_permission, which records a
 * permission_changed event in the same transaction (I6). Outbound transitions
 * (last_outbound_at, next_allowed_at, 7-day counter) are written by the
 * outbound recorder, in the send's own transaction.
 */
export interface DoctorPolicy {
  get(doctorId: string): Promise<DoctorState | null>;
  /** Every persisted inbound: last_inbound_at, and an expired cooling-off ends. */
  onInbound(doctorId: string, at: Date): Promise<DoctorState>;
  optOut(doctorId: string, reason: string, actor: string, at?: Date): Promise<PermissionChange>;
  optIn(doctorId: string, reason: string, actor: string, at?: Date): Promise<PermissionChange>;
  /** Grave objection: no proactive contact until `until` (default 30 days). */
  coolOff(doctorId: string, reason: string, actor: string, at?: Date, until?: Date): Promise<PermissionChange>;
}

export function createDoctorPolicy(db: Db, now: () => Date = () => new Date()): DoctorPolicy {
  const set = (doctorId: string, state: PermissionState, reason: string, actor: string, at: Date, until?: Date) =>
    db.rpc<PermissionChange>('doctor_state_set_permission', {
      p_doctor_id: doctorId,
      p_state: state,
      p_reason: reason,
      p_until: until ?? null,
      p_actor: actor,
      p_now: at,
    });
  return {
    get: (doctorId) => db.rpc<DoctorState | null>('doctor_state_get', { p_doctor_id: doctorId }),
    onInbound: (doctorId, at) => db.rpc<DoctorState>('doctor_state_on_inbound', { p_doctor_id: doctorId, p_at: at }),
    optOut: (doctorId, reason, actor, at = now()) => set(doctorId, 'opted_out', reason, actor, at),
    optIn: (doctorId, reason, actor, at = now()) => set(doctorId, 'opted_in', reason, actor, at),
    coolOff: (doctorId, reason, actor, at = now(), until) =>
      set(doctorId, 'cooling_off', reason, actor, at, until ?? new Date(at.getTime() + COOLING_OFF_MS)),
  };
}
