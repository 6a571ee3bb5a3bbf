import { z } from 'zod';
import type { Db } from '../src/db/index.js';
import { awaitsTranscript, forStorage, inboundMessageSchema, RECORD_ONLY_KINDS, webhookAudioOf, type InboundMessage } from '../src/inbound/index.js';
import { fromMeVerdict } from '../src/senders/index.js';
import { safeJobId, type JobQueue, type Logger } from '../src/shared/index.js';
import { defineJob } from './job-definition.js';
import { MAX_VOICE_NOTE_BASE64 } from '../src/voice/index.js';

/**
 * The `inbound` job: persist the message and its doctor_inbound event in one
 * transaction (a redelivery is a no-op), then (re)arm the conversation's turn.
 */
export const inboundJob = defineJob({
  queue: 'inbound',
  payload: inboundMessageSchema.extend({ fromMeAttempt: z.number().int().min(0).default(0), changeAttempt: z.number().int().min(0).default(0) }),
  // Outlives a 15-minute database outage with margin (docs/decisions/0009-durability.md):
  // waits 1,2,4,...,32 s then 60 s each: retryWindowMs = 63 s + 33 x 60 s = 34 min.
  attempts: 40,
  backoffMs: 1_000,
  maxBackoffMs: 60_000,
  // A redelivered webhook is deduped by inbound_persist (unique provider id).
  dropOnComplete: true,
  // The message names the number Júlia answers: only the service may queue one.
  signed: true,
});

export interface InboundJobDeps {
  db: Db;
  queue: JobQueue;
  logger: Logger;
  turnDebounceMs: number;
  /** A transcription provider is configured: voice notes without Evolution's transcript are transcribed. */
  transcribes?: boolean;
  /** Texts the provider sends by itself from Júlia's number (the reject-call message): never a person. */
  automaticTexts?: readonly string[];
}

/** A fromMe with no matching send is re-checked this many times before we call it a human. */
const FROM_ME_RECHECKS = 3;
const FROM_ME_RECHECK_DELAY_MS = 10_000;

export function scheduleTurn(queue: JobQueue, conversationId: string, debounceMs: number) {
  return queue.enqueue('turn', { conversationId }, { debounce: { key: `turn-${conversationId}`, ttlMs: debounceMs } });
}

/**
 * Makes sure a turn is pending for the conversation without disturbing one that
 * is: a job already scheduled, running or waiting to retry stays as it is.
 */
export function ensureTurn(queue: JobQueue, conversationId: string, debounceMs: number) {
  return queue.enqueue('turn', { conversationId }, { debounce: { key: `turn-${conversationId}`, ttlMs: debounceMs, replace: false } });
}

/** An edit or revoke that arrives before the message it changes is looked at again this many times. */
const CHANGE_RECHECKS = 3;
const CHANGE_RECHECK_DELAY_MS = 5_000;

type InboundPayload = InboundMessage & { fromMeAttempt: number; changeAttempt?: number };

export function inboundHandler(deps: InboundJobDeps) {
  return async (message: InboundPayload) => {
    if (message.isGroup) {
      await deps.queue.enqueue('group-ingest', forStorage(message, false), { jobId: safeJobId('grp', message.instance, message.providerMessageId) });
      return { status: 'group' };
    }
    // Before fromMe: a change's key may be the sender's view (our own number, fromMe), never a person on our phone.
    if (message.kind === 'edit' || message.kind === 'delete') return handleChange(deps, message);
    if (RECORD_ONLY_KINDS.has(message.kind)) {
      if (message.fromMe) return { status: 'ignored' };
      return deps.db.rpc('inbound_record', { p_message: message });
    }
    if (message.fromMe) return handleFromMe(deps, message);
    const transcribe = deps.transcribes === true && awaitsTranscript(message);
    const r = await deps.db.rpc<{ status: 'created' | 'duplicate'; conversationId: string }>('inbound_persist', { p_message: forStorage(message, transcribe) });
    if (!message.triggersTurn) return r;
    if (transcribe) {
      // The transcription job arms the turn; on a redelivery it finds the note settled and only makes sure of it.
      const file = webhookAudioOf(message);
      const payload = { instance: message.instance, providerMessageId: message.providerMessageId, ...(file && file.length <= MAX_VOICE_NOTE_BASE64 ? { mediaBase64: file } : {}) };
      await deps.queue.enqueue('transcribe', payload, { jobId: safeJobId('tr', message.instance, message.providerMessageId) });
      return r;
    }
    if (r.status === 'created') {
      await scheduleTurn(deps.queue, r.conversationId, deps.turnDebounceMs);
    } else {
      // A retry after dying between the insert and the schedule lands here: if the
      // message still waits for an answer, its turn must exist (a no-op when it does).
      const t = await deps.db.rpc<{ conversationId: string | null; pending: boolean }>('inbound_turn_needed', {
        p_instance: message.instance,
        p_provider_message_id: message.providerMessageId,
      });
      if (t.pending && t.conversationId) await ensureTurn(deps.queue, t.conversationId, deps.turnDebounceMs);
    }
    return r;
  };
}

