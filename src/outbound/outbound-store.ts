import type { Db } from '../db/index.js';
import type { PermissionState } from '../policy/index.js';
import type { Recheck } from './guardrails.js';

export interface PreparedSend {
  doctor: { id: string; phone: string } | null;
  state: {
    permission_state: PermissionState;
    cooling_off_until: string | null;
    next_allowed_at: string | null;
    last_inbound_at: string | null;
    contacts_7d: number;
  };
  inbound: { id: string; occurred_at: string; instance: string | null } | null;
  /** The doctor's conversation: who controls it and its most recently arrived inbound. */
  conversation: { controlled_by: 'julia' | 'human'; latest_inbound_id: string | null } | null;
  last_instance: string | null;
  existing: ExistingSend | null;
}

export interface ExistingSend {
  id: string;
  status: 'reserved' | 'sent' | 'failed' | 'blocked' | 'deduped' | 'bypass';
  attempts: number;
  instance: string | null;
  created_at: string;
  last_attempt_at: string | null;
  rule: string | null;
  proactive: boolean;
  provider_message_id: string | null;
}

/** The row every outcome of one call is written against. */
export interface SendRow {
  idempotencyKey: string;
  doctorId: string;
  conversationId: string | null;
  phone: string;
  instance: string | null;
  method: string;
  contentHash: string;
  proactive: boolean;
  permissionState: PermissionState;
  actor: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const uuidOrNull = (v: string | undefined | null) => (v && UUID.test(v) ? v : null);

const rowArgs = (r: SendRow) => ({
  p_idempotency_key: r.idempotencyKey,
  p_doctor_id: r.doctorId,
  p_conversation_id: r.conversationId,
  p_phone: r.phone,
  p_instance: r.instance,
  p_method: r.method,
  p_content_hash: r.contentHash,
  p_proactive: r.proactive,
  p_permission_state: r.permissionState,
  p_actor: r.actor,
});

/** What outbound_begin needs to reserve a reply in the same call (migration 0180). */
export interface ReplyReservation {
  method: string;
  content_hash: string;
  actor: string;
  checks: Recheck & { reattempt: false };
  instance: string | null;
  instances: string[];
  proof_window_ms: number;
}

export type ReserveAnswer = { status: 'reserved' | 'deduped' | 'in_doubt' | 'wait' | 'withdrawn' | ExistingSend['status']; id: string; rule?: string; replay?: boolean };

/** Thin typed wrappers over the SQL functions of migration 0010. */
export function createOutboundStore(db: Db) {
  return {
    prepare: (doctorId: string, idempotencyKey: string, inboundId: string | null, now: Date, conversationId: string | null = null) =>
      db.rpc<PreparedSend>('outbound_prepare', {
        p_doctor_id: doctorId,
        p_idempotency_key: idempotencyKey,
        p_inbound_interaction_id: inboundId,
        p_now: now,
        p_conversation_id: conversationId,
      }),
    /** outbound_prepare, and for a reply expected to go out, outbound_reserve_checked in the same call (migration 0180). */
    begin: (doctorId: string, idempotencyKey: string, inboundId: string | null, now: Date, conversationId: string | null, reserve: ReplyReservation) =>
      db.rpc<PreparedSend & { reservation?: ReserveAnswer; reserved_instance?: string }>('outbound_begin', {
        p_doctor_id: doctorId,
        p_idempotency_key: idempotencyKey,
        p_inbound_interaction_id: inboundId,
        p_now: now,
        p_conversation_id: conversationId,
        p_reserve: reserve,
      }),
    reserve: (row: SendRow, extra: { inboundId: string | null; bypassReason: string | null; bypassedRule: string | null }, now: Date) =>
      db.rpc<{ status: 'reserved' | 'deduped' | 'in_doubt' | ExistingSend['status']; id: string }>('outbound_reserve', {
        ...rowArgs(row),
        p_inbound_interaction_id: extra.inboundId,
        p_bypass_reason: extra.bypassReason,
        p_bypassed_rule: extra.bypassedRule,
        p_now: now,
      }),
    /** Dedupe, reservation and the decisive rules re-checked, under the per-phone lock (migration 0080). */
    reserveChecked: (
      row: SendRow,
      extra: { inboundId: string | null; bypassReason: string | null; bypassedRule: string | null; checks: Recheck & { reattempt: boolean; seen_attempts?: number } },
      now: Date,
    ) =>
      db.rpc<ReserveAnswer>(
        'outbound_reserve_checked',
        {
          ...rowArgs(row),
          p_inbound_interaction_id: extra.inboundId,
          p_bypass_reason: extra.bypassReason,
          p_bypassed_rule: extra.bypassedRule,
          p_checks: extra.checks,
          p_now: now,
        },
      ),
    /** Every address the doctor's chat may be filed under (reconciliation). */
    addresses: (doctorId: string) => db.rpc<{ phone: string | null; lid: string | null } | null>('outbound_doctor_addresses', { p_doctor_id: doctorId }),
    attempt: (id: string, now: Date) => db.rpc('outbound_attempt', { p_id: id, p_now: now }),
    release: (id: string) => db.rpc('outbound_release', { p_id: id }),
    recordSent: (
      id: string,
      sent: { providerMessageId: string; body: string; instance: string; nextAllowedAt: Date; props: Record<string, unknown> },
      now: Date,
    ) =>
      db.rpc<{ status: string; id: string; interaction_id: string; event_type?: 'doctor_outbound' | 'outbound_bypass'; replay?: boolean }>(
        'outbound_record_sent',
        {
          p_id: id,
          p_provider_message_id: sent.providerMessageId,
          p_body: sent.body,
          p_instance: sent.instance,
          p_next_allowed_at: sent.nextAllowedAt,
          p_props: sent.props,
          p_now: now,
        },
      ),
    recordBlocked: (row: SendRow, rule: string, status: 'blocked' | 'failed', props: Record<string, unknown>, now: Date) =>
      db.rpc<{ status: string; id: string; rule: string; replay?: boolean }>('outbound_record_blocked', {
        ...rowArgs(row),
        p_rule: rule,
        p_status: status,
        p_props: props,
        p_now: now,
      }),
  };
}

export type OutboundStore = ReturnType<typeof createOutboundStore>;
