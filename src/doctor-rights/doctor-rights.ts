import type { Db } from '../db/index.js';
import type { DoctorSubject } from './doctor-subject.js';

export interface DoctorSummary {
  found: boolean;
  erased_opt_out?: boolean;
  doctor?: Record<string, unknown> & { id: string; phone: string | null; name: string | null; whatsapp_lid: string | null };
  state?: Record<string, unknown> & { permission_state: string };
  counts?: Record<string, number>;
  last_interaction_at?: string | null;
  controlled_by?: string | null;
}

export interface DoctorExport {
  found: boolean;
  erased_opt_out?: boolean;
  exported_at?: string;
  doctor?: Record<string, unknown>;
  identities?: { phone?: string; whatsapp_lid?: string };
  /** Every row that names the doctor or his conversations, by table. */
  data?: Record<string, Record<string, unknown>[]>;
}

export interface EraseResult {
  status: 'erased' | 'not_found' | 'already_erased';
  doctor_id?: string;
  conversations?: string[];
  opt_out_kept?: boolean;
  counts?: Record<string, number>;
}

const args = (s: DoctorSubject, actor?: string) => ({ p_phone: s.phone, p_lid: s.lid, ...(actor ? { p_actor: actor } : {}) });

/** A short summary of one doctor (migration 0263). */
export function doctorSummary(db: Db, subject: DoctorSubject): Promise<DoctorSummary> {
  return db.rpc<DoctorSummary>('doctor_summary', args(subject));
}

/** Everything Júlia holds about one doctor, as one document; audited. */
export function exportDoctor(db: Db, subject: DoctorSubject, actor: string): Promise<DoctorExport> {
  return db.rpc<DoctorExport>('doctor_export', args(subject, actor));
}

/**
 * Erases one doctor in one transaction (docs/decisions/0280-doctor-rights.md):
 * his personal data and conversations go; when he had opted out, a hash of his
 * number stays on the list so he is never contacted again. Audited; idempotent.
 */
export function eraseDoctor(db: Db, subject: DoctorSubject, actor: string): Promise<EraseResult> {
  return db.rpc<EraseResult>('doctor_erase', args(subject, actor));
}
