import type { Db } from '../db/index.js';
import type { LlmClient } from '../integrations/anthropic/index.js';
import { normalizePhone, type Clock, type Logger } from '../shared/index.js';
import { extractShifts } from './extract-shifts.js';
import type { ExtractedShift } from './extraction-schema.js';
import { looksLikeOffer } from './heuristic.js';
import { resolveShiftTimes } from './resolve-date.js';

export interface GroupProcessorDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  /** Absent without ANTHROPIC_API_KEY: likely offers then stay pending. */
  llm?: LlmClient;
  model: string;
  prompt: string;
}

interface StoredMessage {
  id: string;
  groupJid: string;
  kind: string;
  body: string | null;
  sentAt: string;
  status: string;
  /** Its group is on the allow-list now (group_access). */
  allowed: boolean;
}

export type ProcessOutcome =
  | { status: 'not_found' | 'already' | 'waiting_for_model' }
  | { status: 'ignored'; reason: 'grupo_nao_permitido' }
  | { status: 'discarded'; reason: string }
  | { status: 'parsed'; shifts: Array<{ id: string; status: string; reason: string | null; merged: boolean }> };

export interface GroupProcessor {
  process(messageId: string): Promise<ProcessOutcome>;
}

/** What SQL (group_shift_upsert) receives for one extracted shift. */
export function toSqlShift(s: ExtractedShift, sentAt: Date) {
  const { startsAt, endsAt } = resolveShiftTimes(s, sentAt);
  const contactDigits = s.contato ? s.contato.replace(/^.*wa\.me\//i, '') : null;
  return {
    hospital: s.hospital,
    specialty: s.especialidade,
    startsAt: startsAt?.toISOString() ?? null,
    endsAt: endsAt?.toISOString() ?? null,
    period: s.periodo,
    valueCents: s.valor !== null ? Math.round(s.valor * 100) : null,
    contact: contactDigits ? normalizePhone(contactDigits) : null,
    raw: s,
  };
}

/**
 * Pending group message → discarded chatter, or shifts deduped, scored and
 * decided in SQL (group_message_finish, one transaction). Running it twice, or
 * twice at once, settles the message once: only a pending message is finished.
 */
export function createGroupProcessor(deps: GroupProcessorDeps): GroupProcessor {
  let warnedNoModel = false;
  return {
    async process(messageId) {
      const msg = await deps.db.rpc<StoredMessage | null>('group_message_get', { p_id: messageId });
      if (!msg) return { status: 'not_found' };
      if (msg.status !== 'pending') return { status: 'already' };
      // Its group was denied after the post was saved (or before the allow-list existed):
      // kept for audit, never shown to the heuristics or the model.
      if (msg.allowed !== true) return ignore(messageId);
      const now = deps.clock.now();
      const guess = looksLikeOffer(msg.kind, msg.body);
      if (!guess.offer) return finishDiscarded(messageId, guess.reason);
      if (!deps.llm) {
        if (!warnedNoModel) {
          warnedNoModel = true;
          deps.logger.warn('ANTHROPIC_API_KEY ausente: mensagens de grupo com cara de vaga ficam pendentes até haver modelo');
        }
        return { status: 'waiting_for_model' };
      }
      const sentAt = new Date(msg.sentAt);
      // A model error propagates: the job retries with backoff and the message stays pending.
      const extraction = await extractShifts({ llm: deps.llm, model: deps.model, prompt: deps.prompt }, { body: msg.body ?? '', sentAt });
      if (!extraction.ok) {
        deps.logger.info({ messageId, reason: extraction.reason }, 'group message: model answer unreadable');
        return finishDiscarded(messageId, extraction.reason);
      }
      if (extraction.shifts.length === 0) return finishDiscarded(messageId, 'sem_vagas');
      const shifts = extraction.shifts.map((s) => toSqlShift(s, sentAt));
      const res = await deps.db.rpc<{ status: string; shifts?: Array<{ id: string; status: string; reason: string | null; merged: boolean }> }>(
        'group_message_finish',
        { p_message_id: messageId, p_outcome: 'parsed', p_reason: null, p_shifts: shifts, p_now: now },
      );
      if (res.status !== 'parsed') return { status: 'already' };
      deps.logger.info({ messageId, shifts: res.shifts?.length ?? 0 }, 'group message parsed');
      return { status: 'parsed', shifts: res.shifts ?? [] };
    },
  };

  async function ignore(messageId: string): Promise<ProcessOutcome> {
    const res = await deps.db.rpc<{ status: string }>('group_message_ignore', { p_message_id: messageId, p_reason: 'grupo_nao_permitido', p_now: deps.clock.now() });
    return res.status === 'ignored' ? { status: 'ignored', reason: 'grupo_nao_permitido' } : { status: 'already' };
  }

  async function finishDiscarded(messageId: string, reason: string): Promise<ProcessOutcome> {
    const res = await deps.db.rpc<{ status: string }>('group_message_finish', {
      p_message_id: messageId, p_outcome: 'discarded', p_reason: reason, p_shifts: [], p_now: deps.clock.now(),
    });
    return res.status === 'discarded' ? { status: 'discarded', reason } : { status: 'already' };
  }
}