/**
 * An edit or revoke applies to the message it targets (docs/decisions/0240-message-kinds.md):
 * a pending message is answered once, on its edited text, or withdrawn; a handled
 * one keeps the change on record. A change that beats its target here is looked
 * at again; one whose target never arrives is kept as the doctor's words when we
 * know whose chat it is (an edit is then answered as a correction), else dropped.
 */
async function handleChange(deps: InboundJobDeps, message: InboundPayload) {
  const r = await deps.db.rpc<{ status: string; conversationId?: string }>('inbound_change_apply', { p_message: message });
  if (r.status === 'applied' && r.conversationId) {
    // The doctor is still writing: the turn waits its debounce again and reads the edited text.
    await scheduleTurn(deps.queue, r.conversationId, deps.turnDebounceMs);
    return r;
  }
  if (r.status !== 'target_unknown') return r;
  const attempt = message.changeAttempt ?? 0;
  if (attempt < CHANGE_RECHECKS) {
    const next = attempt + 1;
    await deps.queue.enqueue('inbound', { ...message, changeAttempt: next }, {
      jobId: safeJobId('in', message.instance, message.providerMessageId, `change${next}`),
      delayMs: CHANGE_RECHECK_DELAY_MS * next,
    });
    return { status: 'target_pending_recheck' };
  }
  if (!message.phone && !message.lid) {
    deps.logger.info({ kind: message.kind }, 'a change to a message we never saw, from an unknown chat: dropped');
    return { status: 'dropped' };
  }
  if (message.kind === 'delete') return deps.db.rpc('inbound_record', { p_message: message });
  const stored = await deps.db.rpc<{ status: 'created' | 'duplicate'; conversationId: string }>('inbound_persist', { p_message: message });
  if (stored.status === 'created') await scheduleTurn(deps.queue, stored.conversationId, deps.turnDebounceMs);
  return stored;
}

async function handleFromMe(deps: InboundJobDeps, message: InboundMessage & { fromMeAttempt: number }) {
  const verdict = fromMeVerdict(message, deps.automaticTexts ?? []);
  if (!verdict.takeOver) {
    // Evolution's own text in a doctor's chat: kept (no text), so the call it answered gets nothing more from Júlia.
    if (verdict.reason === 'automatic_text' && (message.phone || message.lid)) {
      await deps.db.rpc('provider_text_seen', {
        p_instance: message.instance, p_provider_message_id: message.providerMessageId, p_phone: message.phone, p_lid: message.lid, p_reason: 'call_refusal',
      });
    }
    return { status: 'not_a_person', reason: verdict.reason };
  }
  const r = await deps.db.rpc<{ status: string; conversationId?: string }>('inbound_from_me', { p_message: message });
  if (r.status === 'in_flight' && message.fromMeAttempt < FROM_ME_RECHECKS) {
    // Our own send may not be recorded yet; look again later instead of waiting here.
    const next = message.fromMeAttempt + 1;
    await deps.queue.enqueue('inbound', { ...message, fromMeAttempt: next }, {
      jobId: safeJobId('in', message.instance, message.providerMessageId, `recheck${next}`),
      delayMs: FROM_ME_RECHECK_DELAY_MS,
    });
  }
  if (r.status === 'human_control') deps.logger.info({ conversationId: r.conversationId }, 'a person answered from the phone; human control');
  return r;
}
